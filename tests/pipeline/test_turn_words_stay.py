"""The words of one turn never reach another turn's items (trial 14, finding 2).

A stop said with its thing first ("烟我戒了", "Cigarettes, quit for good") names its own thing: it never takes
the thing of an earlier, unrelated turn, in either language order. A stop said as done ("Decided to stop eating
meat, going vegetarian from today") is no plan a later bare "戒了" can finish. "烟我戒了，已经一个月没抽了" ends
smoking as "我戒烟了" does, and "going vegetarian from today" is the diet now.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import MemoryItem, Turn
from memory_core.pipeline import WritePipeline


def _items(texts: list[str]) -> tuple[list[MemoryItem], dict[str, str]]:
    """Every non-event item user ``u1``'s ``texts`` leave (one a month), and turn id -> text."""
    store, pipeline = DictStore(), WritePipeline()
    said = {}
    for n, text in enumerate(texts):
        turn = Turn("u1", f"t{n}", "s", "user", text, datetime(2025, 1, 1, tzinfo=UTC) + timedelta(days=31 * n))
        said[turn.turn_id] = text
        store.apply("u1", pipeline.plan(turn, store))
    return [i for i in store.list_items("u1", statuses=None) if i.kind != "event"], said


def _active(items: list[MemoryItem]) -> list[str]:
    return [i.description for i in items if str(i.status) == "active"]


@pytest.mark.parametrize(("texts", "foreign"), [
    # English before Chinese: the meat of turn 1 never reaches the smoking turn's items
    (["我抽烟，一天半包。", "Decided to stop eating meat, going vegetarian from today.",
      "烟我戒了，已经一个月没抽了。"], ("meat", "肉", "素")),
    (["I drink coffee every day.", "want to quit coffee but can't", "烟我也戒了"], ("coffee", "咖啡")),
    # Chinese before English
    (["我每天喝咖啡。", "想戒咖啡但戒不掉", "Cigarettes, quit for good."], ("coffee", "咖啡")),
    (["我每天喝咖啡。", "想戒咖啡但戒不掉", "Energy drinks, I quit for good."], ("coffee", "咖啡", "energy")),
    (["我每天喝咖啡。", "想戒咖啡但戒不掉", "The vaping, I quit cold turkey."], ("coffee", "咖啡")),
    (["我抽烟。", "打算戒糖", "Cigarettes, quit for good."], ("糖", "sugar")),
])
def test_a_stop_naming_its_own_thing_takes_nothing_from_an_earlier_turn(texts: list[str],
                                                                         foreign: tuple[str, ...]) -> None:
    items, _ = _items(texts)
    last = f"t{len(texts) - 1}"
    from_last = [i.description for i in items if last in i.source]
    assert not any(word in d.casefold() for d in from_last for word in foreign), from_last
    assert not any(str(i.status) == "superseded" and i.source[0] == "t0" and any(w in i.description for w in foreign)
                   for i in items), [(i.status, i.description) for i in items]


def test_the_meat_turn_keeps_its_own_diet_and_the_smoking_turn_ends_smoking() -> None:
    items, _ = _items(["我抽烟，一天半包。", "Decided to stop eating meat, going vegetarian from today.",
                       "烟我戒了，已经一个月没抽了。"])
    by_text = {i.description: i for i in items}
    assert by_text["User is vegetarian"].source == ["t1"]
    assert str(by_text["用户抽烟"].status) == "superseded"
    assert str(by_text["用户戒烟了"].status) == "active" and by_text["用户戒烟了"].source == ["t2"]


def test_a_coffee_weighed_is_still_finished_by_a_bare_stop() -> None:
    live = _active(_items(["我每天喝咖啡。", "想戒咖啡但戒不掉", "终于戒掉了"])[0])
    assert "用户不再喝咖啡" in live and "用户喝咖啡" not in live, live


@pytest.mark.parametrize(("texts", "ended", "gone"), [
    (["我抽烟，一天半包。", "烟我戒了，已经一个月没抽了。"], "用户戒烟了", "用户抽烟"),
    (["I smoke about half a pack a day.", "烟我戒了，三个月了"], "用户戒烟了", "User smokes"),
    (["我每天喝咖啡。", "咖啡我戒了，已经两周没喝了"], "用户不再喝咖啡", "用户喝咖啡"),
])
def test_a_stop_said_thing_first_with_how_long_ends_the_habit(texts: list[str], ended: str, gone: str) -> None:
    live = _active(_items(texts)[0])
    assert ended in live and gone not in live, live


def test_a_stop_with_its_replacement_keeps_the_users_words() -> None:
    live = _active(_items(["我每天喝咖啡。", "咖啡戒了，现在早上就冲杯燕麦奶"])[0])
    assert "用户咖啡戒了" in live, live


@pytest.mark.parametrize(("text", "diet"), [
    ("Decided to stop eating meat, going vegetarian from today.", "User is vegetarian"),
    ("Going vegan starting today!", "User is vegan"),
    ("I'm going vegetarian as of now.", "User is vegetarian"),
])
def test_a_diet_taken_up_as_of_now_is_the_diet(text: str, diet: str) -> None:
    assert diet in _active(_items([text])[0])


@pytest.mark.parametrize("text", ["going vegan next month", "I'm thinking of going vegetarian",
                                  "Decided to stop eating meat."])
def test_a_diet_planned_or_weighed_is_no_diet_yet(text: str) -> None:
    assert not any(d.startswith("User is ve") for d in _active(_items([text])[0]))
