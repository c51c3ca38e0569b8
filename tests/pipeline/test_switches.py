"""Switches of provider, service and medication, one of two services cancelled, and a member of a category
given up (issue 13), in English and Chinese: the new value is current, the old one superseded with history,
and what the user did not end stays."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.examples import named_examples
from memory_core.pipeline.members import without_members
from memory_core.pipeline.switch import Switch, switch_change, switch_in

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _status(rows: list[tuple[str, str, str]], status: str) -> list[str]:
    return [text for s, _, text in rows if s == status]


@pytest.mark.parametrize(("before", "switch", "old", "new"), [
    ("我的工资卡是招商银行的。", "工资卡换成工商银行了。", "招商银行", "工商银行"),
    ("我的车险是平安的。", "车险换成人保了。", "平安", "人保"),
    ("My phone carrier is Verizon.", "I switched my phone carrier to T-Mobile.", "Verizon", "T-Mobile"),
    ("My car insurance is with Geico.", "I switched my car insurance to Progressive.", "Geico", "Progressive"),
    ("My gym is Planet Fitness.", "I switched gyms, I go to Equinox now.", "Planet Fitness", "Equinox"),
])
def test_a_switch_that_names_the_thing_switched_supersedes_the_old_provider(tmp_path: Path, before: str, switch: str,
                                                                       old: str, new: str) -> None:
    rows = slot_items(tmp_path, [before, switch], start=START, days_apart=30)
    live = _status(rows, "active")
    assert not any(old in t for t in live), live
    assert any(new in t for t in live), live
    assert any(old in t for t in _status(rows, "superseded")), rows  # history keeps it


@pytest.mark.parametrize(("before", "switch", "old", "new"), [
    ("I take metformin for my diabetes.", "The doctor took me off metformin, I'm on insulin now.",
     "takes metformin", "takes insulin"),
    ("I take sertraline every morning.", "I stopped sertraline and started escitalopram.",
     "takes sertraline", "takes escitalopram"),
    ("我在吃二甲双胍控制血糖。", "医生让我停了二甲双胍，改打胰岛素了。", "在吃二甲双胍", "胰岛素"),
    ("我在吃二甲双胍。", "二甲双胍停了，现在打胰岛素。", "在吃二甲双胍", "胰岛素"),
    ("我在吃二甲双胍。", "医生把二甲双胍换成了胰岛素。", "在吃二甲双胍", "胰岛素"),
    # the old drug named in a clause of its own, the new one known by its class's ending (a gliptin)
    ("我每天吃二甲双胍。", "二甲双胍胃受不了，医生给我换成西格列汀了。", "二甲双胍", "西格列汀"),
    ("我在吃恩格列净。", "恩格列净老是尿路感染，现在改吃利格列汀了。", "恩格列净", "利格列汀"),
    ("I take metformin twice a day.", "metformin wrecked my stomach so my GP switched me to sitagliptin.",
     "metformin", "sitagliptin"),
])
def test_a_medication_switch_ends_the_old_drug_and_keeps_the_new(tmp_path: Path, before: str, switch: str,
                                                                   old: str, new: str) -> None:
    live = _status(slot_items(tmp_path, [before, switch], start=START, days_apart=30), "active")
    assert not any(old in t and "no longer" not in t for t in live), live  # "no longer takes metformin" may stay
    assert any(new in t and "停" not in t and "no longer" not in t for t in live), live


@pytest.mark.parametrize(("before", "cancel", "ended", "kept"), [
    ("I pay for Spotify and Netflix.", "I cancelled Netflix.", "Netflix", "Spotify"),
    ("I have Hulu and HBO Max.", "I cancelled my HBO Max subscription.", "HBO", "Hulu"),
    ("我开了腾讯视频和爱奇艺会员。", "我取消了爱奇艺会员。", "爱奇艺", "腾讯视频"),
    ("我开了腾讯视频和爱奇艺会员。", "爱奇艺会员我退订了。", "爱奇艺", "腾讯视频"),
])
def test_cancelling_one_of_two_services_keeps_the_other(tmp_path: Path, before: str, cancel: str, ended: str,
                                                        kept: str) -> None:
    live = _status(slot_items(tmp_path, [before, cancel], start=START, days_apart=30), "active")
    assert any(kept in t and ended not in t for t in live), live
    assert not any(ended in t and kept in t for t in live), live  # the statement of both is no longer current


@pytest.mark.parametrize(("before", "stop", "member", "category"), [
    ("I love salty snacks, chips every night.", "I'm on a low-salt diet now, no more chips.", "loves chips",
     "salty snacks"),
    ("I love salty snacks, especially chips and pretzels.", "No more chips for me.", "loves chips", "pretzels"),
    ("我爱吃零食，尤其是薯片。", "我现在不吃薯片了。", "爱薯片", "零食"),
])
def test_a_named_member_of_a_liked_category_ends_alone(tmp_path: Path, before: str, stop: str, member: str,
                                                       category: str) -> None:
    rows = slot_items(tmp_path, [before, stop], start=START, days_apart=30)
    live = _status(rows, "active")
    assert not any(member in t for t in live), live
    assert any(member in t for t in _status(rows, "superseded")), rows
    assert any(category in t for t in live), live


def test_switch_reading_en_and_zh() -> None:
    assert switch_in("I switched to T-Mobile last month.", "en") == Switch("", "T-Mobile", "")
    assert switch_in("I replaced Planet Fitness with a climbing gym.", "en") == \
        Switch("Planet Fitness", "a climbing gym", "")
    assert switch_in("I switched to night shifts.", "en") is None  # no provider, no name, no old value
    assert switch_in("We switched to T-Mobile.", "en") is None  # "we" is read elsewhere
    assert switch_in("我工资卡换成工商银行了", "zh") == Switch("", "工商银行", "工资卡")
    assert switch_in("我把二甲双胍换成了胰岛素", "zh") == Switch("二甲双胍", "胰岛素", "")


def test_an_unnamed_old_provider_is_found_by_the_thing_switched_as_a_whole_word() -> None:
    _, _, terms = switch_change(Switch("", "Progressive", "car insurance"), "en", "")
    whole = {t for t in terms if not t.startswith("1=")}
    assert whole == {"=car insurance"}  # never "car" alone: "User drives a Tesla" stays
    assert "1=Geico" in terms and "1=Progressive" not in terms  # the one insurer held, never the new one
    _, _, zh = switch_change(Switch("", "工商银行", "工资卡"), "zh", "")
    assert {t for t in zh if not t.startswith("1=")} == {"=工资卡"}
    assert switch_change(Switch("", "Monzo", ""), "en", "") == ((), 0, frozenset())  # one may hold two banks


def test_members_taken_out_of_a_statement_en_and_zh() -> None:
    assert without_members("User pays for Spotify and Netflix", frozenset({"netflix"})) == "User pays for Spotify"
    assert without_members("User pays for Netflix and Spotify", frozenset({"netflix"})) == "User pays for Spotify"
    assert without_members("User pays for Netflix", frozenset({"netflix"})) == ""  # nothing else to keep
    assert without_members("用户开了腾讯视频和爱奇艺会员", frozenset({"爱奇艺"})) == "用户开了腾讯视频会员"
    assert without_members("用户开了爱奇艺会员", frozenset({"爱奇艺"})) == ""


def test_examples_a_like_names_en_and_zh() -> None:
    assert named_examples("I love salty snacks, chips every night.", "salty snacks", "en") == ["chips"]
    assert named_examples("I love salty snacks, especially chips and pretzels.", "salty snacks", "en") == \
        ["chips", "pretzels"]
    assert named_examples("I love salty snacks, like I said.", "salty snacks", "en") == []
    assert named_examples("I love jazz, it relaxes me.", "jazz", "en") == []
    assert named_examples("我爱吃零食，尤其是薯片和辣条。", "零食", "zh") == ["薯片", "辣条"]
    assert named_examples("我爱吃零食，因为很解压。", "零食", "zh") == []
