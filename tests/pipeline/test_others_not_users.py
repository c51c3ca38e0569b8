"""Another person's facts are never the user's (issue 13): a job said after someone else's name, a hope for a
child's major, a child's school or hobby, and two statements that share only a generic word (孩子, kids)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.gist import generic_terms
from memory_core.pipeline.subject_chain import zh_other_opens

START = datetime(2026, 8, 1, 21, tzinfo=UTC)


@pytest.mark.parametrize("clause", ["新的数学老师姓陈", "大的叫乐乐", "小的叫安安", "她男朋友叫老周",
                                    "小芳交了男朋友", "老王离婚了", "安安钢琴不学了", "乐乐转学了"])
def test_a_clause_opening_on_another_person_is_theirs(clause: str) -> None:
    assert zh_other_opens(clause)


@pytest.mark.parametrize("clause", ["天天加班", "刚刚辞职了", "慢慢戒烟了", "我儿子叫乐乐", "周末还是我",
                                    "小时候学过钢琴", "老板叫我加班"])
def test_a_clause_of_the_speakers_own_is_not_anothers(clause: str) -> None:
    assert not zh_other_opens(clause)


@pytest.mark.parametrize("text", ["小芳交了男朋友，叫老周，是个医生。孩子们好像还挺喜欢他",
                                  "新的数学老师姓陈，是个退休的高中老师，周日上午来",
                                  "大的叫乐乐，10岁，上四年级，在实验小学",
                                  "安安钢琴不学了，说手疼，改学画画了"])
def test_no_clause_after_another_person_is_read_as_the_speakers(text: str) -> None:
    assert list(split_clauses(text)) == []


def test_another_persons_job_leaves_the_users_job_current(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["跳槽了，去京东物流做调度主管", "小芳交了男朋友，叫老周，是个医生"],
                      start=START, days_apart=14)
    jobs = [text for key, text in active(rows) if key == "fact:occupation"]
    assert jobs == ["用户的职业是调度主管"], rows


def test_a_hope_for_someone_else_is_no_job(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我其实还是希望她学医的哈哈，不过随她吧"], start=START, days_apart=1)
    assert not any(key == "fact:occupation" for key, _ in active(rows)), rows


def test_a_title_said_with_still_is_a_job(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我还是医生"], start=START, days_apart=1)
    assert ("fact:occupation", "用户的职业是医生") in active(rows), rows


def test_the_childs_word_is_a_generic_term() -> None:
    assert "syn:child" in generic_terms()


@pytest.mark.parametrize(("texts", "kept"), [
    (["我跟小芳商量好了，改成我周三晚上也接孩子，周末还是我", "我自己戒烟了，为了孩子，已经一个礼拜没抽了"],
     "周三晚上也接孩子"),
    (["I pick up the kids every Wednesday evening now", "I quit smoking for the kids, one week clean"],
     "picks up the kids"),
])
def test_a_statement_sharing_only_a_generic_word_ends_nothing(tmp_path: Path, texts: list[str], kept: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=30)
    assert any(kept in text for _, text in active(rows)), rows
