"""A named person's single value said with the relation word of the other language ends the one said before."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


def _active(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


@pytest.mark.parametrize(
    ("old", "new", "gone", "now"),
    [
        ("My friend Kevin lives in Hangzhou.", "Kevin搬到深圳了，说那边机会多。", "Hangzhou", "深圳"),
        ("我朋友阿明住在成都。", "阿明 moved to Chongqing last month.", "成都", "Chongqing"),
        ("My colleague Sara works at Stripe.", "Sara跳槽去腾讯了。", "Stripe", "腾讯"),
    ],
)
def test_a_named_persons_value_in_the_other_language_ends_the_old(
    mem: EmbeddedMemory, old: str, new: str, gone: str, now: str
) -> None:
    mem.add(old, user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add(new, user_id="u", timestamp="2025-06-01T10:00:00Z")
    active = _active(mem)
    assert any(now in d for d in active) and not any(gone in d for d in active), active


def test_two_people_of_different_names_keep_their_own_homes(mem: EmbeddedMemory) -> None:
    mem.add("My friend Kevin lives in Hangzhou.", user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add("我朋友阿明住在成都。", user_id="u", timestamp="2025-01-02T10:00:00Z")
    mem.add("Kevin搬到深圳了。", user_id="u", timestamp="2025-06-01T10:00:00Z")
    active = _active(mem)
    assert any("成都" in d for d in active) and any("深圳" in d for d in active), active
    assert not any("Hangzhou" in d for d in active), active


def test_a_chinese_name_in_an_english_sentence_is_the_friends_name() -> None:
    from datetime import UTC, datetime

    from memory_core.model import Turn
    from memory_core.pipeline.extract import MechanicalExtractor

    turn = Turn("u", "t", "s", "user", "My friend 阿明 moved to Chongqing.", datetime(2025, 1, 1, tzinfo=UTC))
    keys = [c.key for c in MechanicalExtractor().extract(turn)]
    assert "fact:friend/阿明/lives_in" in keys, keys
