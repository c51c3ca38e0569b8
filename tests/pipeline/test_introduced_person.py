"""A person introduced in passing by a role and a name owns the clauses after it that drop their subject.

"以前带过一个学生叫刘洋，现在在大连理工当教授" made the user a professor at 大连理工; "I used to mentor a student
named Liu, now a professor at MIT" the same in English. A relation of the lexicon (朋友, friend) keeps the clause
as that person's; any other role (学生, an intern) leaves it out; a pet named so is no person.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.introduced_person import en_introduced, zh_introduced
from memory_core.pipeline.subject_chain import AWAY
from tests.pipeline._slot_items import statement_keys

AT = datetime(2026, 3, 4, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("clause", "whose"), [
    ("以前带过一个学生叫刘洋", AWAY), ("我之前收过一个徒弟叫小张", AWAY), ("之前有个客户叫王总", AWAY),
    ("认识一个朋友叫小李", "朋友"), ("我有个同事叫阿彬", "同事"),
    ("养了条狗叫大黄", None), ("我叫刘洋", None), ("我在华中师范教书", None),
])
def test_a_chinese_clause_introducing_a_person_says_whose_the_next_clauses_are(clause: str, whose: str | None) -> None:
    assert zh_introduced(clause) == whose


@pytest.mark.parametrize(("clause", "whose"), [
    ("I used to mentor a student named Liu", AWAY), ("we had an intern called Priya", AWAY),
    ("I know this guy named Jake Miller", AWAY), ("I have a friend named Dan", "my friend Dan"),
    ("we adopted a cat named Ramen", None), ("found a restaurant called Nobu", None), ("I'm a nurse", None),
])
def test_an_english_clause_introducing_a_person_says_whose_the_next_clauses_are(clause: str, whose: str | None) -> None:
    assert en_introduced(clause) == whose


@pytest.mark.parametrize("text", [
    "以前带过一个学生叫刘洋，现在在大连理工当教授", "之前带过一个研究生叫陈晨，后来去了深圳，在华为做工程师",
    "I used to mentor a student named Liu, now a professor at MIT",
    "we had an intern named Priya, now a resident at Johns Hopkins",
])
def test_the_introduced_persons_job_is_not_the_users(text: str) -> None:
    keys = statement_keys(text, at=AT)
    assert not {k for k in keys if k.startswith(("fact:works_at", "fact:occupation"))}, keys


def test_a_friend_introduced_by_name_keeps_their_employer_under_the_relation() -> None:
    keys = statement_keys("认识一个朋友叫小李，在字节做产品", at=AT)
    assert "fact:works_at" not in keys
    assert any(k.startswith("fact:朋友/works_at") for k in keys), keys


def test_the_speakers_own_clause_after_a_plain_statement_is_still_theirs() -> None:
    said = [clause for clause, _ in split_clauses("我有个妹妹，我现在在大连理工当教授")]
    assert any(c.startswith("我现在在大连理工") for c in said), said
