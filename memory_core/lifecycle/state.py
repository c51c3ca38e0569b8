"""Per-session JSON state in the SQL store (table ``session_state``, migration ``0006``).

One document per (user, session, slot). Slots in use: "summary" (a session's
rolling summary), "working" (a session's working memory, with an expiry) and
"maintain" (the maintenance job's watermarks, under the session id ``*``).
Every read and write names the user: a session id reused by another user is
another session.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite

from memory_core.errors import InvalidField
from memory_core.store.sql import SqlStore
from memory_core.store.sql_queries import _S
from memory_core.validation import check_id

__all__ = ["SLOTS", "SessionStateStore"]

SLOTS = frozenset({"summary", "working", "maintain"})


class SessionStateStore:
    """Read and write ``session_state`` rows through a ``SqlStore``'s engine.

    Args:
        store: the SQL store (migrated to ``0006`` or later).
    """

    def __init__(self, store: SqlStore) -> None:
        self.store = store

    @staticmethod
    def _check(user_id: str, session_id: str, slot: str) -> tuple[str, str]:
        if slot not in SLOTS:
            raise InvalidField(f"unknown session state slot {slot!r}; expected one of {', '.join(sorted(SLOTS))}")
        user_id = check_id(user_id, "user id")
        session_id = session_id if session_id == "*" else check_id(session_id, "session id")
        return user_id, session_id

    def get(self, user_id: str, session_id: str, slot: str, now: datetime | None = None) -> dict[str, Any] | None:
        """Return the document, or None when there is none or it expired before ``now``.

        Raises:
            InvalidField: a malformed id or an unknown slot. StoreError: the database failed.
        """
        user_id, session_id = self._check(user_id, session_id, slot)
        query = select(_S.c.data, _S.c.expires_at).where(
            _S.c.user_id == user_id, _S.c.session_id == session_id, _S.c.slot == slot)
        with self.store._tx() as conn:
            row = conn.execute(query).first()
        if row is None or (now is not None and row.expires_at is not None and row.expires_at <= now):
            return None
        return dict(row.data)

    def put(self, user_id: str, session_id: str, slot: str, data: dict[str, Any], now: datetime,
            expires_at: datetime | None = None) -> None:
        """Write the document (insert or replace), in one transaction.

        Raises:
            InvalidField: a malformed id or an unknown slot. StoreError: the database failed.
        """
        user_id, session_id = self._check(user_id, session_id, slot)
        values = {"user_id": user_id, "session_id": session_id, "slot": slot, "data": data,
                  "updated_at": now, "expires_at": expires_at}
        dialect = postgresql if not self.store.is_sqlite else sqlite
        stmt = dialect.insert(_S).values(**values)
        stmt = stmt.on_conflict_do_update(index_elements=["user_id", "session_id", "slot"],
                                          set_={"data": data, "updated_at": now, "expires_at": expires_at})
        with self.store._tx(write=True) as conn:
            conn.execute(stmt)

    def delete(self, user_id: str, session_id: str, slot: str) -> bool:
        """Remove the document; return True if there was one."""
        user_id, session_id = self._check(user_id, session_id, slot)
        with self.store._tx(write=True) as conn:
            result = conn.execute(delete(_S).where(_S.c.user_id == user_id, _S.c.session_id == session_id,
                                                   _S.c.slot == slot))
        return bool(result.rowcount)

    def purge_expired(self, now: datetime, user_id: str | None = None) -> int:
        """Remove documents whose ``expires_at`` is at or before ``now`` (one user, or all); return how many."""
        cond = [_S.c.expires_at.is_not(None), _S.c.expires_at <= now]
        if user_id is not None:
            cond.append(_S.c.user_id == check_id(user_id, "user id"))
        with self.store._tx(write=True) as conn:
            return int(conn.execute(delete(_S).where(*cond)).rowcount or 0)
