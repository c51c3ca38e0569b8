"""Turns by (user_id, timestamp): a turn redelivered under a new turn id is found by when it was said.

A client that makes new turn ids on retry delivers the same turn (same
session, role, time and text) under another id. The turn log stores it
marked as a repeat of the first copy (``store.turn_text.DUPLICATE_META``),
and finds that copy by the new rows' times: one index range per time,
instead of every turn of the user.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-06
"""

from __future__ import annotations

from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_turns_user_time", "turns", ["user_id", "timestamp"])


def downgrade() -> None:
    op.drop_index("ix_turns_user_time", table_name="turns")
