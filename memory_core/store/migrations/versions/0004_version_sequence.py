"""Memory versions from one global sequence, so a user's version never repeats.

A recall worker caches each user's index by ``memory_version``. When the
version was a per-user counter, erasing a user deleted the counter and new
writes counted ``1, 2, ...`` again: a worker still holding the index of the
erased memory at, say, version 3 would serve it again once the new memory
reached 3. On PostgreSQL every version bump now takes the next value of
``memory_version_seq`` (and the column is a bigint); SQLite, the one-process
embedded mode, keeps counting per user and drops its cache on erasure.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.alter_column("users", "memory_version", type_=sa.BigInteger(), existing_type=sa.Integer(),
                    existing_nullable=False, existing_server_default="0")
    op.execute("CREATE SEQUENCE memory_version_seq AS bigint")
    op.execute("SELECT setval('memory_version_seq', COALESCE((SELECT max(memory_version) FROM users), 0) + 1,"
               " false)")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP SEQUENCE memory_version_seq")
    op.alter_column("users", "memory_version", type_=sa.Integer(), existing_type=sa.BigInteger(),
                    existing_nullable=False, existing_server_default="0")
