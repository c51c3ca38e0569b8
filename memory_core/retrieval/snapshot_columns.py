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
- seed terms, names, turn texts: computed on their first read (a catch-up or
  a rerank that needs them), not on load;
- the maps a catch-up changes (item id → slot, source turns → group, turn →
  slots, key → slots, turn → position): ``column_map.ColumnMap``, each key
  read from its column when asked for, the whole map made only when
  iterated (a save, a compaction); a replaced document's terms are found by
  a scan of its signal's postings (``SCANS_BEFORE_SORT``), so a catch-up of
  a few items touches those items, not all of them.

Each BM25 signal is written with its append segment folded into the base
postings and its tombstones dropped from them (slots keep their numbers), so
the loaded index has no append segment; scores are the same floats (the
postings of a term are the same slots and term frequencies, in slot order).

No pickle: a snapshot holds data only. Unloading 100,000 item objects took
longer than the build (``RESULTS.md``, issue 17).
"""

from __future__ import annotations

import json
import weakref
from array import array
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from memory_core.decay import Decay
from memory_core.retrieval.aliases import AliasTable
from memory_core.retrieval.column_map import ColumnMap
from memory_core.retrieval.dense import DenseIndex
from memory_core.retrieval.entities import SpeakerMatcher
from memory_core.retrieval.item_table import ItemTable
from memory_core.retrieval.lazy import UNREAD, LazyList
from memory_core.retrieval.live_bm25 import LiveBM25, csr
from memory_core.retrieval.snapshot_text import (
    LISTED_COLUMNS,
    ItemColumns,
    Strings,
    encode_items,
    flatten,
    put_rows,
    put_strings,
    row_reader,
    rows_of,
)

__all__ = ["decode", "encode"]

_BM25_SCALARS = ("k1", "b", "epsilon", "min_idf", "n_docs", "n_live", "avgdl", "_total", "_n_aside", "_total_aside")
_BM25_ARRAYS = ("doc_len", "alive", "aside", "_df", "_df_aside", "_idf", "_norm")
_TABLE_ARRAYS = ("_importance", "_rate", "_base", "times", "hits", "_log_hits", "alive", "weak")
_STATE_SCALARS = ("window", "version", "last_seq", "changes", "_object_bytes", "_turn_chars", "dense_seen")
_STATE_ARRAYS = ("_speaker_codes", "_has_window", "_stale")
_NO_NAMES: tuple[str, ...] = ()
#: Documents of a loaded signal whose terms are found by a scan of its postings (one pass each) before
#: the postings by document are made (a sort of them all: at 100,000 items ~30 scans' worth).
SCANS_BEFORE_SORT = 32
#: Bytes of the numpy object of one loaded member array, and of one listed number (a float or int and its
#: slot), as a loaded index holds them (tracemalloc, 100-item indexes; see ``held_bytes``).
ARRAY_OBJECT_BYTES = 112
LISTED_BYTES = 32
_NO_KEYS: frozenset[str] = frozenset()


def _text(value: Any) -> np.ndarray:
    return np.frombuffer(json.dumps(value).encode(), dtype=np.uint8)


def _untext(data: np.ndarray) -> Any:
    return json.loads(data.tobytes())


def _ragged(rows: Iterable[Iterable[int]], dtype: type = np.int64) -> tuple[np.ndarray, np.ndarray]:
    """Rows of ints as (flat ``dtype``, offsets int64 of length rows + 1)."""
    flat, ends = flatten(rows)
    return np.array(flat, dtype=dtype), np.array(ends, dtype=np.int64)


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
                 tombstones=0, _delta={}, _x_post={}, _delta_bytes=0, _cache={}, _tail={}, _patch={})

    owner = weakref.ref(lex)  # not ``lex`` itself: a cycle kept an evicted index's columns until a collection

    def by_document(name: str) -> Callable[[], Any]:
        def read() -> Any:
            """The base postings by document (``_drop`` and ``compact`` read them; a recall never does)."""
            lex = owner()
            assert lex is not None  # called through its own attribute
            b_docs, b_tf, b_starts = lex._b_docs, lex._b_tf, np.asarray(lex._b_starts)
            term = np.repeat(np.arange(b_starts.shape[0] - 1, dtype=np.int64), np.diff(b_starts))
            order = np.argsort(b_docs, kind="stable")
            counts = np.bincount(b_docs, minlength=lex.n_docs)
            values = {"_d_terms": term[order], "_d_tf": b_tf[order],
                      "_d_starts": np.concatenate(([0], np.cumsum(counts))).astype(np.int64)}
            for other, value in values.items():
                if other != name:
                    lex.__dict__.setdefault(other, value)
                    lex.__dict__["_lazy"].pop(other, None)
            return values[name]
        return read

    scans = [0]

    def base_terms(slot: int) -> np.ndarray:
        """A base document's term ids: while few were asked for, a scan of the postings, not a sort of them all."""
        lex = owner()
        assert lex is not None
        if "_d_terms" in lex.__dict__ or scans[0] >= SCANS_BEFORE_SORT:
            return lex._d_terms[lex._d_starts[slot]:lex._d_starts[slot + 1]]
        scans[0] += 1
        return np.searchsorted(lex._b_starts, np.flatnonzero(lex._b_docs == slot), side="right") - 1

    state["_base_terms"] = base_terms  # a catch-up that replaces a few documents reads only theirs
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
    encode_items(table.items, out)
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
        put_strings(out, name, counts)
        out[f"{name}.counts"] = np.array(list(counts.values()), dtype=np.int64)
    for name in ("turn_ids", "turn_session", "turn_text"):
        put_strings(out, name, getattr(index, f"_{name}"))
    put_rows(out, "group_of", index._group_of)
    out["group_of.values"] = np.array(list(index._group_of.values()), dtype=np.int64)
    put_rows(out, "name_terms", index._name_terms)
    put_rows(out, "lexicon_of", (sorted(k) for k in index._lexicon_of))
    out["copy_key"] = np.array(index._copy_key, dtype=np.int64)
    out["seed_rest"], out["seed_rest.ends"] = _ragged(index._seed_rest, np.int32)
    for name in ("slots_by_turn", "active_by_key", "ended_by_key"):
        by: dict[str, set[int]] = getattr(index, f"_{name}")
        put_strings(out, f"{name}.keys", by)
        out[name], out[f"{name}.ends"] = _ragged(sorted(s) for s in by.values())
    aliases: AliasTable | None = index.aliases
    meta["aliases"] = None if aliases is None else {
        part: [[k, sorted(list(t) for t in v)] for k, v in getattr(aliases, f"_{part}").items()]
        for part in ("alias", "long")}
    dense: DenseIndex | None = index.dense
    meta["dense"] = None if dense is None else {"dim": dense.dim, "n": dense._n, "turns": dense._turns is not None}
    if dense is not None:
        out["dense.items"] = dense._items[:dense._n]
        out["dense.prev"], out["dense.dot"] = dense._prev[:dense._n], dense._dot[:dense._n]
        if dense._turns is not None:
            out["dense.turns"] = dense._turns[:dense._n]
    return meta, out


