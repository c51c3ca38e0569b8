"""Attributes and list entries computed on first read: how an index loaded from a column snapshot stays cheap.

A user's index holds per-item Python structures (item objects, maps by turn
and by key, seed-term arrays). Creating them for 100,000 items took seconds
on load, though a recall reads a few dozen entries and a catch-up a few more.
``snapshot_columns`` keeps them as columns and hands them over through these
two devices:

- ``LazyAttributes``: a mixin whose missing attribute is computed by a
  function registered in ``_lazy`` (name -> function), stored as a plain
  attribute and never computed again;
- ``LazyList``: a ``list`` whose entries are computed by a function of the
  position the first time they are read (``UNREAD`` until then); every other
  list operation (append, extend, assignment, len) works as on a list.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, SupportsIndex, TypeVar, overload

__all__ = ["UNREAD", "LazyAttributes", "LazyList"]

T = TypeVar("T")
UNREAD: Any = type("Unread", (), {"__repr__": lambda self: "UNREAD"})()
_LOCK = threading.RLock()  # two threads reading one lazy attribute compute it once


class LazyAttributes:
    """Mixin: an attribute missing from the instance is computed from ``_lazy[name]()`` on first read.

    ``_lazy`` (set by a loader, absent on a built index) maps attribute names to
    functions of no argument; ``_lazy_len`` gives the length of each one not yet
    computed (``size_of``), so size estimates do not compute them.
    """

    if not TYPE_CHECKING:  # mypy keeps checking attribute names as if this method did not exist

        def __getattr__(self, name: str) -> Any:
            lazy = self.__dict__.get("_lazy")
            if not lazy or name not in lazy:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            with _LOCK:
                if name in self.__dict__:  # another thread computed it meanwhile
                    return self.__dict__[name]
                value = lazy[name]()
                self.__dict__[name] = value
                lazy.pop(name, None)
                return value

    def size_of(self, name: str) -> int:
        """``len`` of an attribute, without computing it when it is still lazy."""
        if name in self.__dict__:
            return len(self.__dict__[name])
        sizes: dict[str, int] = self.__dict__.get("_lazy_len") or {}
        if name in sizes:
            return sizes[name]
        return len(getattr(self, name))


class LazyList(list[T]):
    """A list whose entry i is ``read(i)`` the first time it is read (entries given at creation stay).

    Args:
        entries: the list's entries, ``UNREAD`` where ``read`` gives the value.
        read: the entry at a position (called at most once per position).
    """

    def __init__(self, entries: list[Any], read: Callable[[int], T]) -> None:
        super().__init__(entries)
        self._read = read

    @overload
    def __getitem__(self, i: SupportsIndex) -> T: ...

    @overload
    def __getitem__(self, i: slice) -> list[T]: ...

    def __getitem__(self, i: SupportsIndex | slice) -> T | list[T]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        value = super().__getitem__(i)
        if value is UNREAD:
            value = self._read(i.__index__() % len(self))
            super().__setitem__(i, value)
        return value

    def __iter__(self) -> Iterator[T]:
        for i in range(len(self)):
            yield self[i]

    def unread(self) -> int:
        """How many entries are still to be read."""
        return sum(1 for v in super().__iter__() if v is UNREAD)

    def __eq__(self, other: object) -> bool:
        return list(self) == (list(other) if isinstance(other, list) else other)

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return list, (list(self),)
