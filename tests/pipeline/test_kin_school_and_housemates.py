"""A child's school keyed by the child, said by the school's kind or its name's ending ("Lincoln Elementary",
"实验二小"), and a housemate or partner moving in or out of the user's home (``lives_with``), with the near-misses
that must leave the user's own slots alone."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import live_texts, statement_keys

from memory_core.pipeline.slots import read_clause
from memory_core.text.relations import person_label

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _keys(text: str) -> dict[str, tuple[int, str]]:
    return statement_keys(text, at=START)


def _live(tmp_path: Path, texts: list[str]) -> list[str]:
    return live_texts(tmp_path, texts, start=START)


@pytest.mark.parametrize(("text", "key", "value"), [
    ("My daughter goes to Maple Elementary.", "fact:daughter/school", "Maple Elementary"),
    ("my son attends Oak Hill Middle School", "fact:son/school", "Oak Hill Middle School"),
    ("My son transferred to Riverside Primary this fall", "fact:son/school", "Riverside Primary"),
    ("my kid started kindergarten at Little Acorns", "fact:kid/school", "Little Acorns"),
    ("我儿子转学了，现在在实验二小", "fact:儿子/school", "实验二小"),
    ("我女儿转到育才小学了", "fact:女儿/school", "育才小学"),
    ("我女儿上阳光幼儿园", "fact:女儿/school", "阳光幼儿园"),
    ("我闺女在第一中学上初二", "fact:女儿/school", "第一中学"),
])
def test_a_childs_school_is_keyed_by_the_child(text: str, key: str, value: str) -> None:
    said = _keys(text)
    assert key in said and value in said[key][1], said
    assert "fact:school" not in said, said


@pytest.mark.parametrize("text", ["I'm at Lincoln High now", "我现在在实验二小"])
def test_the_user_at_a_school_is_no_school_of_theirs(text: str) -> None:
    """The bare "at <school>" is read only of another person: the user there may be working there."""
    assert "fact:school" not in _keys(text)


def test_the_bare_school_cue_is_read_only_of_another_person() -> None:
    assert not [h for h in read_clause("I'm at Lincoln Elementary now", "en").hits if h.attr.id == "school"]
    hits = read_clause("my daughter is at Lincoln Elementary now", "en").hits
    assert [h.key for h in hits if h.attr.id == "school"] == ["fact:daughter/school"]


def test_a_childs_new_school_supersedes_the_old_and_leaves_the_users(tmp_path: Path) -> None:
    live = _live(tmp_path, ["I study at Boston University", "My daughter goes to Maple Elementary.",
                            "my daughter switched schools, she's at Lincoln Elementary now"])
    assert any("Lincoln Elementary" in t for t in live), live
    assert not any("Maple" in t for t in live), live
    assert any("Boston University" in t for t in live), live


@pytest.mark.parametrize(("word", "label"), [("flatmate", "roommate"), ("housemate", "roommate"),
                                             ("舍友", "室友"), ("合租", "室友"), ("闺女", "女儿")])
def test_a_housemate_word_says_no_more_than_its_relation(word: str, label: str) -> None:
    assert person_label(word) == label


@pytest.mark.parametrize(("text", "key", "polarity"), [
    ("I live with my roommate Jake", "fact:lives_with:roommate", 1),
    ("I share a flat with two flatmates", "fact:lives_with:roommate", 1),
    ("My boyfriend lives with me.", "fact:lives_with:boyfriend", 1),
    ("my girlfriend moved in last month", "fact:lives_with:girlfriend", 1),
    ("my roommate moved out last week", "fact:lives_with:roommate", -1),
    ("my flatmate moved out", "fact:lives_with:roommate", -1),
    ("我和室友合租", "fact:lives_with:室友", 1),
    ("女朋友上周搬过来了", "fact:lives_with:girlfriend", 1),
    ("室友搬走了", "fact:lives_with:室友", -1),
    ("舍友上个月搬出去了", "fact:lives_with:室友", -1),
])
def test_living_with_a_housemate_or_partner_and_its_end(text: str, key: str, polarity: int) -> None:
    said = _keys(text)
    assert key in said and said[key][0] == polarity, said


@pytest.mark.parametrize("text", ["my roommate moved in with her boyfriend", "my sister moved out of her flat"])
def test_another_persons_move_is_no_change_of_the_users_household(text: str) -> None:
    assert not [k for k in _keys(text) if k.startswith("fact:lives_with")]


def test_a_move_out_ends_living_with_them(tmp_path: Path) -> None:
    live = _live(tmp_path, ["我和室友合租，在望京", "舍友上个月搬出去了"])
    assert not any("合租" in t for t in live), live
