"""A recall index as columns: numpy arrays and JSON text, turned back into an index whose Python parts are lazy.

``encode(index)`` gives a flat ``{name: numpy array}`` (JSON text stored as
uint8 arrays) and a small JSON-able ``meta``; ``decode`` turns them back into
the attributes of a ``HybridIndex`` (``snapshot.restore_index``). What the
arrays of the index already are (postings, document lengths, idf, filters,
times, dense rows) is stored as is. The per-item Python structures are
stored by column and created only when read (``lazy``):

- items: each field a column (strings coded against a list of distinct
  values, times as integer microseconds, numbers as arrays); an item object
  is made the first time its slot is read (a recall reads a few dozen);
- maps by turn and by key, seed terms, names, turn texts: computed on their
  first read (a catch-up or a rerank that needs them), not on load.

Each BM25 signal is written with its append segment folded into the base
postings and its tombstones dropped from them (slots keep their numbers), so
the loaded index has no append segment; scores are the same floats (the
postings of a term are the same slots and term frequencies, in slot order).

No pickle: a snapshot holds data only. Unloading 100,000 item objects took
longer than the build (``RESULTS.md``, issue 17).
"""

from __future__ import annotations

import dataclasses
import json
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import numpy as np

from memory_core.decay import Decay
from memory_core.model import MemoryItem, Revision
from memory_core.retrieval.aliases import AliasTable
from memory_core.retrieval.dense import DenseIndex
from memory_core.retrieval.entities import SpeakerMatcher
from memory_core.retrieval.item_table import ItemTable
from memory_core.retrieval.lazy import UNREAD, LazyList
from memory_core.retrieval.live_bm25 import LiveBM25, csr

__all__ = ["decode", "encode"]

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_NO_TIME = np.iinfo(np.int64).min
_FIELDS = tuple(f.name for f in dataclasses.fields(MemoryItem))
_CODED = ("id", "user_id", "description", "theme", "kind", "status", "trust", "key", "speaker")
_TIMES = ("created_at", "updated_at", "valid_from", "valid_until", "last_used_at")
_NUMBERS = {"hit": np.int64, "confidence": np.float64, "importance": np.float64}
_AS_JSON = ("source", "history", "meta")  # per item a JSON text, coded (most are "[]" or "{}")
_UNKNOWN = set(_FIELDS) - set(_CODED) - set(_TIMES) - set(_NUMBERS) - set(_AS_JSON)
if _UNKNOWN:  # pragma: no cover - a new item field needs a column here (tests round-trip every field)
    raise RuntimeError(f"snapshot columns do not know the item fields {sorted(_UNKNOWN)}")
_BM25_SCALARS = ("k1", "b", "epsilon", "min_idf", "n_docs", "n_live", "avgdl", "_total")
_BM25_ARRAYS = ("doc_len", "alive", "_df", "_idf", "_norm")
_TABLE_ARRAYS = ("_importance", "_rate", "_base", "times", "hits", "_log_hits", "alive", "weak")
_STATE_SCALARS = ("window", "version", "last_seq", "changes", "_object_bytes", "_turn_chars", "dense_seen")
_STATE_ARRAYS = ("_speaker_codes", "_has_window", "_stale")
_NO_NAMES: tuple[str, ...] = ()
_NO_KEYS: frozenset[str] = frozenset()
T = TypeVar("T")


def _text(value: Any) -> np.ndarray:
    return np.frombuffer(json.dumps(value).encode(), dtype=np.uint8)


def _untext(data: np.ndarray) -> Any:
    return json.loads(data.tobytes())


def _ragged(rows: Iterable[Iterable[int]], dtype: type = np.int64) -> tuple[np.ndarray, np.ndarray]:
    """Rows of ints as (flat ``dtype``, offsets int64 of length rows + 1)."""
    flat: list[int] = []
    ends = [0]
    for row in rows:
        flat.extend(row)
        ends.append(len(flat))
    return np.array(flat, dtype=dtype), np.array(ends, dtype=np.int64)