def _by_key(name: str, arrays: dict[str, np.ndarray]) -> Callable[[], dict[str, set[int]]]:
    def read() -> dict[str, set[int]]:
        keys = Strings(arrays, f"{name}.keys").all()
        flat, ends = arrays[name].tolist(), arrays[f"{name}.ends"].tolist()
        return {k: set(flat[ends[i]:ends[i + 1]]) for i, k in enumerate(keys)}
    return read


class _Column:
    """A string column of distinct values (ids, keys), opened on first use: the row of a value."""

    def __init__(self, open_: Callable[[], Strings]) -> None:
        self._open = open_
        self._strings: Strings | None = None

    def row(self, value: str) -> int | None:
        if not isinstance(value, str):  # (an item without a key asks for None: no row holds it)
            return None
        if self._strings is None:
            self._strings = self._open()
        strings = self._strings
        code = strings.code_of(value)
        if code is None:
            return None
        if code < len(strings.codes) and int(strings.codes[code]) == code:  # distinct values: code i in row i
            return code
        rows = strings.rows_with(code)
        return rows[0] if rows else None


def _by_key_map(name: str, arrays: dict[str, np.ndarray]) -> ColumnMap[str, set[int]]:
    """``_by_key`` as a ``ColumnMap``: a key's slots read from the columns when asked for."""
    column, flat, ends = _Column(lambda: Strings(arrays, f"{name}.keys")), arrays[name], arrays[f"{name}.ends"]

    def find(key: str) -> set[int] | None:
        row = column.row(key)
        return None if row is None else set(flat[ends[row]:ends[row + 1]].tolist())
    return ColumnMap(find, _by_key(name, arrays), int(ends.shape[0] - 1))


def _group_map(arrays: dict[str, np.ndarray]) -> ColumnMap[tuple[str, ...], int]:
    """Source turns → near-copy group, a key's group read from the columns when asked for."""
    opened: list[Strings] = []
    flat, rows, values = arrays["group_of"], arrays["group_of.rows"], arrays["group_of.values"]

    def find(key: tuple[str, ...]) -> int | None:
        if not opened:
            opened.append(Strings(arrays, "group_of"))
        codes = [opened[0].code_of(k) for k in key]
        if not codes or None in codes:
            return None
        for at in np.flatnonzero(flat == codes[0]).tolist():
            row = int(np.searchsorted(rows, at, side="right")) - 1
            if int(rows[row]) == at and int(rows[row + 1]) - at == len(codes) \
                    and flat[at:at + len(codes)].tolist() == codes:
                return int(values[row])
        return None

    def whole() -> dict[tuple[str, ...], int]:
        return dict(zip(map(tuple, rows_of(arrays, "group_of")), values.tolist(), strict=True))
    return ColumnMap(find, whole, int(values.shape[0]))


