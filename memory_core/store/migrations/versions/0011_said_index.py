"""Memories: an index on (user_id, coalesce(valid_from, created_at)), when an item was said.

A turn applied after later ones (``pipeline.late_replay``) reads the user's
active events said after it (``KeyLookup.active_said_after``: ``valid_from``,
else ``created_at``, later than the turn's time). Through
``ix_memories_user_status`` that read visited every active row of the user;
with this index it reads only the rows said after the time (any status; the
few not active are skipped), none for a turn applied in order. The
expression is the one the query compares (SQLite uses an expression index
only for the same expression). The status is left out on purpose: with
``(user_id, status, …)`` SQLite (no statistics; a tie goes to the newest
index) planned the reads by status, and the reads by key and status
(``find_by_key``), on the new index instead of ``ix_memories_user_status``
and ``ix_memories_user_key``.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_memories_user_said", "memories",
                    ["user_id", sa.text("coalesce(valid_from, created_at)")])


def downgrade() -> None:
    op.drop_index("ix_memories_user_said", table_name="memories")
