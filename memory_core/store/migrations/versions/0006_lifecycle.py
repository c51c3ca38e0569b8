"""Lifecycle: an item's last use, and per-session state (short-term summary, working memory).

``memories.last_used_at`` is when an item was last recalled and used (seed
002 §4.2's decay counts days since then); NULL until its first use.
``session_state`` holds one JSON document per (user, session, slot): the
rolling summary of a session's older turns (slot "summary") and the task
state of a session's working memory (slot "working", with ``expires_at``).
A session id is only ever read together with its user id, so the same id
used by two users names two sessions.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

ID = sa.String(128)
TIME = sa.DateTime(timezone=True)
JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("memories") as batch:
        batch.add_column(sa.Column("last_used_at", TIME, nullable=True))
    op.create_table(
        "session_state",
        sa.Column("user_id", ID, primary_key=True),
        sa.Column("session_id", ID, primary_key=True),
        sa.Column("slot", sa.String(32), primary_key=True),
        sa.Column("data", JSON, nullable=False),
        sa.Column("updated_at", TIME, nullable=False),
        sa.Column("expires_at", TIME, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("session_state")
    with op.batch_alter_table("memories") as batch:
        batch.drop_column("last_used_at")
