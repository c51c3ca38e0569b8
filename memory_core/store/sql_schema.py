"""SQLAlchemy 2 table models of the SQL store.

The schema itself is created only by the Alembic migrations in
``memory_core/store/migrations/``; these models describe it to queries and
must match the head revision (``self_check`` verifies the revision).

Times are ``UTCDateTime``: stored as UTC (``timestamptz`` on PostgreSQL, an
ISO-like text in UTC on SQLite) and always read back timezone-aware in UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Dialect,
    Float,
    ForeignKeyConstraint,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

__all__ = ["ApiKeyRow", "Base", "DeadLetterRow", "MemoryRow", "RevisionRow", "SessionStateRow", "TurnRow",
           "UTCDateTime", "UserRow", "VectorRow"]

ID = String(128)
ENUM = String(32)
JSONType = JSON().with_variant(JSONB(), "postgresql")


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC datetime on every dialect.

    Naive values given to it are taken as UTC; values read back are aware UTC.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        value = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if isinstance(value, str):
            value = datetime.fromisoformat(value)
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    """Declarative base of the store's tables."""


class UserRow(Base):
    """Per-user counters: content version, turn sequence, applied sequence."""

    __tablename__ = "users"

    user_id: Mapped[str] = mapped_column(ID, primary_key=True)
    memory_version: Mapped[int] = mapped_column(BigInteger().with_variant(Integer(), "sqlite"), default=0,
                                                server_default="0")
    last_seq: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    last_applied_seq: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # the version at which this row was created (migration 0005; on PostgreSQL from memory_version_seq)
    created_version: Mapped[int] = mapped_column(BigInteger().with_variant(Integer(), "sqlite"),
                                                 server_default="0")


class MemoryRow(Base):
    """One memory item (every ``MemoryItem`` field but ``history``)."""

    __tablename__ = "memories"
    __table_args__ = (
        Index("ix_memories_user_status", "user_id", "status"),
        Index("ix_memories_user_key", "user_id", "key"),
        Index("ix_memories_user_changed", "user_id", "changed_version"),
        Index("ix_memories_user_theme_status", "user_id", "theme", "status"),  # migration 0010
        Index("ix_memories_source", "source", postgresql_using="gin"),  # migration 0012, PostgreSQL only
    )

    user_id: Mapped[str] = mapped_column(ID, primary_key=True)
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    description: Mapped[str] = mapped_column(Text)
    theme: Mapped[str] = mapped_column(Text)
    kind: Mapped[str] = mapped_column(ENUM)
    status: Mapped[str] = mapped_column(ENUM)
    hit: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    valid_from: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    valid_until: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    source: Mapped[list[str]] = mapped_column(JSONType)
    confidence: Mapped[float] = mapped_column(Float)
    trust: Mapped[str] = mapped_column(ENUM)
    importance: Mapped[float] = mapped_column(Float)
    key: Mapped[str | None] = mapped_column(Text, nullable=True)
    speaker: Mapped[str] = mapped_column(Text, default="")
    meta: Mapped[dict[str, str] | None] = mapped_column(JSONType, nullable=True)
    # the memory version of the write that last changed the row (migration 0005; 0 before it)
    changed_version: Mapped[int] = mapped_column(BigInteger().with_variant(Integer(), "sqlite"), default=0,
                                                 server_default="0")
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


# when an item was said (its valid_from, else created_at), after the user: the late-turn read of the events
# said after a time (migration 0011; the expression is the one ``active_said_after`` compares)
Index("ix_memories_user_said", MemoryRow.user_id, func.coalesce(MemoryRow.valid_from, MemoryRow.created_at))


class RevisionRow(Base):
    """One entry of an item's history, ordered by ``position`` (0 = oldest)."""

    __tablename__ = "memory_revisions"
    __table_args__ = (
        ForeignKeyConstraint(["user_id", "item_id"], ["memories.user_id", "memories.id"],
                             ondelete="CASCADE", name="fk_revisions_item"),
        UniqueConstraint("user_id", "item_id", "position", name="uq_revisions_position"),
        Index("ix_revisions_user_turn", "user_id", "turn_id", "item_id"),  # migration 0012
    )

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer(), "sqlite"), primary_key=True,
                                    autoincrement=True)
    user_id: Mapped[str] = mapped_column(ID)
    item_id: Mapped[str] = mapped_column(ID)
    position: Mapped[int] = mapped_column(Integer)
    op: Mapped[str] = mapped_column(ENUM)
    reason: Mapped[str] = mapped_column(Text)
    actor: Mapped[str] = mapped_column(ENUM)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    old_description: Mapped[str] = mapped_column(Text)
    new_description: Mapped[str] = mapped_column(Text)
    old_theme: Mapped[str] = mapped_column(Text)
    new_theme: Mapped[str] = mapped_column(Text)
    turn_id: Mapped[str | None] = mapped_column(ID, nullable=True)
    other_id: Mapped[str | None] = mapped_column(ID, nullable=True)


