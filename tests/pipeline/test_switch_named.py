"""A switch to a new pastime ends only what its clause, or the one before, says was stopped ("Gave up fly fishing.
Took up woodworking instead." leaves volunteering); with no stop named it replaces the others as before; a start said
first ("又开始跑了", "Started … again") leads to no statement of another thing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.gist import topic
from memory_core.pipeline.switch_named import replaced_named


def _items(texts: list[str]) -> list[tuple[str, str, str]]:
    return planned_items(texts, timedelta(days=1))


def _active(texts: list[str]) -> list[str]:
    return [d for s, k, d in _items(texts) if s == "active" and not k.startswith("event:")]


def test_named_stop_objects() -> None:
    assert "fly fishing" in replaced_named("Took up woodworking in the garage instead.",
                                           "Gave up fly fishing for now.", "en")
    assert "badminton" in replaced_named("我改打网球", "", "zh", "不打羽毛球了，改打网球")
    assert "japanese" in replaced_named("改学韩语了", "日语放弃了", "zh")
    assert not replaced_named("Took up pottery instead.", "", "en")  # no stop named: the others end
    assert not replaced_named("I took up pottery.", "I gave up tennis.", "en")  # no switch word


@pytest.mark.parametrize(("texts", "kept", "ended"), [
    (["Started volunteering at the local food bank Tuesdays and Thursdays.",
      "Gave up fly fishing for now. Took up woodworking in the garage instead."], "volunteering", ""),
    (["I go hiking most weekends", "I play tennis every Saturday", "I gave up tennis. Took up golf instead."],
     "hiking", "tennis"),
    (["我周末一般去水库钓鱼", "我每周打羽毛球", "不打羽毛球了，改打网球"], "钓鱼", "羽毛球"),
    (["我周末一般去爬山", "我每周练瑜伽", "瑜伽不练了，改练拳击"], "爬山", "练瑜伽"),
])
def test_switch_ends_only_what_it_names(texts: list[str], kept: str, ended: str) -> None:
    active = _active(texts)
    assert any(kept in d for d in active), active
    if ended:
        assert not any(ended in d and "不" not in d and "no longer" not in d for d in active), active


def test_switch_naming_nothing_replaces_the_others() -> None:
    active = _active(["I do yoga twice a week", "I play guitar", "Took up pottery instead."])
    assert not any("yoga" in d for d in active), active


@pytest.mark.parametrize(("first", "then"), [
    ("开始学做川菜，周航说我做的回锅肉比他妈做的好吃哈哈",
     "膝盖好了，医生说可以慢慢恢复跑步，我又开始跑了，一周三次。"),
    ("开始学钢琴了，每周上一次课", "又开始跑步了"),
    ("最近开始学书法", "重新开始练瑜伽了"),
])
def test_a_start_said_first_speaks_of_no_other_pastime(first: str, then: str) -> None:
    items = _items([first, then])
    said = {d: s for s, k, d in items if not k.startswith("event:")}
    assert all(s == "active" for s in said.values()), items
    assert topic("用户又开始跑了", "zh", "用户").lead == ""
    assert topic("Started running again", "en", "User").lead != topic("Started volunteering", "en", "User").lead


def test_a_stop_two_clauses_before_the_switch_is_named() -> None:
    active = _active(["I play chess at the library club every Saturday.", "I sing in a community choir.",
                      "Stopped singing in the choir, my voice needed a break. Picked up rock climbing instead."])
    assert any("chess" in d for d in active) and any("climbing" in d for d in active), active
