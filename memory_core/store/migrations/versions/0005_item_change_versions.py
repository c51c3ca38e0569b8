"""Item change versions: which items changed after a memory version, in one indexed read.

A recall index applies the items changed since the version it reflects
instead of rebuilding (``MemoryStore.changes_since``). Each write stamps the
rows it changes with the user's new ``memory_version`` (``changed_version``,
indexed with the user id). ``users.created_version`` is the version at which
the user's row was created: on PostgreSQL the next value of
``memory_version_seq``, so a row re-created after an erasure tells a reader
holding an older version to rebuild (the erased rows left no trace to apply).
Existing rows get 0 for both (a reader at an older version reads them all).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

VERSION = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    with op.batch_alter_table("memories") as batch:
        batch.add_column(sa.Column("changed_version", VERSION, nullable=False, server_default="0"))
    op.create_index("ix_memories_user_changed", "memories", ["user_id", "changed_version"])
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("created_version", VERSION, nullable=False, server_default="0"))
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE users ALTER COLUMN created_version SET DEFAULT nextval('memory_version_seq')")


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("created_version")
    op.drop_index("ix_memories_user_changed", table_name="memories")
    with op.batch_alter_table("memories") as batch:
        batch.drop_column("changed_version")
