"""The ``dead_letters`` table: turns the curator gave up on, with their error.

Redis has no dead-letter exchange (``Reject(requeue=False)`` just deletes),
so a turn that keeps failing is written here by the curate task, and the
user's later turns go on (see ``workers.tasks.curate_user``). ``gulfstream
dlq`` lists, retries and drops rows. The schema is created by the Alembic
migration ``0002_dead_letters`` and described by
``memory_core.store.sql_schema.DeadLetterRow``; this module only reads and writes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from memory_core.errors import StoreError
from memory_core.store.sql_schema import DeadLetterRow
from workers.dead_status import STATUSES

__all__ = ["STATUSES", "DeadLetter", "DeadLetters", "dead_letters_table"]

dead_letters_table = DeadLetterRow.metadata.tables["dead_letters"]


@dataclass(slots=True, frozen=True)
class DeadLetter:
    """One dead-lettered turn.

    Attributes:
        id: row id, used by ``gulfstream dlq retry|drop``.
        user_id, turn_id, seq: the turn.
        task: the task that gave up ("gulfstream.curate_user").
        error_type, error: the last error's class name and message.
        attempts: how many times the turn was tried.
        status: "dead" (waiting), "retried" or "dropped".
        created_at, updated_at: UTC.
    """

    id: int
    user_id: str
    turn_id: str
    seq: int
    task: str
    error_type: str
    error: str
    attempts: int
    status: str
    created_at: datetime
    updated_at: datetime


class DeadLetters:
    """Reads and writes ``dead_letters`` through its own small engine, created lazily."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._engine: Engine | None = None

    @property
    def engine(self) -> Engine:
        """The engine, created on first use in this process."""
        if self._engine is None:
            kwargs: dict[str, object] = {"pool_pre_ping": True, "hide_parameters": True}
            if not self._url.startswith("sqlite"):
                kwargs.update(pool_size=1, max_overflow=2)
            self._engine = sa.create_engine(self._url, **kwargs)
        return self._engine

    def close(self) -> None:
        """Dispose of the engine's connections."""
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None

    def record(self, user_id: str, turn_id: str, seq: int, task: str, error: BaseException,
               attempts: int) -> int:
        """Store (or refresh) the dead letter of one turn; return its id.

        Idempotent by (user id, turn id): recording the same turn again
        updates the error and attempt count and sets the status back to "dead".

        Raises:
            StoreError: the database failed.
        """
        now = datetime.now(UTC)
        values = {
            "user_id": user_id, "turn_id": turn_id, "seq": seq, "task": task,
            "error_type": type(error).__name__, "error": str(error)[:4000] or repr(error),
            "attempts": attempts, "status": "dead", "created_at": now, "updated_at": now,
        }
        t = dead_letters_table
        try:
            with self.engine.begin() as conn:
                row = conn.execute(
                    sa.select(t.c.id).where(t.c.user_id == user_id, t.c.turn_id == turn_id)
                    .with_for_update()
                ).first()
                if row is None:
                    return int(conn.execute(sa.insert(t).values(**values).returning(t.c.id)).scalar_one())
                keep = {k: v for k, v in values.items() if k not in ("created_at", "user_id", "turn_id")}
                conn.execute(sa.update(t).where(t.c.id == row.id).values(**keep))
                return int(row.id)
        except sa.exc.IntegrityError:  # a concurrent insert of the same turn won
            return self.record(user_id, turn_id, seq, task, error, attempts)
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"cannot write dead letter for turn {turn_id!r}: {exc}") from exc

    def list(self, status: str | None = "dead", user_id: str | None = None,
             limit: int = 100) -> list[DeadLetter]:
        """Return dead letters, oldest first, filtered by status (None: all) and user."""
        t = dead_letters_table
        query = sa.select(t).order_by(t.c.id).limit(limit)
        if status is not None:
            query = query.where(t.c.status == status)
        if user_id is not None:
            query = query.where(t.c.user_id == user_id)
        try:
            with self.engine.connect() as conn:
                return [DeadLetter(**row._mapping) for row in conn.execute(query)]
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"cannot read dead letters: {exc}") from exc

    def get(self, letter_id: int) -> DeadLetter | None:
        """Return one dead letter, or None."""
        t = dead_letters_table
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(t).where(t.c.id == letter_id)).first()
        return None if row is None else DeadLetter(**row._mapping)

    def find(self, user_id: str, turn_id: str) -> DeadLetter | None:
        """Return the dead letter of one turn (any status), or None.

        Raises:
            StoreError: the database failed.
        """
        t = dead_letters_table
        try:
            with self.engine.connect() as conn:
                row = conn.execute(sa.select(t).where(t.c.user_id == user_id, t.c.turn_id == turn_id)).first()
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"cannot read dead letters: {exc}") from exc
        return None if row is None else DeadLetter(**row._mapping)

    def set_status(self, letter_id: int, status: str) -> bool:
        """Set a dead letter's status; return False when no such row exists.

        Raises:
            ValueError: an unknown status.
        """
        if status not in STATUSES:
            raise ValueError(f"status must be one of {', '.join(STATUSES)}; got {status!r}")
        t = dead_letters_table
        with self.engine.begin() as conn:
            done = conn.execute(sa.update(t).where(t.c.id == letter_id)
                                .values(status=status, updated_at=datetime.now(UTC)))
        return bool(done.rowcount)

    def erase_user(self, user_id: str) -> int:
        """Remove every dead letter of the user (their turn text is not kept here, but ids are)."""
        t = dead_letters_table
        with self.engine.begin() as conn:
            return int(conn.execute(sa.delete(t).where(t.c.user_id == user_id)).rowcount)
