"""Initial schema: users, memories, memory_revisions, turns.

Revision ID: 0001
Revises:
Create Date: 2026-05-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

ID = sa.String(128)
ENUM = sa.String(32)
TIME = sa.DateTime(timezone=True)
JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("user_id", ID, primary_key=True),
        sa.Column("memory_version", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("last_seq", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("last_applied_seq", sa.Integer(), nullable=False, server_default="0"),
    )
    op.create_table(
        "memories",
        sa.Column("user_id", ID, primary_key=True),
        sa.Column("id", ID, primary_key=True),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("theme", sa.Text(), nullable=False),
        sa.Column("kind", ENUM, nullable=False),
        sa.Column("status", ENUM, nullable=False),
        sa.Column("hit", sa.Integer(), nullable=False),
        sa.Column("created_at", TIME, nullable=False),
        sa.Column("updated_at", TIME, nullable=False),
        sa.Column("valid_from", TIME, nullable=True),
        sa.Column("valid_until", TIME, nullable=True),
        sa.Column("source", JSON, nullable=False),
        sa.Column("confidence", sa.Float(), nullable=False),
        sa.Column("trust", ENUM, nullable=False),
        sa.Column("importance", sa.Float(), nullable=False),
        sa.Column("key", sa.Text(), nullable=True),
        sa.Column("speaker", sa.Text(), nullable=False),
    )
    op.create_index("ix_memories_user_status", "memories", ["user_id", "status"])
    op.create_index("ix_memories_user_key", "memories", ["user_id", "key"])
    op.create_table(
        "memory_revisions",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True,
                  autoincrement=True),
        sa.Column("user_id", ID, nullable=False),
        sa.Column("item_id", ID, nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("op", ENUM, nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("actor", ENUM, nullable=False),
        sa.Column("at", TIME, nullable=False),
        sa.Column("old_description", sa.Text(), nullable=False),
        sa.Column("new_description", sa.Text(), nullable=False),
        sa.Column("old_theme", sa.Text(), nullable=False),
        sa.Column("new_theme", sa.Text(), nullable=False),
        sa.Column("turn_id", ID, nullable=True),
        sa.Column("other_id", ID, nullable=True),
        sa.ForeignKeyConstraint(["user_id", "item_id"], ["memories.user_id", "memories.id"],
                                ondelete="CASCADE", name="fk_revisions_item"),
        sa.UniqueConstraint("user_id", "item_id", "position", name="uq_revisions_position"),
    )
    op.create_table(
        "turns",
        sa.Column("user_id", ID, primary_key=True),
        sa.Column("turn_id", ID, primary_key=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("session_id", ID, nullable=False),
        sa.Column("role", ENUM, nullable=False),
        sa.Column("speaker", sa.Text(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("timestamp", TIME, nullable=False),
        sa.Column("meta", JSON, nullable=False),
        sa.Column("ingested_at", TIME, nullable=False),
        sa.UniqueConstraint("user_id", "seq", name="uq_turns_user_seq"),
    )


def downgrade() -> None:
    op.drop_table("turns")
    op.drop_table("memory_revisions")
    op.drop_index("ix_memories_user_key", table_name="memories")
    op.drop_index("ix_memories_user_status", table_name="memories")
    op.drop_table("memories")
    op.drop_table("users")
