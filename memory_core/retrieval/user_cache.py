"""A bounded, thread-safe cache of one value per user, least recently used dropped first."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

from memory_core.errors import InvalidField

__all__ = ["UserCache"]

V = TypeVar("V")


class UserCache(Generic[V]):
    """One value per user id, at most ``max_users`` of them (per-user indexes of the recallers).

    Args:
        max_users: how many users' values are kept (>= 1).

    Raises:
        InvalidField: ``max_users`` below 1.
    """

    def __init__(self, max_users: int = 1024) -> None:
        if max_users < 1:
            raise InvalidField(f"max_users must be at least 1; got {max_users!r}")
        self.max_users = max_users
        self._values: OrderedDict[str, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, user_id: str) -> V | None:
        """Return the user's value (marking it recently used), or None."""
        with self._lock:
            value = self._values.get(user_id)
            if value is not None:
                self._values.move_to_end(user_id)
            return value

    def put(self, user_id: str, value: V) -> None:
        """Keep ``value`` for the user, dropping the least recently used users beyond ``max_users``."""
        with self._lock:
            self._values[user_id] = value
            self._values.move_to_end(user_id)
            while len(self._values) > self.max_users:
                self._values.popitem(last=False)

    def pop(self, user_id: str) -> None:
        """Forget the user's value, if any."""
        with self._lock:
            self._values.pop(user_id, None)

    def clear(self) -> None:
        """Forget every value."""
        with self._lock:
            self._values.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._values)