def held_bytes(arrays: dict[str, np.ndarray], direct: set[str]) -> int:
    """Bytes a loaded index holds for its columns beyond what its parts count (``HybridState.nbytes``).

    The columns its items and maps are made from, and what reading them makes: a numpy object per
    member (``ARRAY_OBJECT_BYTES``), a copy of each text column's bytes, a Python number per row of the
    item time and number columns. Without the last three a 100-item index loaded and searched held
    379 KiB (tracemalloc) against an estimate of 292 KiB, and a full cache of them grew the process
    past its memory ceiling.
    """
    data = sum(a.nbytes for name, a in arrays.items() if name not in direct)
    texts = sum(a.nbytes for name, a in arrays.items() if name.endswith(".blob"))
    rows = int(arrays["items.alive"].shape[0]) if "items.alive" in arrays else 0
    return data + texts + ARRAY_OBJECT_BYTES * len(arrays) + LISTED_BYTES * rows * LISTED_COLUMNS


def decode(meta: dict[str, Any], arrays: dict[str, np.ndarray], decay: Decay) -> dict[str, Any]:
    """The attributes of a ``HybridIndex`` from ``encode``'s output (per-item structures lazy, see the module).

    Raises:
        KeyError, ValueError, TypeError: the columns are not ``encode``'s (the caller builds instead).
    """
    state: dict[str, Any] = {name: meta[name] for name in _STATE_SCALARS}
    for name in _STATE_ARRAYS:
        state[name] = arrays[name]
    table = ItemTable.__new__(ItemTable)
    columns = ItemColumns(arrays)
    entries: list[Any] = [UNREAD] * arrays["items.alive"].shape[0]
    for slot in np.flatnonzero(~arrays["items.alive"]).tolist():
        entries[slot] = None
    table.__dict__.update({name: arrays[f"table.{name}"] for name in _TABLE_ARRAYS})
    table.__dict__.update(decay=decay, items=LazyList(entries, columns.item), newest=meta["table"]["newest"],
                          _codes=meta["table"]["codes"], _masks={}, _kept_boosts={},
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
    state["_name_terms"] = LazyList([UNREAD] * n_slots, row_reader(arrays, "name_terms", tuple, _NO_NAMES))
    state["_lexicon_of"] = LazyList([UNREAD] * n_slots, row_reader(arrays, "lexicon_of", frozenset, _NO_KEYS))
    alive = arrays["items.alive"]
    lazy: dict[str, Callable[[], Any]] = {
        "_superseded": lambda: Counter(dict(zip(Strings(arrays, "superseded").all(),
                                                arrays["superseded.counts"].tolist(), strict=True))),
        "_current": lambda: Counter(dict(zip(Strings(arrays, "current").all(), arrays["current.counts"].tolist(),
                                             strict=True))),
        "_turn_ids": lambda: Strings(arrays, "turn_ids").all(),
        "_turn_session": lambda: Strings(arrays, "turn_session").all(),
        "_turn_text": lambda: Strings(arrays, "turn_text").all(),
        "_copy_key": lambda: arrays["copy_key"].tolist(),
        "_named": lambda: SpeakerMatcher(small["people"]),
    }
    state["_lazy"] = lazy
    # the maps a catch-up changes: read key by key from the columns (``column_map``), made whole when iterated
    live_slots = np.flatnonzero(alive)
    ids = _Column(lambda: columns.strings("id"))
    turns = _Column(lambda: Strings(arrays, "turn_ids"))

    def slot_of(item_id: str) -> int | None:
        row = ids.row(item_id)
        return None if row is None else int(live_slots[row])

    state["_pos"] = ColumnMap(slot_of, lambda: dict(zip(columns.strings("id").all(), live_slots.tolist(),
                                                         strict=True)), int(live_slots.shape[0]))
    state["_turn_pos"] = ColumnMap(turns.row, lambda: {t: i for i, t in enumerate(Strings(arrays, "turn_ids").all())},
                                   int(meta.get("n_turns", 0)))
    state["_group_of"] = _group_map(arrays)
    for name in ("slots_by_turn", "active_by_key", "ended_by_key"):
        state[f"_{name}"] = _by_key_map(name, arrays)
    # the columns kept for what is made on first read (items, maps): counted as held until the index goes
    direct = {*(f"{p}.{n}" for p in ("lexical", "turns") for n in (*_BM25_ARRAYS, "_b_docs", "_b_tf", "_b_starts")),
              *(f"table.{n}" for n in _TABLE_ARRAYS), *(f"table.codes.{n}" for n in meta["table"]["codes"]),
              *_STATE_ARRAYS, "dense.items", "dense.turns", "dense.prev", "dense.dot"}
    state["_held_bytes"] = held_bytes(arrays, direct)
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
        if "dense.prev" in arrays:  # older snapshots have no reply links: they come back as vectors change
            dense._prev, dense._dot = np.array(arrays["dense.prev"]), np.array(arrays["dense.dot"])
        else:
            dense._prev, dense._dot = np.full(dense._n, -1, dtype=np.int32), np.zeros(dense._n, dtype=np.float32)
        state["dense"] = dense
    return state
