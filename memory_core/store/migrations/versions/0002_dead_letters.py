"""Dead letters: turns the curator gave up on, with their last error.

Revision ID: 0002
Revises: 0001
Create Date: 2026-05-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

ID = sa.String(128)
TIME = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "dead_letters",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True,
                  autoincrement=True),
        sa.Column("user_id", ID, nullable=False),
        sa.Column("turn_id", ID, nullable=False),
        sa.Column("seq", sa.BigInteger(), nullable=False),
        sa.Column("task", sa.String(64), nullable=False),
        sa.Column("error_type", sa.String(200), nullable=False),
        sa.Column("error", sa.Text(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", TIME, nullable=False),
        sa.Column("updated_at", TIME, nullable=False),
        sa.UniqueConstraint("user_id", "turn_id", name="uq_dead_letters_user_turn"),
    )
    op.create_index("ix_dead_letters_status", "dead_letters", ["status", "id"])


def downgrade() -> None:
    op.drop_index("ix_dead_letters_status", table_name="dead_letters")
    op.drop_table("dead_letters")
