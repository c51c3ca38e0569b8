"""String and item columns of a recall index snapshot (``snapshot_columns``): written, and read back lazily.

A string column is a code per row (-1 for None) against its distinct values,
stored as UTF-8 bytes with end offsets; a row of strings (a tuple, a set) is
a run of such codes with row offsets. Items are one column per field:
strings coded, times as integer microseconds since the epoch (UTC), numbers
as arrays, ``source``/``history``/``meta`` as JSON texts (most are "[]" or
"{}"). ``ItemColumns.item`` makes one item from its row, when its slot is
first read.
"""

from __future__ import annotations

import dataclasses
import json
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import numpy as np

from memory_core.model import MemoryItem, Revision

__all__ = ["LISTED_COLUMNS", "ItemColumns", "Strings", "encode_items", "flatten", "put_rows", "put_strings",
           "row_reader", "rows_of"]

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_NO_TIME = np.iinfo(np.int64).min
_FIELDS = tuple(f.name for f in dataclasses.fields(MemoryItem))
_CODED = ("id", "user_id", "description", "theme", "kind", "status", "trust", "key", "speaker")
_TIMES = ("created_at", "updated_at", "valid_from", "valid_until", "last_used_at")
_NUMBERS = {"hit": np.int64, "confidence": np.float64, "importance": np.float64}
_AS_JSON = ("source", "history", "meta")  # per item a JSON text, coded (most are "[]" or "{}")
#: Item columns read as lists of Python numbers once an item is made (times, numbers, string codes, rows).
LISTED_COLUMNS = len(_TIMES) + len(_NUMBERS) + len(_CODED) + len(_AS_JSON) + 1
_UNKNOWN = set(_FIELDS) - set(_CODED) - set(_TIMES) - set(_NUMBERS) - set(_AS_JSON)
if _UNKNOWN:  # pragma: no cover - a new item field needs a column here (tests round-trip every field)
    raise RuntimeError(f"snapshot columns do not know the item fields {sorted(_UNKNOWN)}")
T = TypeVar("T")



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


def put_strings(out: dict[str, np.ndarray], name: str, values: Iterable[str | None]) -> None:
    out[name], out[f"{name}.blob"], out[f"{name}.ends"] = _strings(values)


def flatten(rows: Iterable[Iterable[T]]) -> tuple[list[T], list[int]]:
    """Rows as (their values one after another, end offsets): ``ends`` has len(rows) + 1 entries, from 0.

    Row i is ``flat[ends[i]:ends[i + 1]]``; ``[[1, 2], [], [3]]`` gives ``([1, 2, 3], [0, 2, 2, 3])``.
    """
    flat: list[T] = []
    ends = [0]
    for row in rows:
        flat.extend(row)
        ends.append(len(flat))
    return flat, ends


def put_rows(out: dict[str, np.ndarray], name: str, rows: Iterable[Iterable[str]]) -> None:
    """Rows of strings (tuples, sets) as one string column and the rows' end offsets."""
    flat, ends = flatten(rows)
    put_strings(out, name, flat)
    out[f"{name}.rows"] = np.array(ends, dtype=np.int64)


def _listed(arr: np.ndarray) -> list[Any] | np.ndarray:
    """A short column as a list (read often, element by element), a long one as it is (listing it costs more)."""
    return arr.tolist() if arr.shape[0] <= _LISTED_UP_TO else arr


class Strings:
    """A string column ``put_strings`` wrote: one value, or all of them (the distinct ones decoded once)."""

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

    def code_of(self, value: str) -> int | None:
        """The code of a distinct value, or None when the column has no such value (a search of its bytes)."""
        needle = value.encode("utf-8", "surrogatepass")
        ends, blob = self._ends, self._blob
        if not needle:
            return next((c for c in range(len(ends) - 1) if ends[c] == ends[c + 1]), None)
        at = blob.find(needle)
        while at >= 0:
            code = bisect_right(ends, at) - 1  # the (non-empty) value starting at ``at``, if one does
            if code < len(ends) - 1 and ends[code] == at and ends[code + 1] == at + len(needle):
                return code
            at = blob.find(needle, at + 1)
        return None

    def rows_with(self, code: int) -> list[int]:
        """The rows holding a code (ascending)."""
        codes = self.codes
        if isinstance(codes, list):
            return [i for i, c in enumerate(codes) if c == code]
        return np.flatnonzero(codes == code).tolist()

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


def rows_of(arrays: dict[str, np.ndarray], name: str) -> list[list[str]]:
    """Every row ``put_rows`` wrote."""
    values, ends = Strings(arrays, name).all(), arrays[f"{name}.rows"].tolist()
    return [values[ends[i]:ends[i + 1]] for i in range(len(ends) - 1)]


def row_reader(arrays: dict[str, np.ndarray], name: str, make: Callable[[list[str]], T],
                empty: T) -> Callable[[int], T]:
    """Row i of ``put_rows``'s column as ``make(values)`` (``empty`` for an empty row), for a ``LazyList``."""
    ends = arrays[f"{name}.rows"]
    column: list[Strings] = []

    def read(i: int) -> T:
        lo, hi = int(ends[i]), int(ends[i + 1])
        if lo == hi:
            return empty
        if not column:
            column.append(Strings(arrays, name))
        return make([column[0].at(j) or "" for j in range(lo, hi)])
    return read


def encode_items(items: Sequence[MemoryItem | None], out: dict[str, np.ndarray]) -> None:
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
        put_strings(out, f"items.{name}", values)
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


class ItemColumns:
    """Reads one item from the columns ``encode_items`` wrote (a column read on first use)."""

    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        self._arrays = arrays
        self.row_of = _listed(np.cumsum(arrays["items.alive"]) - 1)  # slot -> row of the live items' columns
        self._texts: dict[str, Strings] = {}
        self._numbers: dict[str, tuple[list[Any] | np.ndarray, type]] = {}

    def strings(self, name: str) -> Strings:
        col = self._texts.get(name)
        if col is None:
            col = self._texts[name] = Strings(self._arrays, f"items.{name}")
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
