"""Item metadata: ``memories.meta``, the caller's string entries on an item (``MemoryItem.meta``).

NULL means none. ``MemoryAPI.add`` stores it on items added as given, and
``search`` / ``get_all`` filter on it (``{"metadata": {"category": "movies"}}``).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("memories") as batch:
        batch.add_column(sa.Column("meta", JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("memories") as batch:
        batch.drop_column("meta")
