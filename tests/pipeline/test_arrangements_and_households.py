"""Changes of kinds said in everyday English and Chinese, each with the near-misses that must change nothing: how
the user works (remote, hybrid, office), a class of food given up, the number of children, a separation, a parent
moving in, a club joined or quit, a carrier switched, a routine tied to a time of day."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, live_texts, slot_items, statement_keys

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _keys(text: str) -> dict[str, tuple[int, str]]:
    return statement_keys(text, at=START)


def _live(tmp_path: Path, texts: list[str]) -> list[str]:
    return live_texts(tmp_path, texts, start=START)


@pytest.mark.parametrize(("text", "value"), [
    ("I'm fully remote now.", "work from home"),
    ("We went fully remote last month.", "work from home"),
    ("I'm back in the office three days a week.", "hybrid"),
    ("公司让我们居家办公了", "居家办公"),
    ("唉，现在每天都得去公司坐班了", "坐班"),
    ("公司改成混合办公了", "混合办公"),
])
def test_a_work_arrangement_is_one_slot(text: str, value: str) -> None:
    said = _keys(text)
    assert "fact:work_mode" in said and value in said["fact:work_mode"][1], said


@pytest.mark.parametrize("text", [
    "I'm working from a café today.",
    "I work from home today, the plumber is coming.",
    "今天在咖啡馆办公，换换心情",
    "We had a remote meeting with the client.",
])
def test_a_day_elsewhere_is_no_arrangement(text: str) -> None:
    assert "fact:work_mode" not in _keys(text)


def test_going_remote_keeps_the_employer(tmp_path: Path) -> None:
    live = _live(tmp_path, ["I work from home full time.", "I'm back in the office three days a week."])
    assert any("hybrid" in t for t in live) and not any("from home full time" in t for t in live), live


@pytest.mark.parametrize(("texts", "gone", "kept"), [
    (["I drink a lot of milk.", "I drink oat milk in my coffee.", "I've cut out dairy completely."],
     "a lot of milk", "oat milk"),
    (["I love cheese.", "I love bagels.", "I went dairy-free last month."], "cheese", "bagels"),
    (["我每天早上都喝牛奶。", "我平时喜欢喝茶。", "我现在不吃乳制品了"], "牛奶", "茶"),
    (["I love steak.", "I love chicken wings.", "I gave up red meat."], "steak", "chicken"),
])
def test_a_class_of_food_given_up_ends_its_foods_only(tmp_path: Path, texts: list[str], gone: str,
                                                       kept: str) -> None:
    live = _live(tmp_path, texts)
    assert not any(gone in t for t in live) and any(kept in t for t in live), live


def test_a_doctors_wish_changes_nothing(tmp_path: Path) -> None:
    live = _live(tmp_path, ["I love desserts.", "My doctor wants me to cut sugar."])
    assert any("loves desserts" in t for t in live), live


@pytest.mark.parametrize(("texts", "now"), [
    (["I have one kid.", "We had our second last week, a little boy!"], "two children"),
    (["我有一个孩子。", "二胎落地了，是个儿子！"], "两个孩子"),
    (["我有两个孩子。", "我家老三出生了"], "三个孩子"),
])
def test_a_birth_updates_the_number_of_children(tmp_path: Path, texts: list[str], now: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=20)
    children = [(status, text) for status, key, text in rows if key == "fact:children"]
    said = f"User has {now}" if now.isascii() else f"用户有{now}"
    assert [text for status, text in children if status == "active"] == [said], children


@pytest.mark.parametrize("text", ["My niece just had her second baby!", "我表姐二胎出生了，是个女儿"])
def test_a_relatives_baby_is_not_the_users(text: str) -> None:
    assert "fact:children" not in _keys(text)


@pytest.mark.parametrize(("first", "split"), [
    ("我老公叫阿强。", "我们分居了"),
    ("My wife's name is Anna.", "Anna and I separated in the spring."),
])
def test_a_separation_ends_the_partner(tmp_path: Path, first: str, split: str) -> None:
    rows = slot_items(tmp_path, [first, split], start=START, days_apart=20)
    assert not any(key == "fact:partner" and ("阿强" in text or "Anna" in text) for key, text in active(rows)), rows


@pytest.mark.parametrize(("home", "moved", "rel"), [
    ("I live in Leeds.", "My mum moved in with us last month.", "mom"),  # keyed by the person's label:
    ("我住在杭州。", "我爸搬来跟我们住了", "dad"),  # "my mum" and "我妈" are one mother
])
def test_a_parent_moving_in_is_a_household_fact_not_a_new_home(tmp_path: Path, home: str, moved: str,
                                                                rel: str) -> None:
    live = active(slot_items(tmp_path, [home, moved], start=START, days_apart=20))
    homes = [text for key, text in live if key.split("@")[0].endswith("lives_in")]
    assert homes and all("Leeds" in t or "杭州" in t for t in homes), live
    assert any(key == f"fact:lives_with:{rel}" for key, _ in live), live


@pytest.mark.parametrize("text", ["My friend moved in with her boyfriend.", "我妈过来了", "我妈周末过来看我们",
                                  "My mum came over for dinner."])
def test_a_visit_or_anothers_move_is_no_household_fact(text: str) -> None:
    assert not any(key.startswith("fact:lives_with") for key in _keys(text))


@pytest.mark.parametrize("text", ["I quit the choir.", "I left the bowling league.", "我离开了合唱团"])
def test_leaving_a_club_leaves_no_employer(text: str) -> None:
    assert not any(key.startswith("fact:works_at") for key in _keys(text))


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["我的手机卡是移动的。", "我从移动换到联通了"], "移动", "联通"),
    (["我用的是联通的卡。", "上周携号转网到电信了"], "联通", "电信"),
])
def test_a_carrier_switch_ends_the_old_carrier(tmp_path: Path, texts: list[str], old: str, new: str) -> None:
    live = _live(tmp_path, texts)
    assert any(new in t for t in live) and not any(old in t and new not in t for t in live), live


@pytest.mark.parametrize(("text", "said"), [
    ("Every night before bed I read for 20 minutes.", "before bed"),
])
def test_a_habit_tied_to_a_time_of_day_is_a_routine(text: str, said: str) -> None:
    routines = [d for k, (_, d) in _keys(text).items() if k.startswith("fact:routine:")]
    assert routines and said in routines[0].casefold(), _keys(text)


def test_a_drink_after_dinner_stays_a_drink() -> None:
    assert not any(k.startswith("fact:routine:") for k in _keys("I have a glass of wine after dinner."))
