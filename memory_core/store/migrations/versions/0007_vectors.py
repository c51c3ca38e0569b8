"""Vectors: one embedding per item or turn, with the model that made it.

``changed_version`` is the user's memory version the write bumped to (as the
items' stamp of migration 0005), so a recall index loads only the vectors
written since the version it reflects.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

ID = sa.String(128)
VERSION = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "vectors",
        sa.Column("user_id", ID, primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("owner_id", ID, primary_key=True),
        sa.Column("model_id", sa.String(200), nullable=False),
        sa.Column("dim", sa.Integer(), nullable=False),
        sa.Column("text_sha", sa.String(32), nullable=False),
        sa.Column("vector", sa.LargeBinary(), nullable=False),
        sa.Column("changed_version", VERSION, nullable=False, server_default="0"),
    )
    op.create_index("ix_vectors_model", "vectors", ["model_id", "dim"])
    op.create_index("ix_vectors_user_changed", "vectors", ["user_id", "changed_version"])


def downgrade() -> None:
    op.drop_index("ix_vectors_user_changed", table_name="vectors")
    op.drop_index("ix_vectors_model", table_name="vectors")
    op.drop_table("vectors")
