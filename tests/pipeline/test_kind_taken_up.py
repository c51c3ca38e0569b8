"""A kind of a thing taken up as a habit ends the negation of the thing (``pipeline.kind_taken_up``)."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


def _active(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


@pytest.mark.parametrize(("old", "new", "gone", "now"), [
    ("I dont drink alcohol", "最近每天喝一杯红酒助眠", "alcohol", "红酒"),
    ("我不喝酒", "I've been having a beer with dinner every night lately", "不喝酒", "beer"),
    ("I don't drink coffee", "I have a latte every morning now", "coffee", "latte"),
])
def test_a_kind_taken_up_as_a_habit_ends_the_negation(mem: EmbeddedMemory, old: str, new: str, gone: str,
                                                       now: str) -> None:
    mem.add(old, user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add(new, user_id="u", timestamp="2025-05-01T10:00:00Z")
    active = _active(mem)
    assert any(now in d for d in active) and not any(gone in d for d in active), active


@pytest.mark.parametrize(("old", "new", "kept"), [
    ("I don't drink alcohol", "I like the smell of red wine though", "doesn't drink alcohol"),  # no habit said
    ("I don't drink beer", "I drink red wine every night now", "doesn't drink beer"),  # a kind ends no other kind
    ("I dont drink alcohol", "最近每天喝一杯乌龙茶", "doesn't drink alcohol"),  # tea is no alcohol
])
def test_what_is_no_kind_taken_up_ends_nothing(mem: EmbeddedMemory, old: str, new: str, kept: str) -> None:
    mem.add(old, user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add(new, user_id="u", timestamp="2025-05-01T10:00:00Z")
    assert any(kept in d for d in _active(mem)), _active(mem)
