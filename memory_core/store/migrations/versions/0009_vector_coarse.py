"""Vectors: ``coarse`` marks a vector the static piece table made on the write path.

Such a vector stands in until the model's own vector of the same text
replaces it (the background re-embed, ``embedding.sync.refine_user``, or
``gulfstream reindex``); false for every vector written before.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("vectors") as batch:
        batch.add_column(sa.Column("coarse", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("vectors") as batch:
        batch.drop_column("coarse")
