"""Where a session's short-term window reads its turns and keeps its rolling summary: the seam.

``ShortTermMemory`` asks a ``WindowSource`` for a session's newest turns, a
range of older ones, how many came before a turn, and the saved rolling
summary. ``SqlWindow`` answers from the SQL store (the turns table and
``session_state`` slot "summary"): embedded mode, and the durable fallback
of any other source. The distributed deployment answers from Redis
(``workers.session_window.RedisWindow``), which keeps the hot part of each
session beside the worker that stores its turns; the core never imports it.

Every call names the user: a session id reused by another user is another
session. Turns come back in ``seq`` order (the store's per-user order),
without the turns forgotten with a deleted memory (``store.forget_source``);
counts (``count_before``) still count them, as turns the session had.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from sqlalchemy import func, select

from memory_core.lifecycle.state import SessionStateStore
from memory_core.model import Turn
from memory_core.store.forget_source import is_forgotten
from memory_core.store.sql import SqlStore
from memory_core.store.sql_queries import _T, _turn_from_row
from memory_core.store.turn_text import is_duplicate_turn

__all__ = ["SqlWindow", "WindowSource"]


@runtime_checkable
class WindowSource(Protocol):
    """What ``ShortTermMemory`` reads and writes (ids already checked)."""

    def recent(self, user_id: str, session_id: str, newest: int) -> list[Turn]:
        """The session's ``newest`` most recent turns, oldest first ([] for an unknown session)."""
        ...

    def between(self, user_id: str, session_id: str, after: int, before: int) -> list[Turn]:
        """The session's turns with ``after < seq < before``, oldest first."""
        ...

    def count_before(self, user_id: str, session_id: str, seq: int) -> int:
        """How many of the session's turns have ``seq`` below ``seq``."""
        ...

    def load_summary(self, user_id: str, session_id: str) -> dict[str, Any] | None:
        """The saved rolling summary (``{"through", "points", "lang"}``), None when there is none."""
        ...

    def save_summary(self, user_id: str, session_id: str, data: dict[str, Any], now: datetime) -> None:
        """Replace the saved rolling summary."""
        ...


class SqlWindow:
    """``WindowSource`` over a ``SqlStore``: the turns table and ``session_state`` (slot "summary").

    Args:
        store: the SQL store holding the turns (migrated to ``0006`` or later).
    """

    def __init__(self, store: SqlStore) -> None:
        self.store = store
        self.state = SessionStateStore(store)

    def _turns(self, user_id: str, session_id: str, *, after: int = 0, before: int | None = None,
               newest: int | None = None) -> list[Turn]:
        query = select(_T).where(_T.c.user_id == user_id, _T.c.session_id == session_id, _T.c.seq > after)
        if before is not None:
            query = query.where(_T.c.seq < before)
        query = query.order_by(_T.c.seq.desc()).limit(newest) if newest is not None else query.order_by(_T.c.seq)
        with self.store._tx() as conn:
            rows = [_turn_from_row(r) for r in conn.execute(query)]
        return sorted((t for t in rows if not is_forgotten(t) and not is_duplicate_turn(t)), key=lambda t: t.seq)

    def recent(self, user_id: str, session_id: str, newest: int) -> list[Turn]:
        """See ``WindowSource.recent``. Raises StoreError."""
        return self._turns(user_id, session_id, newest=newest)

    def between(self, user_id: str, session_id: str, after: int, before: int) -> list[Turn]:
        """See ``WindowSource.between``. Raises StoreError."""
        return self._turns(user_id, session_id, after=after, before=before)

    def count_before(self, user_id: str, session_id: str, seq: int) -> int:
        """See ``WindowSource.count_before``. Raises StoreError."""
        query = select(func.count()).select_from(_T).where(_T.c.user_id == user_id, _T.c.session_id == session_id,
                                                           _T.c.seq < seq)
        with self.store._tx() as conn:
            return int(conn.execute(query).scalar_one())

    def load_summary(self, user_id: str, session_id: str) -> dict[str, Any] | None:
        """See ``WindowSource.load_summary``. Raises StoreError."""
        return self.state.get(user_id, session_id, "summary")

    def save_summary(self, user_id: str, session_id: str, data: dict[str, Any], now: datetime) -> None:
        """See ``WindowSource.save_summary``. Raises StoreError."""
        self.state.put(user_id, session_id, "summary", data, now)
