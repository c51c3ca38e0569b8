"""A map read from a loaded index's stored columns one key at a time: a catch-up touches what it changes.

An index loaded from its column snapshot (``snapshot_columns``) made its maps
(item id → slot, source turns → near-copy group, turn → slots, key → slots,
turn → position) whole on the first change applied to it: at 100,000 items
0.1-0.2 s of CPU for a catch-up of a handful of items (``RESULTS.md``, issue
17). ``ColumnMap`` answers a key from the stored column instead (``find``:
a search of the column's UTF-8 bytes, then the row that holds the key, see
``snapshot_text.Strings.code_of``), keeps what is read or written in an
overlay, and makes the whole dict only when iterated, or once more than
``WHOLE_AFTER`` keys were looked up (from there a dict is cheaper than more
searches: each search is a pass over the column's bytes).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableMapping
from typing import Any, Generic, TypeVar

__all__ = ["WHOLE_AFTER", "ColumnMap"]

K = TypeVar("K")
V = TypeVar("V")
_ABSENT: Any = object()
#: Lookups of the stored column before the whole dict is made instead (each one a pass over the column).
WHOLE_AFTER = 64


class ColumnMap(MutableMapping[K, V], Generic[K, V]):
    """A ``dict`` whose stored part is searched key by key until it is iterated.

    Args:
        find: the stored value of a key, or None when the stored part has none.
        whole: every stored key and value (called at most once).
        size: how many keys the stored part holds.

    A value read from the stored part is kept in the overlay, so a mutable one
    (a set of slots) changed in place stays changed.
    """

    def __init__(self, find: Callable[[K], V | None], whole: Callable[[], dict[K, V]], size: int) -> None:
        self._find: Callable[[K], V | None] | None = find
        self._whole_of: Callable[[], dict[K, V]] | None = whole
        self._len = size
        self._put: dict[K, V] = {}
        self._gone: set[K] = set()  # deleted, or found in no stored row (no second search for it)
        self._dict: dict[K, V] | None = None
        self.lookups = 0

    def whole(self) -> dict[K, V]:
        """The map as a plain dict (made once; every later operation goes to it)."""
        if self._dict is None:
            assert self._whole_of is not None
            made = self._whole_of()
            for key in self._gone:
                made.pop(key, None)
            made.update(self._put)
            self._dict, self._put, self._gone, self._find, self._whole_of = made, {}, set(), None, None
        return self._dict

    def _get(self, key: K) -> V:
        """The key's value, or ``_ABSENT``."""
        if self._dict is not None:
            return self._dict.get(key, _ABSENT)
        value = self._put.get(key, _ABSENT)
        if value is not _ABSENT or key in self._gone:
            return value
        self.lookups += 1
        if self.lookups > WHOLE_AFTER:
            return self.whole().get(key, _ABSENT)
        assert self._find is not None
        found = self._find(key)
        if found is None:
            self._gone.add(key)
            return _ABSENT
        self._put[key] = found
        return found

    def __getitem__(self, key: K) -> V:
        value = self._get(key)
        if value is _ABSENT:
            raise KeyError(key)
        return value

    def __contains__(self, key: object) -> bool:
        return self._get(key) is not _ABSENT  # type: ignore[arg-type]

    def get(self, key: K, default: Any = None) -> Any:
        value = self._get(key)
        return default if value is _ABSENT else value

    def setdefault(self, key: K, default: Any = None) -> Any:
        value = self._get(key)
        if value is _ABSENT:
            self._put_new(key, default)
            value = default
        return value

    def __setitem__(self, key: K, value: V) -> None:
        held = self._get(key) is not _ABSENT  # (may make the map whole: then set there)
        if self._dict is not None:
            self._dict[key] = value
        elif held:
            self._put[key] = value
        else:
            self._put_new(key, value)

    def _put_new(self, key: K, value: V) -> None:
        """Add a key no part holds (``_get`` said so)."""
        if self._dict is not None:
            self._dict[key] = value
            return
        self._len += 1
        self._gone.discard(key)
        self._put[key] = value

    def __delitem__(self, key: K) -> None:
        if self._get(key) is _ABSENT:
            raise KeyError(key)
        if self._dict is not None:
            del self._dict[key]
            return
        del self._put[key]
        self._gone.add(key)  # hides the stored value
        self._len -= 1

    def __iter__(self) -> Iterator[K]:
        return iter(self.whole())

    def __len__(self) -> int:
        return len(self._dict) if self._dict is not None else self._len

    def keys(self) -> Any:
        return self.whole().keys()

    def values(self) -> Any:
        return self.whole().values()

    def items(self) -> Any:
        return self.whole().items()

    def __repr__(self) -> str:
        return f"ColumnMap({len(self)} keys, {'whole' if self._dict is not None else 'by key'})"
