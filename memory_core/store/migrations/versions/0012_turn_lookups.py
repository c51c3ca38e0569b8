"""Indexes to find the items a turn touched: revisions by (user_id, turn_id); on PostgreSQL, sources (GIN).

A native ``add`` answers with the items its turns made, changed, confirmed
or ended (``MemoryStore.items_of_turns``). It used to list every item of the
user to pick those out (at 10k items nearly all of an add's time). With
these indexes it looks up the ids of the items with a revision of the turns
(``ix_revisions_user_turn``, holding the item id too: without it SQLite,
which keeps no statistics, planned the read on the revisions' unique index
by user and walked every revision of the user) and, on PostgreSQL, of those whose ``source``
array cites them (``ix_memories_source``, GIN for jsonb's ``?|``; a
confirmation cites its turn without writing a revision). SQLite has no index
over a JSON array's members: there the source lookup reads the user's rows
(the arrays only, no histories).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05
"""

from __future__ import annotations

from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_revisions_user_turn", "memory_revisions", ["user_id", "turn_id", "item_id"])
    if op.get_bind().dialect.name == "postgresql":
        op.create_index("ix_memories_source", "memories", ["source"], postgresql_using="gin")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.drop_index("ix_memories_source", table_name="memories")
    op.drop_index("ix_revisions_user_turn", table_name="memory_revisions")
