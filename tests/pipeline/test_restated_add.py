"""A later statement that names only what an earlier one names is a hit on it, not a second item (issue 13), in
either language; one that names more, or says the opposite, is kept as its own statement."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


def _active(mem: EmbeddedMemory) -> list[dict[str, object]]:
    return [i for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


def _said(mem: EmbeddedMemory, first: str, then: str) -> None:
    mem.add(first, user_id="u", timestamp="2025-01-10T10:00:00Z")
    mem.add(then, user_id="u", timestamp="2025-05-10T10:00:00Z")


@pytest.mark.parametrize(("first", "then", "words"), [
    ("我最近迷上了爵士乐。", "jazz is pretty much all I listen to at work now", ("jazz", "爵士")),
    ("I'm a runner, mostly 5k.", "I go for a run most evenings after work", ("run", "跑")),
])
def test_a_restatement_in_other_words_is_one_item_hit(mem: EmbeddedMemory, first: str, then: str,
                                                      words: tuple[str, ...]) -> None:
    _said(mem, first, then)
    naming = [i for i in _active(mem) if any(w in str(i["description"]).casefold() for w in words)]
    assert len(naming) == 1 and int(str(naming[0]["hit"])) == 1, _active(mem)


def test_a_statement_naming_more_is_kept(mem: EmbeddedMemory) -> None:
    _said(mem, "I'm into jazz.", "I'm into jazz and I play drums in a band called Blue Owls")
    texts = [str(i["description"]) for i in _active(mem)]
    assert any("Blue Owls" in t for t in texts) and any("jazz" in t for t in texts), texts


def test_the_opposite_stance_is_no_restatement(mem: EmbeddedMemory) -> None:
    _said(mem, "I'm really into jazz these days.", "I'm not into jazz anymore, switched to classical music")
    liked = [i for i in mem._list("u", None) if str(i["description"]) == "User is into jazz"]
    assert liked and all(i["status"] != "active" and int(str(i["hit"])) == 0 for i in liked), liked


@pytest.mark.parametrize(("first", "then", "words"), [
    ("我每天早上喝拿铁。", "I'm drinking coffee again", ("coffee", "咖啡")),
    ("我每天早上喝拿铁。", "咖啡又喝上了", ("coffee", "咖啡")),
    ("I drink a latte every morning.", "最近重新开始喝咖啡了", ("coffee", "咖啡")),
])
def test_a_value_said_to_hold_again_is_a_change_not_a_restatement(mem: EmbeddedMemory, first: str, then: str,
                                                                  words: tuple[str, ...]) -> None:
    _said(mem, first, then)
    again = [i for i in _active(mem) if any(w in str(i["description"]).casefold() for w in words)]
    assert again, _active(mem)


def test_a_late_value_of_a_slot_stays_history(mem: EmbeddedMemory) -> None:
    for at, text in [("2026-03-10T10:00:00Z", "我的猫今年10岁了。"), ("2026-03-06T10:00:00Z", "我的猫今年6岁了。"),
                     ("2026-03-04T10:00:00Z", "我的猫今年4岁了。")]:
        mem.add(text, user_id="u", timestamp=at)
    cats = [str(i["description"]) for i in _active(mem) if "猫" in str(i["description"])]
    assert cats and all("10岁" in c for c in cats), cats
