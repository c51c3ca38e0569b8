"""Things the user owns or uses under change: a thing sold, given away, lost or stolen ends the item naming it (by
brand, model or kind, with or without "I", the thing put first in Chinese); a new thing of the kind replaces the
old and keeps its model; a partner named first in a divorce ends the partner. Another person's thing, a plan or a
question, a thing got for someone else and a thing never mentioned change nothing. English, Chinese and mixed."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.owned_end import ended_things

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _active_texts(tmp_path: Path, texts: list[str]) -> list[str]:
    return [text for _, text in active(slot_items(tmp_path, texts, start=START, days_apart=20))]


@pytest.mark.parametrize(("texts", "gone"), [
    (["I drive a Honda Civic to work", "Sold the Civic, I take the train now"], "Civic"),
    (["I've got a Trek road bike", "my bike got stolen lol"], "Trek"),
    (["I'm using a Pixel 7", "Lost my phone on the bus yesterday"], "Pixel"),
    (["我开一辆二手宝马", "那辆宝马出掉了，现在坐地铁"], "宝马"),
    (["我开的是丰田卡罗拉", "车卖了，现在每天挤地铁"], "丰田"),
    (["我平时骑一辆捷安特自行车", "自行车昨天被偷了"], "捷安特"),
    (["我平时用 ThinkPad 写代码", "ThinkPad 送给我弟了"], "ThinkPad"),
])
def test_a_thing_gone_ends_its_item(tmp_path: Path, texts: list[str], gone: str) -> None:
    kept = _active_texts(tmp_path, texts)
    assert not [t for t in kept if gone in t and not any(w in t for w in ("no longer", "sold", "Sold", "没有"))], kept


@pytest.mark.parametrize(("texts", "stays"), [
    (["I drive a Mazda 3", "my sister sold her car last month"], "Mazda"),
    (["I drive a Subaru Outback", "thinking of selling my car, should I get an e-bike?"], "Subaru"),
    (["I drive a Tesla Model 3", "sold my old motorbike to a coworker"], "Tesla"),
    (["我开一辆比亚迪汉", "我朋友把他的特斯拉卖了"], "比亚迪"),
    (["我开一辆大众朗逸", "打算把车卖了，你觉得呢？"], "大众"),
    (["I play a Fender Stratocaster", "sold my old guitar but I still have the Fender"], "Fender"),
])
def test_another_persons_thing_or_a_plan_ends_nothing(tmp_path: Path, texts: list[str], stays: str) -> None:
    assert any(stays in t for t in _active_texts(tmp_path, texts))


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["I'm using a Samsung Galaxy S22", "Got a new phone, an iPhone 16, finally"], "iPhone 16", "Galaxy"),
    (["I'm using a Samsung Galaxy S22", "upgraded to a Pixel 9 last week"], "Pixel 9", "Galaxy"),
    (["我用的是小米手机", "入了台iPhone 16，真香"], "iPhone 16", "小米"),
    (["我平时用 ThinkPad 写代码", "ThinkPad 送给我弟了，upgraded to a MacBook Air"], "MacBook Air", "ThinkPad"),
])
def test_a_new_thing_replaces_the_old_and_keeps_its_model(tmp_path: Path, texts: list[str], new: str,
                                                          old: str) -> None:
    kept = _active_texts(tmp_path, texts)
    assert any(new in t for t in kept), kept
    assert not any(old in t for t in kept), kept


def test_a_phone_got_for_mom_is_not_the_users(tmp_path: Path) -> None:
    kept = _active_texts(tmp_path, ["I'm using a Pixel 7", "got my mom a new phone for her birthday, an iPhone 15"])
    assert any("Pixel 7" in t for t in kept) and not any("iPhone" in t or "Pixel 15" in t for t in kept), kept


def test_a_divorce_with_the_partner_named_first_ends_the_partner(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["My wife Claire is a chef", "Claire and I are getting divorced"],
                      start=START, days_apart=20)
    assert not [t for k, t in active(rows) if k.startswith("fact:partner") and "wife is Claire" in t], rows


@pytest.mark.parametrize("text", ["should I sell my Honda?", "我妈把手机丢了", "lost the game lol", "I lost 5 kg",
                                  "如果把车卖了的话", "her car got stolen"])
def test_no_end_is_read_from_questions_others_or_other_losses(text: str) -> None:
    assert ended_things(text) == []


@pytest.mark.parametrize(("texts", "unsaid"), [
    (["I'm using a Pixel 7", "got a new phone, a Pixel 9 2 weeks ago"], "Pixel 9 2"),
    (["我用的是小米手机", "入了台iPhone 16 3天了，真香"], "iPhone 16 3"),
])
def test_a_number_that_counts_days_or_years_is_no_model(tmp_path: Path, texts: list[str], unsaid: str) -> None:
    owned = [t for k, t in active(slot_items(tmp_path, texts, start=START, days_apart=20)) if k.startswith("fact:owns")]
    assert owned and not any(unsaid in t for t in owned), owned


@pytest.mark.parametrize("text", ["我老板把宝马卖了", "我母亲把那辆车卖了", "他把特斯拉卖了", "我同学把自行车弄丢了",
                                  "家里人把钢琴送人了", "我室友的电脑被偷了"])
def test_another_person_named_by_the_relation_lexicon_or_a_pronoun_ends_nothing(text: str) -> None:
    """Who else ends a thing in Chinese: every relation name of ``data/relations.yaml`` (老板, 母亲, 室友 …) and the
    pronouns, classmates and the family, which are no relation there."""
    assert ended_things(text) == []


@pytest.mark.parametrize(("text", "thing"), [("车卖了，现在坐地铁", "车"), ("我把宝马卖了", "宝马"),
                                             ("自行车昨天被偷了", "自行车"), ("Sold the Civic, I take the train now",
                                                                       "Civic")])
def test_the_users_own_thing_still_ends(text: str, thing: str) -> None:
    assert [e.thing for e in ended_things(text)] == [thing]
