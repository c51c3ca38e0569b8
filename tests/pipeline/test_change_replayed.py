"""A change said again in the same words (a conversation delivered again under another session, with new turn ids)
is a hit on the item it made, never a successor that supersedes that item with an identical copy."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest
from _turn_factory import dated_turns

from memory_core.service import Memory

T0 = datetime(2026, 4, 12, 19, tzinfo=UTC)
_ALL = ("active", "superseded", "deleted")


@pytest.mark.parametrize("lines", [
    ["Working on a farming roguelike in Godot, solo.", "Switched my whole project from Godot 3 to Godot 4, painful"],
    ["我在杭州上班", "我们搬到苏州了，房子是租的"],
    ["I drink coffee every morning", "Switched from coffee to green tea in the mornings"],
])
def test_a_replayed_change_confirms_its_item(memory: Memory, lines: list[str]) -> None:
    first = dated_turns(lines, T0, timedelta(days=30))
    memory.ingest(first)
    before = {(i.id, i.status, i.description) for i in memory.store.list_items("u", statuses=_ALL)}
    again = [dataclasses.replace(t, turn_id=f"r{n}", session_id="s2") for n, t in enumerate(first)]
    memory.ingest(again)
    after = {(i.id, i.status, i.description) for i in memory.store.list_items("u", statuses=_ALL)}
    assert after == before, sorted(after ^ before)
