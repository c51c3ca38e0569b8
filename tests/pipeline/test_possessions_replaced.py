"""Possessions sold, replaced and stolen, said the way people chat: an e-bike by its everyday name or its maker
(电瓶车, 雅迪, 台铃), Chinese clauses set apart by spaces, a theft told after an aside ("对了之前说的那辆…") or of the
thief ("someone stole my bike"); and a setup made of parts, one part replaced by a newer one of its kind
("upgraded to the 4090, sold the 4070 super", "显卡换成4070了"). English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.owned_end import ended_things
from memory_core.pipeline.part_swap import Swap, part_kinds, setup_parts, swaps

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _active_texts(tmp_path: Path, texts: list[str]) -> list[str]:
    return [text for _, text in active(slot_items(tmp_path, texts, start=START, days_apart=20))]


@pytest.mark.parametrize(("text", "thing"), [
    ("换了辆新车 台铃的 续航比雅迪好多了 旧车卖了800块", "车"),
    ("对了之前说的那辆台铃被偷了！！停在城中村门口一晚上就没了", "台铃"),
    ("上次说的那台MacBook被偷了", "MacBook"),
    ("车让人偷了", "车"),
    ("someone stole my bike last night", "bike"),
    ("thieves nicked our car", "car"),
])
def test_an_end_said_after_an_aside_a_space_or_of_the_thief_is_read(text: str, thing: str) -> None:
    assert [e.thing for e in ended_things(text)] == [thing]


@pytest.mark.parametrize("text", ["我朋友之前说的那辆车被偷了", "之前说的那辆车还没卖",
                                  "they took my kids to the park"])
def test_another_persons_thing_a_thing_kept_or_no_theft_ends_nothing(text: str) -> None:
    assert ended_things(text) == []


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["我这车是雅迪的，电池不太行。", "换了辆新车 台铃的 续航比雅迪好多了 旧车卖了800块"], "台铃", "雅迪"),
    (["我买了辆电瓶车，雅迪的", "新买了个小电驴，绿源的，旧的卖了"], "绿源", "雅迪"),
])
def test_a_new_e_bike_ends_the_old_and_keeps_its_maker(tmp_path: Path, texts: list[str], new: str, old: str) -> None:
    kept = _active_texts(tmp_path, texts)
    assert any(new in t for t in kept if not t.startswith("user:")), kept
    assert not any(old in t for t in kept if not t.startswith("user:")), kept


def test_a_stolen_e_bike_ends_its_item(tmp_path: Path) -> None:
    kept = _active_texts(tmp_path, ["买了辆电瓶车，台铃的", "对了之前说的那辆台铃被偷了！！"])
    assert not any("台铃" in t for t in kept if not t.startswith("user:")), kept


def test_the_parts_of_a_setup_each_have_their_kind() -> None:
    text = "User's setup is a ryzen 7 7800x3d + rtx 4070 super"
    assert [(text[p.start:p.end], set(p.kinds)) for p in setup_parts(text)] == [("7800x3d", {"cpu"}),
                                                                                ("4070 super", {"gpu"})]
    assert setup_parts("User has iPhone 15") == []  # one thing is no setup
    assert part_kinds("3060显卡") == {"gpu"} and part_kinds("4090") == frozenset()


@pytest.mark.parametrize(("text", "swap"), [
    ("upgraded to the 4090 finally. sold the 4070 super to my buddy", Swap("4090", frozenset(), "4070 super")),
    ("显卡换成4070了", Swap("4070", frozenset({"gpu"}))),
    ("swapped the 3080 for a 4080 super", Swap("4080 super", frozenset(), "3080")),
    ("upgraded from the i7-13700k to an i9-14900k", Swap("i9-14900k", frozenset({"cpu"}), "i7-13700k")),
])
def test_a_part_put_in_is_read_with_what_it_replaces(text: str, swap: Swap) -> None:
    assert swaps(text) == [swap]


@pytest.mark.parametrize("text", ["should I upgrade to a 4090?", "想把显卡换成4090", "upgraded my phone to a Pixel 9",
                                  "moved to 5th avenue"])
def test_a_plan_a_question_or_no_part_swaps_nothing(text: str) -> None:
    assert swaps(text) == []


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["my setup is a ryzen 7 7800x3d + rtx 4070 super, shure sm7b mic.",
      "upgraded to the 4090 finally. sold the 4070 super to my buddy Marco for $450"], "rtx 4090", "4070"),
    (["我的电脑配置是i5-12400加3060显卡", "显卡换成4070了，旧的3060卖了500"], "4070显卡", "3060"),
])
def test_a_part_replaced_revises_the_setup_and_keeps_the_other_parts(tmp_path: Path, texts: list[str], new: str,
                                                                     old: str) -> None:
    kept = [t for t in _active_texts(tmp_path, texts) if not t.startswith("user:")]
    assert len(kept) == 1 and new in kept[0] and old not in kept[0], kept
    assert "7800x3d" in kept[0] or "i5-12400" in kept[0]
