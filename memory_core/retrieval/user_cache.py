"""A bounded, thread-safe cache of one value per user, least recently used dropped first.

Bounded by a number of users and, optionally, by a budget in bytes: each
value is put with its estimated size (``HybridState.nbytes`` for a recall
index) and the least recently used users are dropped until both limits hold.
A single value larger than the whole budget is still kept (alone): a recall
must be answered from somewhere. An ``on_evict`` callback sees each value
dropped to keep the limits (after the cache's lock is released), e.g. to
save it before it goes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

from memory_core.errors import InvalidField

__all__ = ["UserCache"]

V = TypeVar("V")


class UserCache(Generic[V]):
    """One value per user id, at most ``max_users`` of them and ``max_bytes`` in all.

    Args:
        max_users: how many users' values are kept (>= 1).
        max_bytes: budget for the sum of the values' sizes, in bytes (None: unbounded; >= 1).
        on_evict: called with (user id, value) for each value dropped to keep the limits
            (not for ``pop`` or ``clear``); an exception it raises is the caller's of ``put``/``resize``.

    Attributes:
        evictions: values dropped to stay within the limits (for metrics and tests).

    Raises:
        InvalidField: ``max_users`` or ``max_bytes`` below 1.
    """

    def __init__(self, max_users: int = 1024, max_bytes: int | None = None,
                 on_evict: Callable[[str, V], None] | None = None) -> None:
        if max_users < 1:
            raise InvalidField(f"max_users must be at least 1; got {max_users!r}")
        if max_bytes is not None and max_bytes < 1:
            raise InvalidField(f"max_bytes must be at least 1; got {max_bytes!r}")
        self.max_users = max_users
        self.max_bytes = max_bytes
        self.evictions = 0
        self.on_evict = on_evict
        self._values: OrderedDict[str, tuple[V, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, user_id: str) -> V | None:
        """Return the user's value (marking it recently used), or None."""
        with self._lock:
            entry = self._values.get(user_id)
            if entry is None:
                return None
            self._values.move_to_end(user_id)
            return entry[0]

    def peek(self, user_id: str) -> V | None:
        """Return the user's value without marking it recently used, or None."""
        with self._lock:
            entry = self._values.get(user_id)
            return None if entry is None else entry[0]

    def put(self, user_id: str, value: V, nbytes: int = 0) -> None:
        """Keep ``value`` (``nbytes`` its estimated size) for the user, dropping least recently used users."""
        with self._lock:
            old = self._values.pop(user_id, None)
            if old is not None:
                self._bytes -= old[1]
            self._values[user_id] = (value, nbytes)
            self._bytes += nbytes
            dropped = self._shrink()
        self._evicted(dropped)

    def resize(self, user_id: str, nbytes: int) -> None:
        """Record a new size for the user's value (after it grew), then keep within the budget."""
        with self._lock:
            entry = self._values.get(user_id)
            if entry is not None:
                self._bytes += nbytes - entry[1]
                self._values[user_id] = (entry[0], nbytes)
                dropped = self._shrink()
            else:
                dropped = []
        self._evicted(dropped)

    def _shrink(self) -> list[tuple[str, V]]:
        dropped: list[tuple[str, V]] = []
        while len(self._values) > 1 and (len(self._values) > self.max_users or (
                self.max_bytes is not None and self._bytes > self.max_bytes)):
            user_id, (value, size) = self._values.popitem(last=False)
            self._bytes -= size
            self.evictions += 1
            dropped.append((user_id, value))
        return dropped

    def _evicted(self, dropped: list[tuple[str, V]]) -> None:
        if self.on_evict is not None:
            for user_id, value in dropped:
                self.on_evict(user_id, value)

    def set_max_bytes(self, max_bytes: int | None) -> None:
        """Change the byte budget (None: unbounded), dropping least recently used values to meet it.

        Raises:
            InvalidField: ``max_bytes`` below 1.
        """
        if max_bytes is not None and max_bytes < 1:
            raise InvalidField(f"max_bytes must be at least 1; got {max_bytes!r}")
        with self._lock:
            self.max_bytes = max_bytes
            dropped = self._shrink()
        self._evicted(dropped)

    @property
    def nbytes(self) -> int:
        """Sum of the kept values' sizes, in bytes."""
        with self._lock:
            return self._bytes

    def pop(self, user_id: str) -> None:
        """Forget the user's value, if any."""
        with self._lock:
            entry = self._values.pop(user_id, None)
            if entry is not None:
                self._bytes -= entry[1]

    def clear(self) -> None:
        """Forget every value."""
        with self._lock:
            self._values.clear()
            self._bytes = 0

    def users(self) -> list[str]:
        """The users whose values are kept, least recently used first."""
        with self._lock:
            return list(self._values)

    def __len__(self) -> int:
        with self._lock:
            return len(self._values)
