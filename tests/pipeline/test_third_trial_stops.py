"""Changes a third new user's trial found, each read by a general rule, in English and Chinese: a thing put
before its stop by 把 (medication, habits, subscriptions), a home said as 在X住 beside a job, a stop with a
reason said after it, and a partner brought in and named in the same turn."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active as _active
from _slot_items import slot_items

START = datetime(2026, 11, 2, 9, tzinfo=UTC)


@pytest.mark.parametrize(("before", "stop", "key"), [
    ("我每天吃二甲双胍", "医生让我把二甲双胍停了", "fact:medication:metformin"),
    ("我每天吃二甲双胍", "我把二甲双胍停掉了", "fact:medication:metformin"),
    ("我每天早上吃阿托伐他汀", "大夫叫我把阿托伐他汀停了", "fact:medication:atorvastatin"),
    ("I take metformin every day", "my doctor took me off metformin", "fact:medication:metformin"),
])
def test_a_drug_put_before_its_stop_ends_the_drug(tmp_path: Path, before: str, stop: str, key: str) -> None:
    rows = slot_items(tmp_path, [before, stop], start=START, days_apart=3)
    assert any(status == "superseded" and k == key for status, k, _ in rows), rows
    now = [t for k, t in _active(rows) if k == key]
    assert len(now) == 1 and ("停用" in now[0] or "no longer" in now[0]), rows
    assert "把" not in now[0], rows  # the drug's name, not the construction


@pytest.mark.parametrize(("before", "switch", "old", "new"), [
    ("我每天吃二甲双胍", "医生让我把二甲双胍换成格列美脲", "metformin", "格列美脲"),
    ("I take metformin", "my doctor switched me from metformin to insulin", "metformin", "insulin"),
])
def test_a_drug_swapped_by_the_one_told_ends_the_old_drug(tmp_path: Path, before: str, switch: str, old: str,
                                                          new: str) -> None:
    rows = slot_items(tmp_path, [before, switch], start=START, days_apart=3)
    keys = [k for k, _ in _active(rows)]
    assert f"fact:medication:{new}" in keys and f"fact:medication:{old}" not in keys, rows


@pytest.mark.parametrize(("before", "stop", "word"), [
    ("我每天都要喝奶茶", "我把奶茶戒掉了", "奶茶"),
    ("我每天抽一包烟", "上个月把烟断了", "烟"),
    ("我开了爱奇艺会员", "我把爱奇艺会员退了", "爱奇艺"),
    ("我订了网飞会员", "我把网飞退了", "网飞"),
    ("I drink way too much coffee", "gave up coffee, doctor said my anxiety might be from it", "coffee"),
    ("I smoke a pack a day", "quit smoking, doc says my lungs are already damaged", "smok"),
    ("我每天喝咖啡", "我把咖啡戒了，医生说我的焦虑可能跟它有关", "咖啡"),
])
def test_a_habit_or_subscription_stopped_ends_it_whatever_follows(tmp_path: Path, before: str, stop: str,
                                                                  word: str) -> None:
    rows = slot_items(tmp_path, [before, stop], start=START, days_apart=3)
    assert any(status == "superseded" and word in t.casefold() for status, _, t in rows), rows
    live = [t for _, t in _active(rows) if word in t.casefold()]
    assert live and all(_STOPPED.search(t) for t in live), rows  # only the stop holds now


_STOPPED = re.compile(r"戒|断|退|停|不再|no longer|quit|gave up|stopped", re.IGNORECASE)


@pytest.mark.parametrize(("said", "home", "org", "job"), [
    ("我在上海浦东住，平时在字节跳动做产品经理", "上海浦东", "字节跳动", "产品经理"),
    ("我在北京朝阳住，在美团做运营", "北京朝阳", "美团", "运营"),
])
def test_a_home_said_by_zai_zhu_is_no_employer(tmp_path: Path, said: str, home: str, org: str, job: str) -> None:
    rows = slot_items(tmp_path, [said], start=START, days_apart=1)
    live = dict(_active(rows))
    assert home in live.get("fact:lives_in", ""), rows
    assert org in live.get("fact:works_at", ""), rows
    assert job in live.get("fact:occupation", ""), rows
    quit_rows = slot_items(tmp_path / "quit", [said, f"我从{org[:2]}离职了"], start=START, days_apart=3)
    assert home in dict(_active(quit_rows)).get("fact:lives_in", ""), quit_rows  # leaving the job keeps the home


@pytest.mark.parametrize(("turns", "name"), [
    (["I'm single", "my mum lives in Ipoh, she's retired", "dating someone new, her name is Chloe 😊"], "Chloe"),
    (["I'm single", "got a girlfriend!! her name is Mia"], "Mia"),
    (["我单身", "我妈住在怡保，已经退休了", "新交了个女朋友，叫小雨"], "小雨"),
    (["我单身", "交了个男朋友，叫阿杰"], "阿杰"),
])
def test_a_partner_brought_in_and_named_ends_single(tmp_path: Path, turns: list[str], name: str) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=2)
    live = _active(rows)
    partner = [t for k, t in live if k == "fact:partner"]
    assert len(partner) == 1 and name in partner[0], rows
    assert not any(name in t for k, t in live if k != "fact:partner"), rows  # not appended to the mum


@pytest.mark.parametrize(("turns", "key", "name"), [
    (["We adopted a dog last week", "her name is Biscuit"], "fact:pet:dog", "Biscuit"),
    (["my mum lives in Ipoh", "her name is Mei Ling"], "fact:mom/lives_in", "Mei Ling"),
    (["我养了一只猫", "她叫咪咪"], "fact:pet:cat", "咪咪"),
])
def test_a_name_said_alone_still_names_the_one_brought_in_before(tmp_path: Path, turns: list[str], key: str,
                                                                 name: str) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=2)
    assert any(k == key and name in t for k, t in _active(rows)), rows