# ── items ───────────────────────────────────────────────────────────────


def _micros(dt: datetime | None) -> int:
    if dt is None:
        return int(_NO_TIME)
    delta = dt - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


_REVISION_FIELDS = tuple(f.name for f in dataclasses.fields(Revision))
_LISTED_UP_TO = 20_000  # a column of at most this many rows is listed once (else read as array scalars)


def _revision_json(rev: Revision) -> dict[str, Any]:
    out = {name: getattr(rev, name) for name in _REVISION_FIELDS}
    out["at"] = _micros(rev.at)
    return out


def _json_text(value: Any) -> str:
    if not value:  # most items: no history, no meta
        return "null" if value is None else "[]" if isinstance(value, list) else "{}"
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _strings(values: Iterable[str | None]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(codes int32, -1 for None; the distinct values' UTF-8 bytes; their end offsets) of a string column."""
    vocab: dict[str, int] = {}
    codes = np.array([-1 if v is None else vocab.setdefault(v, len(vocab)) for v in values], dtype=np.int32)
    encoded = [v.encode("utf-8", "surrogatepass") for v in vocab]
    ends = np.zeros(len(encoded) + 1, dtype=np.int64)
    np.cumsum([len(e) for e in encoded], out=ends[1:])
    return codes, np.frombuffer(b"".join(encoded), dtype=np.uint8), ends


def _put_strings(out: dict[str, np.ndarray], name: str, values: Iterable[str | None]) -> None:
    out[name], out[f"{name}.blob"], out[f"{name}.ends"] = _strings(values)


def _put_rows(out: dict[str, np.ndarray], name: str, rows: Iterable[Iterable[str]]) -> None:
    """Rows of strings (tuples, sets) as one string column and the rows' end offsets."""
    flat: list[str] = []
    ends = [0]
    for row in rows:
        flat.extend(row)
        ends.append(len(flat))
    _put_strings(out, name, flat)
    out[f"{name}.rows"] = np.array(ends, dtype=np.int64)


def _listed(arr: np.ndarray) -> list[Any] | np.ndarray:
    """A short column as a list (read often, element by element), a long one as it is (listing it costs more)."""
    return arr.tolist() if arr.shape[0] <= _LISTED_UP_TO else arr


class _Strings:
    """A string column ``_put_strings`` wrote: one value, or all of them (the distinct ones decoded once)."""

    def __init__(self, arrays: dict[str, np.ndarray], name: str) -> None:
        self.codes = _listed(arrays[name])
        self._blob = arrays[f"{name}.blob"].tobytes()
        self._ends: list[int] = arrays[f"{name}.ends"].tolist()
        self._seen: dict[int, str] = {}

    def _value(self, code: int) -> str:
        value = self._seen.get(code)
        if value is None:
            value = self._blob[self._ends[code]:self._ends[code + 1]].decode("utf-8", "surrogatepass")
            if len(self._seen) < 4096:  # themes, kinds, speakers repeat; descriptions rarely
                self._seen[code] = value
        return value

    def at(self, i: int) -> str | None:
        code = int(self.codes[i])
        return None if code < 0 else self._value(code)

    def all(self) -> list[Any]:
        ends = self._ends
        try:  # ids, turn ids, most terms: ASCII, so byte offsets are character offsets (one decode for all)
            text = self._blob.decode("ascii")
        except UnicodeDecodeError:
            distinct = [self._blob[ends[c]:ends[c + 1]].decode("utf-8", "surrogatepass") for c in range(len(ends) - 1)]
        else:
            distinct = [text[ends[c]:ends[c + 1]] for c in range(len(ends) - 1)]
        codes = self.codes if isinstance(self.codes, list) else self.codes.tolist()
        return [None if c < 0 else distinct[c] for c in codes]


def _rows(arrays: dict[str, np.ndarray], name: str) -> list[list[str]]:
    """Every row ``_put_rows`` wrote."""
    values, ends = _Strings(arrays, name).all(), arrays[f"{name}.rows"].tolist()
    return [values[ends[i]:ends[i + 1]] for i in range(len(ends) - 1)]


def _row_reader(arrays: dict[str, np.ndarray], name: str, make: Callable[[list[str]], T],
                empty: T) -> Callable[[int], T]:
    """Row i of ``_put_rows``'s column as ``make(values)`` (``empty`` for an empty row), for a ``LazyList``."""
    ends = arrays[f"{name}.rows"]
    column: list[_Strings] = []

    def read(i: int) -> T:
        lo, hi = int(ends[i]), int(ends[i + 1])
        if lo == hi:
            return empty
        if not column:
            column.append(_Strings(arrays, name))
        return make([column[0].at(j) or "" for j in range(lo, hi)])
    return read


def _encode_items(items: Sequence[MemoryItem | None], out: dict[str, np.ndarray]) -> None:
    live = [i for i in items if i is not None]
    out["items.alive"] = np.array([i is not None for i in items], dtype=bool)
    for name in (*_CODED, *_AS_JSON):
        values: Iterable[str | None]
        if name == "history":
            values = (_json_text(i.history and [_revision_json(r) for r in i.history]) for i in live)
        elif name in _AS_JSON:
            values = (_json_text(getattr(i, name)) for i in live)
        else:
            values = (getattr(i, name) for i in live)
        _put_strings(out, f"items.{name}", values)
    for name in _TIMES:
        out[f"items.{name}"] = np.array([_micros(getattr(i, name)) for i in live], dtype=np.int64)
    for name, dtype in _NUMBERS.items():
        out[f"items.{name}"] = np.array([getattr(i, name) for i in live], dtype=dtype)


def _from_json(text: str | None) -> Any:
    """A JSON column's value (a new object each time: items never share their lists)."""
    if text == "[]":
        return []
    if text == "{}":
        return {}
    return None if text is None or text == "null" else json.loads(text)


class _ItemColumns:
    """Reads one item from the columns ``_encode_items`` wrote (a column read on first use)."""

    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        self._arrays = arrays
        self.row_of = _listed(np.cumsum(arrays["items.alive"]) - 1)  # slot -> row of the live items' columns
        self._texts: dict[str, _Strings] = {}
        self._numbers: dict[str, tuple[list[Any] | np.ndarray, type]] = {}

    def strings(self, name: str) -> _Strings:
        col = self._texts.get(name)
        if col is None:
            col = self._texts[name] = _Strings(self._arrays, f"items.{name}")
        return col

    def _number(self, name: str, row: int) -> Any:
        col = self._numbers.get(name)
        if col is None:
            arr = self._arrays[f"items.{name}"]
            col = self._numbers[name] = (_listed(arr), float if arr.dtype.kind == "f" else int)
        return col[1](col[0][row])

    def item(self, slot: int) -> MemoryItem:
        row = int(self.row_of[slot])
        values: dict[str, Any] = {name: self.strings(name).at(row) for name in _CODED}
        for name in _TIMES:
            us = self._number(name, row)
            values[name] = None if us == _NO_TIME else _EPOCH + timedelta(microseconds=us)
        for name in _NUMBERS:
            values[name] = self._number(name, row)
        source, history, meta = (_from_json(self.strings(name).at(row)) for name in _AS_JSON)
        values["source"], values["meta"] = source, meta
        values["history"] = None if history is None else [
            Revision(**{**r, "at": _EPOCH + timedelta(microseconds=r["at"])}) for r in history]
        return MemoryItem(**values)


# ── BM25 signals ────────────────────────────────────────────────────────


def _encode_bm25(lex: LiveBM25, prefix: str, out: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    """The signal with its append segment folded in and tombstones left out (slots unchanged)."""
    meta[prefix] = {name: getattr(lex, name) for name in _BM25_SCALARS}
    for name in _BM25_ARRAYS:
        out[f"{prefix}.{name}"] = getattr(lex, name)
    out[f"{prefix}.terms"] = _text(list(lex._term_of))
    if not lex._delta and lex._base_clean:
        b_docs, b_tf, b_starts = lex._b_docs, lex._b_tf, np.array(lex._b_starts, dtype=np.int64)
    else:
        terms: list[np.ndarray] = []
        tfs: list[np.ndarray] = []
        counts = np.zeros(lex.n_docs, dtype=np.int64)
        for slot in range(lex.n_docs):
            if slot in lex._delta:
                t, f = lex._delta[slot]
            elif lex._base_ok[slot]:
                lo, hi = lex._d_starts[slot], lex._d_starts[slot + 1]
                t, f = lex._d_terms[lo:hi], lex._d_tf[lo:hi]
            else:
                continue
            terms.append(t)
            tfs.append(f)
            counts[slot] = t.shape[0]
        d_terms = np.concatenate(terms) if terms else np.empty(0, dtype=np.int64)
        d_tf = np.concatenate(tfs) if tfs else np.empty(0, dtype=np.float64)
        docs = np.repeat(np.arange(lex.n_docs, dtype=np.int64), counts)
        (b_docs, b_tf), starts = csr(d_terms, [docs, d_tf], len(lex._term_of), docs)
        b_starts = np.array(starts, dtype=np.int64)
    for name, value in (("b_docs", b_docs), ("b_tf", b_tf), ("b_starts", b_starts)):  # by document: derived
        out[f"{prefix}._{name}"] = value


def _decode_bm25(prefix: str, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> LiveBM25:
    lex = LiveBM25.__new__(LiveBM25)
    state: dict[str, Any] = dict(meta[prefix])
    for name in _BM25_ARRAYS:
        state[name] = arrays[f"{prefix}.{name}"]
    terms = _untext(arrays[f"{prefix}.terms"])
    state.update(_term_of=dict(zip(terms, range(len(terms)), strict=True)), _terms=terms,
                 _b_docs=arrays[f"{prefix}._b_docs"], _b_tf=arrays[f"{prefix}._b_tf"],
                 _b_starts=arrays[f"{prefix}._b_starts"], _base_ok=state["alive"].copy(), _base_clean=True,
                 tombstones=0, _delta={}, _x_post={}, _delta_bytes=0, _cache={})

    def by_document(name: str) -> Callable[[], Any]:
        def read() -> Any:
            """The base postings by document (``_drop`` and ``compact`` read them; a recall never does)."""
            b_docs, b_tf, b_starts = state["_b_docs"], state["_b_tf"], state["_b_starts"]
            term = np.repeat(np.arange(b_starts.shape[0] - 1, dtype=np.int64), np.diff(b_starts))
            order = np.argsort(b_docs, kind="stable")
            counts = np.bincount(b_docs, minlength=state["n_docs"])
            values = {"_d_terms": term[order], "_d_tf": b_tf[order],
                      "_d_starts": np.concatenate(([0], np.cumsum(counts))).astype(np.int64)}
            for other, value in values.items():
                if other != name:
                    lex.__dict__.setdefault(other, value)
                    lex.__dict__["_lazy"].pop(other, None)
            return values[name]
        return read

    state["_lazy"] = {name: by_document(name) for name in ("_d_terms", "_d_tf", "_d_starts")}
    state["_lazy_len"] = {"_d_starts": state["n_docs"] + 1}
    lex.__dict__.update(state)
    return lex


# ── the index ───────────────────────────────────────────────────────────


def encode(index: Any) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """``(meta, arrays)`` of a ``HybridIndex`` (the caller holds its lock, or is a forked child).

    Raises:
        TypeError, ValueError: a value that has no column form (never for an index this package built).
    """
    out: dict[str, np.ndarray] = {}
    meta: dict[str, Any] = {name: getattr(index, name) for name in _STATE_SCALARS}
    meta.update(n_turns=len(index._turn_ids), n_groups=len(index._group_of))
    for name in _STATE_ARRAYS:
        out[name] = getattr(index, name)
    table = index.table
    _encode_items(table.items, out)
    for name in _TABLE_ARRAYS:
        out[f"table.{name}"] = getattr(table, name)
    for name, codes in table._arrays.items():
        out[f"table.codes.{name}"] = codes
    meta["table"] = {"newest": table.newest, "codes": table._codes}
    _encode_bm25(index.lexical, "lexical", out, meta)
    _encode_bm25(index.turns, "turns", out, meta)
    meta["small"] = {"lexicon": sorted(index.lexicon), "speakers": index.speakers, "people": index._people,
                     "lexicon_count": index._lexicon_count, "people_count": index._people_count,
                     "speaker_code": index._speaker_code}
    for name in ("superseded", "current"):
        counts: Counter[str] = getattr(index, f"_{name}")
        _put_strings(out, name, counts)
        out[f"{name}.counts"] = np.array(list(counts.values()), dtype=np.int64)
    for name in ("turn_ids", "turn_session", "turn_text"):
        _put_strings(out, name, getattr(index, f"_{name}"))
    _put_rows(out, "group_of", index._group_of)
    out["group_of.values"] = np.array(list(index._group_of.values()), dtype=np.int64)
    _put_rows(out, "name_terms", index._name_terms)
    _put_rows(out, "lexicon_of", (sorted(k) for k in index._lexicon_of))
    out["copy_key"] = np.array(index._copy_key, dtype=np.int64)
    out["seed_rest"], out["seed_rest.ends"] = _ragged(index._seed_rest, np.int32)
    for name in ("slots_by_turn", "active_by_key", "ended_by_key"):
        by: dict[str, set[int]] = getattr(index, f"_{name}")
        _put_strings(out, f"{name}.keys", by)
        out[name], out[f"{name}.ends"] = _ragged(sorted(s) for s in by.values())
    aliases: AliasTable | None = index.aliases
    meta["aliases"] = None if aliases is None else {
        part: [[k, sorted(list(t) for t in v)] for k, v in getattr(aliases, f"_{part}").items()]
        for part in ("alias", "long")}
    dense: DenseIndex | None = index.dense
    meta["dense"] = None if dense is None else {"dim": dense.dim, "n": dense._n, "turns": dense._turns is not None}
    if dense is not None:
        out["dense.items"] = dense._items[:dense._n]
        if dense._turns is not None:
            out["dense.turns"] = dense._turns[:dense._n]
    return meta, out


def _by_key(name: str, arrays: dict[str, np.ndarray]) -> Callable[[], dict[str, set[int]]]:
    def read() -> dict[str, set[int]]:
        keys = _Strings(arrays, f"{name}.keys").all()
        flat, ends = arrays[name].tolist(), arrays[f"{name}.ends"].tolist()
        return {k: set(flat[ends[i]:ends[i + 1]]) for i, k in enumerate(keys)}
    return read


def decode(meta: dict[str, Any], arrays: dict[str, np.ndarray], decay: Decay) -> dict[str, Any]:
    """The attributes of a ``HybridIndex`` from ``encode``'s output (per-item structures lazy, see the module).

    Raises:
        KeyError, ValueError, TypeError: the columns are not ``encode``'s (the caller builds instead).
    """
    state: dict[str, Any] = {name: meta[name] for name in _STATE_SCALARS}
    for name in _STATE_ARRAYS:
        state[name] = arrays[name]
    table = ItemTable.__new__(ItemTable)
    columns = _ItemColumns(arrays)
    entries: list[Any] = [UNREAD] * arrays["items.alive"].shape[0]
    for slot in np.flatnonzero(~arrays["items.alive"]).tolist():
        entries[slot] = None
    table.__dict__.update({name: arrays[f"table.{name}"] for name in _TABLE_ARRAYS})
    table.__dict__.update(decay=decay, items=LazyList(entries, columns.item), newest=meta["table"]["newest"],
                          _codes=meta["table"]["codes"], _masks={}, _whole_boosts={}, _whole_asked=set(),
                          _arrays={name: arrays[f"table.codes.{name}"] for name in meta["table"]["codes"]})
    state.update(table=table, lexical=_decode_bm25("lexical", arrays, meta), turns=_decode_bm25("turns", arrays, meta))
    small = meta["small"]
    state.update(lexicon=frozenset(small["lexicon"]), speakers=small["speakers"], _people=small["people"],
                 _lexicon_count=Counter(small["lexicon_count"]), _people_count=Counter(small["people_count"]),
                 _speaker_code=small["speaker_code"], changing=False, _names={}, _word_counts={}, _marks={})
    seed_flat, seed_ends = arrays["seed_rest"], arrays["seed_rest.ends"]

    def seed_rest(slot: int) -> array[int]:
        rest: array[int] = array("i")
        rest.frombytes(seed_flat[seed_ends[slot]:seed_ends[slot + 1]].astype(np.int32).tobytes())
        return rest

    n_slots = len(entries)
    state["_seed_rest"] = LazyList([UNREAD] * n_slots, seed_rest)
    state["_name_terms"] = LazyList([UNREAD] * n_slots, _row_reader(arrays, "name_terms", tuple, _NO_NAMES))
    state["_lexicon_of"] = LazyList([UNREAD] * n_slots, _row_reader(arrays, "lexicon_of", frozenset, _NO_KEYS))
    alive = arrays["items.alive"]
    lazy: dict[str, Callable[[], Any]] = {
        "_pos": lambda: dict(zip(columns.strings("id").all(), np.flatnonzero(alive).tolist(), strict=True)),
        "_superseded": lambda: Counter(dict(zip(_Strings(arrays, "superseded").all(),
                                                arrays["superseded.counts"].tolist(), strict=True))),
        "_current": lambda: Counter(dict(zip(_Strings(arrays, "current").all(), arrays["current.counts"].tolist(),
                                             strict=True))),
        "_turn_ids": lambda: _Strings(arrays, "turn_ids").all(),
        "_turn_session": lambda: _Strings(arrays, "turn_session").all(),
        "_turn_text": lambda: _Strings(arrays, "turn_text").all(),
        "_turn_pos": lambda: {t: i for i, t in enumerate(_Strings(arrays, "turn_ids").all())},
        "_group_of": lambda: dict(zip(map(tuple, _rows(arrays, "group_of")), arrays["group_of.values"].tolist(),
                                      strict=True)),
        "_copy_key": lambda: arrays["copy_key"].tolist(),
        "_named": lambda: SpeakerMatcher(small["people"]),
        "_slots_by_turn": _by_key("slots_by_turn", arrays),
        "_active_by_key": _by_key("active_by_key", arrays),
        "_ended_by_key": _by_key("ended_by_key", arrays),
    }
    state["_lazy"] = lazy
    n_live = int(alive.sum())
    n_turns = int(meta.get("n_turns", 0))
    state["_lazy_len"] = {"_pos": n_live, "_turn_pos": n_turns, "_group_of": int(meta.get("n_groups", 0)),
                          "_slots_by_turn": int(arrays["slots_by_turn.ends"].shape[0] - 1)}
    if meta["aliases"] is not None:
        aliases = AliasTable()
        aliases._alias = {k: {tuple(t) for t in v} for k, v in meta["aliases"]["alias"]}
        aliases._long = {k: {tuple(t) for t in v} for k, v in meta["aliases"]["long"]}
        state["aliases"] = aliases
    if meta["dense"] is not None:
        dense = DenseIndex(meta["dense"]["dim"])
        dense._items = arrays["dense.items"]
        dense._turns = arrays["dense.turns"] if meta["dense"]["turns"] else None
        dense._n = meta["dense"]["n"]
        state["dense"] = dense
    return state
