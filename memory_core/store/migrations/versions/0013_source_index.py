"""SQLite: the turns each item's ``source`` cites, as rows of ``memory_sources`` kept by triggers.

``MemoryStore.items_of_turns`` (what an ``add`` answers) finds the items
whose ``source`` array cites one of its turns. PostgreSQL answers that from
the GIN index on ``source`` (migration 0012). SQLite cannot index a JSON
array's members, so the lookup read the source array of every row of the
user (``json_each``): at 10k items most of an add's read. Here each cited
turn is one row ``(user_id, turn_id, item_id)``, primary key in that order,
so the lookup is one index range per turn. Triggers on ``memories`` keep the
rows (insert; a changed ``source``; delete, the erase of a user included),
so no write path has to know about the table, and the upgrade fills it from
the rows already stored.

On PostgreSQL this revision changes nothing: the GIN index already serves
the lookup, and a second copy of every source would only cost writes.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

_FILL = ("INSERT OR IGNORE INTO memory_sources (user_id, turn_id, item_id) "
         "SELECT {row}.user_id, CAST(s.value AS TEXT), {row}.id FROM json_each({row}.source) AS s "
         "WHERE s.value IS NOT NULL")
_DROP = "DELETE FROM memory_sources WHERE user_id = OLD.user_id AND item_id = OLD.id"
TRIGGERS = {
    "tr_memory_sources_insert": f"AFTER INSERT ON memories BEGIN {_FILL.format(row='NEW')}; END",
    "tr_memory_sources_update": ("AFTER UPDATE OF source, user_id, id ON memories WHEN OLD.source IS NOT NEW.source "
                                 "OR OLD.user_id IS NOT NEW.user_id OR OLD.id IS NOT NEW.id "
                                 f"BEGIN {_DROP}; {_FILL.format(row='NEW')}; END"),
    "tr_memory_sources_delete": f"AFTER DELETE ON memories BEGIN {_DROP}; END",
}


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    op.create_table(
        "memory_sources",
        sa.Column("user_id", sa.String(128), nullable=False),
        sa.Column("turn_id", sa.String(128), nullable=False),
        sa.Column("item_id", sa.String(128), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "turn_id", "item_id", name="pk_memory_sources"),
    )
    op.create_index("ix_memory_sources_item", "memory_sources", ["user_id", "item_id"])
    for name, body in TRIGGERS.items():
        op.execute(f"CREATE TRIGGER {name} {body}")
    op.execute(_FILL.format(row="memories").replace("FROM json_each", "FROM memories, json_each"))


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    for name in TRIGGERS:
        op.execute(f"DROP TRIGGER IF EXISTS {name}")
    op.drop_index("ix_memory_sources_item", table_name="memory_sources")
    op.drop_table("memory_sources")
