"""Who the user lives with ends as said, whatever word or pronoun says the person ("合租的那个小哥退租了", "he moved
out", "I live with my roommate" … "室友搬走了"); a clause after "my dad's knee …" that drops its subject is the dad's;
work tools said with hedges or without 我 are each read. English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items, statement_keys

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.household import same_person
from memory_core.pipeline.housemate_gone import chosen_housemate
from memory_core.text.relations import person_label

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _lives_with(rows: list[tuple[str, str, str]]) -> list[str]:
    """The active descriptions of who the user lives with."""
    return [text for key, text in active(rows) if key.startswith("fact:lives_with:")]


@pytest.mark.parametrize(("said", "stored", "ended", "same"), [
    ("室友", "roommate", False, True),  # one relation said in two languages
    ("roommate", "flatmate", False, True),
    ("girlfriend", "partner", True, True),  # a move out: the partner word of no gender is the girlfriend
    ("girlfriend", "partner", False, False),  # a move in says nothing of the partner before
    ("girlfriend", "boyfriend", True, False),  # two genders are two people
    ("男朋友", "对象", True, True),
    ("mom", "mom", True, False),  # one key: met as said, no end of its own
    ("roommate", "mom", True, False),
])
def test_one_person_under_two_words(said: str, stored: str, ended: bool, same: bool) -> None:
    assert same_person(said, stored, ended) is same


@pytest.mark.parametrize(("word", "label"), [("老妈", "mom"), ("妈妈", "mom"), ("mama", "mom"), ("老爸", "dad"),
                                             ("papa", "dad"), ("hubby", "husband"), ("bf", "boyfriend"),
                                             ("gf", "girlfriend"), ("合租", "室友")])
def test_kin_words_have_one_label(word: str, label: str) -> None:
    assert person_label(word) == label


@pytest.mark.parametrize(("gender", "said", "key"), [
    ("male", [("k:girlfriend", "girlfriend", 1.0), ("k:roommate", "roommate", 2.0)], "k:roommate"),
    ("female", [("k:girlfriend", "girlfriend", 1.0), ("k:roommate", "roommate", 2.0)], "k:girlfriend"),
    ("female", [("k:roommate", "roommate", 1.0), ("k:室友", "室友", 3.0)], "k:室友"),  # the most recent of no gender
    ("male", [("k:girlfriend", "girlfriend", 1.0), ("k:mom", "mom", 2.0)], None),  # never one of the other gender
    ("male", [("k:mom", "mom", 1.0), ("k:dad", "dad", 0.5), ("k:boyfriend", "boyfriend", 2.0)], "k:boyfriend"),
])
def test_the_pronoun_takes_the_latest_housemate_of_its_gender(
        gender: str, said: list[tuple[str, str, float]], key: str | None) -> None:
    assert chosen_housemate(gender, said) == key


@pytest.mark.parametrize(("texts", "gone", "kept"), [
    (["我和一个小哥合租", "合租的那个小哥退租了"], "合租", ""),
    (["我跟两个同事合租了一套两居室", "合租的那个同事上个月退租了"], "合租", ""),
    (["I live with my roommate Jake", "my sister lives in Rome", "he moved out"], "Jake", "Rome"),
    (["我跟室友小美一起住", "我妈住在苏州", "她搬走了"], "小美", "苏州"),
    (["I moved in with my boyfriend Sam last year", "He moved out last weekend"], "boyfriend", ""),
    (["I live with a roommate", "室友搬走了"], "roommate", ""),
    (["I live with my partner", "my gf moved out last month"], "partner", ""),
])
def test_a_move_out_ends_the_housemate_meant(tmp_path: Path, texts: list[str], gone: str, kept: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=2)
    assert not any(gone in text for text in _lives_with(rows) if "不再" not in text and "no longer" not in text), rows
    if kept:
        assert any(kept in text for _, text in active(rows)), rows


def test_a_pronoun_of_the_other_gender_ends_nobody(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["My mom moved in with us", "he moved out"], start=START, days_apart=2)
    assert [text for text in _lives_with(rows)] == ["User's mom moved in with us"], rows


@pytest.mark.parametrize("texts", [["My mom moved in with us", "she moved out"],
                                   ["我妈搬来跟我们住了", "她上个月搬出去了"]])
def test_a_parent_who_lived_with_the_user_moves_out(tmp_path: Path, texts: list[str]) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=2)
    assert all("no longer" in text or "不再" in text for text in _lives_with(rows)), rows


@pytest.mark.parametrize(("text", "clauses"), [
    ("My dad's knee is bad. Had surgery last week", ["My dad's knee is bad.", "My dad had surgery last week"]),
    ("my sister's startup folded, looking for work now",
     ["my sister's startup folded", "my sister is looking for work now"]),
    ("My sister's bakery closed. Moved back to Ohio", ["My sister's bakery closed.", "My sister moved back to Ohio"]),
])
def test_a_clause_without_subject_after_my_xs_thing_is_xs(text: str, clauses: list[str]) -> None:
    assert [c for c, _ in split_clauses(text)] == clauses


@pytest.mark.parametrize("text", ["My friend Anna is great, had lunch with her", "I love my job, looking for a flat"])
def test_the_users_own_clause_is_not_given_away(text: str) -> None:
    assert [c for c, _ in split_clauses(text)] == [text]


def test_a_relative_owned_opens_no_chain_of_the_owner() -> None:
    clauses = [c for c, _ in split_clauses("my brother's wife left him, moved to Denver")]
    assert clauses == ["my brother's wife left him"]


@pytest.mark.parametrize(("text", "tools"), [
    ("At work we use, like, Jira and Slack and honestly too much Notion", {"jira", "slack", "notion"}),
    ("Our team uses Linear, Slack and, honestly, way too much Figma", {"linear", "slack", "figma"}),
    ("工作上主要用的是飞书，偶尔也用钉钉", {"feishu", "dingtalk"}),
    ("我们公司一直用钉钉，有时候也用企业微信", {"dingtalk", "wecom"}),
])
def test_each_tool_of_a_loose_list_is_read(text: str, tools: set[str]) -> None:
    keys = statement_keys(text, at=START)
    assert {k.rpartition(":")[2] for k, (pol, _) in keys.items() if k.startswith("fact:work_tool:") and pol > 0} \
        == tools, keys


@pytest.mark.parametrize(("text", "tool"), [("钉钉已经不用了", "dingtalk"), ("飞书下线了", "feishu")])
def test_a_tool_said_first_then_dropped_ends(text: str, tool: str) -> None:
    assert statement_keys(text, at=START).get(f"fact:work_tool:{tool}", (0, ""))[0] == -1
