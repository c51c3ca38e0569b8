"""Memory that stays true under change (issue 13), in English and Chinese: an allergy taken back, a code or
number renewed, a switch naming only the new carrier. The old value is superseded with history, the new one is
active, and health values and codes keep their sensitive handling."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.pipeline.numbers import numbers_in
from memory_core.pipeline.switch import Switch, switch_change
from memory_core.settings import Settings

START = datetime(2026, 2, 1, 9, tzinfo=UTC)


def _by_status(rows: list[tuple[str, str, str]], status: str) -> list[str]:
    return [text for s, _, text in rows if s == status]


@pytest.mark.parametrize(("said", "taken_back", "old", "now"), [
    ("I'm allergic to peanuts.", "Turns out I'm not allergic to peanuts after all, the test was negative.",
     "is allergic to peanuts", "not allergic to peanuts"),
    ("I'm allergic to milk.", "I outgrew my milk allergy.", "is allergic to milk", "no longer allergic to milk"),
    ("I have a shellfish allergy.", "My allergy test came back negative for shellfish.", "is allergic to shellfish",
     "no longer allergic to shellfish"),
    ("我对花生过敏。", "其实我对花生不过敏，检查结果是阴性。", "对花生过敏", "花生不过敏"),
    ("我对虾过敏。", "查了才知道我不是对虾过敏。", "对虾过敏", "对虾不过敏"),
    ("我对芒果过敏。", "我对芒果已经不过敏了。", "对芒果过敏", "不再对芒果过敏"),
])
def test_an_allergy_taken_back_supersedes_the_allergy(tmp_path: Path, said: str, taken_back: str, old: str,
                                                      now: str) -> None:
    rows = slot_items(tmp_path, [said, taken_back], start=START, days_apart=20)
    active = _by_status(rows, "active")
    assert any(now in t for t in active), rows
    assert not any(old in t and now not in t for t in active), rows  # no contradicting pair stays active
    assert any(old in t for t in _by_status(rows, "superseded")), rows  # history keeps it


def test_a_negated_allergy_reads_as_no_allergy_to_the_food_not_to_its_negation() -> None:
    from memory_core.pipeline.extract import MechanicalExtractor
    turn = Turn("u1", "t1", "s", "user", "我对花生不过敏。", START)
    keys = {(c.key, c.polarity) for c in MechanicalExtractor().extract(turn) if c.key.startswith("fact:allergy")}
    assert keys == {("fact:allergy:peanuts", -1)}  # never an allergy to "花生不"


@pytest.mark.parametrize(("text", "thing", "value"), [
    ("My locker code is 4417.", "locker", "4417"),
    ("Changed my locker code, it's 9902 now.", "locker", "9902"),
    ("new phone number: 555-0199", "phone", "555-0199"),
    ("I changed my door code to 7314.", "door", "7314"),
    ("我的车牌号是沪B·12345。", "plate", "沪B·12345"),
    ("车牌号换了，新的是沪A·88K21", "plate", "沪A·88K21"),
    ("换了个新手机号，13700137000", "phone", "13700137000"),
    ("储物柜密码改成了5521", "locker", "5521"),
])
def test_a_number_held_is_read_with_its_thing_en_and_zh(text: str, thing: str, value: str) -> None:
    [held] = numbers_in(text)
    assert (held.thing, held.value) == (thing, value)


@pytest.mark.parametrize("text", [
    "What's my locker code?", "My sister's phone number is 555-0100.", "我妈的手机号是13800138000",
    "我的手机号是多少？", "My locker is by the door.",
])
def test_no_number_of_the_users_in_a_question_or_of_another_person(text: str) -> None:
    assert numbers_in(text) == []


@pytest.mark.parametrize(("first", "then", "old", "new"), [
    ("My locker code is 4417.", "Changed my locker code, it's 9902 now.", "4417", "9902"),
    ("My phone number is 555-0134.", "new phone number: 555-0199", "555-0134", "555-0199"),
    ("我的车牌号是沪B·12345。", "车牌号换了，新的是沪A·88K21", "沪B·12345", "沪A·88K21"),
    ("我的储物柜密码是3306", "储物柜密码改成了5521", "3306", "5521"),
])
def test_a_new_number_replaces_the_old_one(tmp_path: Path, first: str, then: str, old: str, new: str) -> None:
    rows = slot_items(tmp_path, [first, then], start=START, days_apart=30)
    active = _by_status(rows, "active")
    assert any(new in t for t in active), rows
    assert not any(old in t for t in active), rows


@pytest.mark.parametrize(("text", "code"), [("My locker code is 4417.", "4417"), ("我的储物柜密码是3306", "3306")])
def test_a_code_keeps_its_sensitive_handling(tmp_path: Path, text: str, code: str) -> None:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", "t0", "s", "user", text, START)])
    themes = {i.theme for i in memory.store.list_items("u1") if code in i.description and i.kind != "event"}
    assert themes == {"sensitive"}


@pytest.mark.parametrize(("held", "switch", "old", "new"), [
    ("My phone carrier is Verizon.", "I switched to T-Mobile last week.", "Verizon", "T-Mobile"),
    ("我用的是移动的卡", "我换成联通了", "移动", "联通"),
])
def test_a_switch_naming_only_the_new_carrier_ends_the_one_carrier_held(tmp_path: Path, held: str, switch: str,
                                                                        old: str, new: str) -> None:
    rows = slot_items(tmp_path, [held, switch], start=START, days_apart=30)
    assert any(new in t for t in _by_status(rows, "active")), rows
    assert not any(old in t for t in _by_status(rows, "active")), rows
    assert any(old in t for t in _by_status(rows, "superseded")), rows


def test_a_switch_to_a_bank_ends_neither_of_two_banks_held(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["I bank with Chase. I also have a savings account at Ally.", "I switched to Monzo."],
                      start=START, days_apart=30)
    active = _by_status(rows, "active")
    assert any("Chase" in t for t in active) and any("Ally" in t for t in active), rows
    _, _, terms = switch_change(Switch("", "联通", ""), "zh", "")
    assert "1=移动" in terms and "1=联通" not in terms  # the new value itself never ends




@pytest.mark.parametrize(("text", "shown"), [
    ("用户对花生不过敏", "用户对[health]不过敏"),  # never "用户对[health]过敏": the negation stays in sight
    ("用户对芒果已经不过敏了", "用户对[health]已经不过敏了"),
    ("User is not allergic to peanuts", "User is not allergic to [health]"),
])
def test_a_negated_allergy_is_masked_with_its_negation_in_sight(text: str, shown: str) -> None:
    from memory_core.pipeline.sensitive import detect, mask
    assert mask(text, detect(text)) == shown