class TurnRow(Base):
    """One stored conversation turn; ``seq`` is per user, from 1."""

    __tablename__ = "turns"
    __table_args__ = (UniqueConstraint("user_id", "seq", name="uq_turns_user_seq"),
                      Index("ix_turns_user_time", "user_id", "timestamp"))  # migration 0014

    user_id: Mapped[str] = mapped_column(ID, primary_key=True)
    turn_id: Mapped[str] = mapped_column(ID, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    session_id: Mapped[str] = mapped_column(ID)
    role: Mapped[str] = mapped_column(ENUM)
    speaker: Mapped[str] = mapped_column(Text)
    text: Mapped[str] = mapped_column(Text)
    timestamp: Mapped[datetime] = mapped_column(UTCDateTime)
    meta: Mapped[dict[str, Any]] = mapped_column(JSONType)
    ingested_at: Mapped[datetime] = mapped_column(UTCDateTime)


class DeadLetterRow(Base):
    """A turn the curator gave up on, with its last error (migration ``0002``).

    Written and read by ``workers.deadletter``; the HTTP shim reads it for a
    turn's status. ``status`` is "dead", "retried" or "dropped". Times are
    plain ``timestamptz`` as the migration made them.
    """

    __tablename__ = "dead_letters"
    __table_args__ = (
        UniqueConstraint("user_id", "turn_id", name="uq_dead_letters_user_turn"),
        Index("ix_dead_letters_status", "status", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer(), "sqlite"), primary_key=True,
                                    autoincrement=True)
    user_id: Mapped[str] = mapped_column(ID)
    turn_id: Mapped[str] = mapped_column(ID)
    seq: Mapped[int] = mapped_column(BigInteger)
    task: Mapped[str] = mapped_column(String(64))
    error_type: Mapped[str] = mapped_column(String(200))
    error: Mapped[str] = mapped_column(Text)
    attempts: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ApiKeyRow(Base):
    """An HTTP API key of one tenant (migration ``0003``); only the SHA-256 of its secret is kept.

    Written and read by ``api_shim.http.auth``. ``rate_per_s`` is requests per
    second, ``burst`` requests; ``revoked_at`` is set when the key is revoked.
    """

    __tablename__ = "api_keys"
    __table_args__ = (Index("ix_api_keys_tenant", "tenant"),)

    key_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    tenant: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(Text)
    secret_sha256: Mapped[str] = mapped_column(String(64))
    rate_per_s: Mapped[float] = mapped_column(Float)
    burst: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)



class SessionStateRow(Base):
    """Per-session state of one user (migration ``0006``): one JSON document per slot.

    ``slot`` is "summary" (the rolling summary of a session's older turns) or
    "working" (the working memory of a task in progress, which ends at
    ``expires_at``). Read and written by ``memory_core.session``.
    """

    __tablename__ = "session_state"

    user_id: Mapped[str] = mapped_column(ID, primary_key=True)
    session_id: Mapped[str] = mapped_column(ID, primary_key=True)
    slot: Mapped[str] = mapped_column(String(32), primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSONType)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class VectorRow(Base):
    """One embedding of an item or a turn (migration ``0007``), read and written by ``sql_vectors``.

    ``kind`` is "item" or "turn"; ``vector`` is ``dim`` float32 values,
    little-endian; ``text_sha`` identifies the text it was made from (a
    changed text is embedded again); ``changed_version`` is the user's memory
    version its write bumped to; ``coarse`` marks a vector of the static piece
    table that the model's vector of the same text is to replace (migration ``0009``).
    """

    __tablename__ = "vectors"
    __table_args__ = (Index("ix_vectors_model", "model_id", "dim"),
                      Index("ix_vectors_user_changed", "user_id", "changed_version"))

    user_id: Mapped[str] = mapped_column(ID, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)
    owner_id: Mapped[str] = mapped_column(ID, primary_key=True)
    model_id: Mapped[str] = mapped_column(String(200))
    dim: Mapped[int] = mapped_column(Integer)
    text_sha: Mapped[str] = mapped_column(String(32))
    vector: Mapped[bytes] = mapped_column(LargeBinary)
    changed_version: Mapped[int] = mapped_column(BigInteger().with_variant(Integer(), "sqlite"), default=0,
                                                 server_default="0")
    coarse: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
