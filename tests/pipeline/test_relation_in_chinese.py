"""An English relation word opening a Chinese clause names that person, and the subject-less clause after it is
theirs too: "my wife Grace 是护士，在Stanford Hospital上夜班" is the wife's job, never the user's employer."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.relation_in_chinese import relation_in_chinese

START = datetime(2026, 1, 10, 9, tzinfo=UTC)


@pytest.mark.parametrize(("said", "read"), [
    ("my wife Grace 是护士，在Stanford Hospital上夜班", "我老婆Grace是护士，在Stanford Hospital上夜班"),
    ("My husband在Google上班", "我老公在Google上班"),
    ("我在Apple上班，my son Ethan 在Lincoln上学", "我在Apple上班，我儿子Ethan在Lincoln上学"),
    ("my boyfriend 阿杰是程序员", "我男朋友阿杰是程序员"),
    ("my older sister 住在北京", "我姐姐住在北京"),
])
def test_the_relation_is_said_as_its_chinese_word(said: str, read: str) -> None:
    assert relation_in_chinese(said) == read


@pytest.mark.parametrize("said", [
    "my wife Grace is a nurse, she works nights at Stanford Hospital",  # an English clause of its own
    "my wife and I 搬到了杭州",  # the user is part of the subject
    "my sister Amy 在北京上班",  # 姐姐 or 妹妹: left as said
    "I told my wife 我们周末去杭州",  # not the clause's opening
])
def test_other_openings_are_left_as_said(said: str) -> None:
    assert relation_in_chinese(said) == said


def test_the_clause_after_the_relation_continues_it() -> None:
    clauses = [c for c, _ in split_clauses("my wife Grace 是护士，在Stanford Hospital上夜班")]
    assert clauses == ["我老婆Grace是护士", "我老婆Grace在Stanford Hospital上夜班"], clauses


@pytest.mark.parametrize(("texts", "theirs", "value"), [
    (["we live in San Jose, 我在Apple做hardware engineer", "my wife Grace 是护士，在Stanford Hospital上夜班"],
     "fact:wife/", "Stanford Hospital"),
    (["I work at Shopify.", "my husband 是程序员，在腾讯上班"], "fact:husband/", "腾讯"),
])
def test_the_persons_job_leaves_the_users_employer(tmp_path: Path, texts: list[str], theirs: str,
                                                  value: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=20)
    now = active(rows)
    assert any(key.startswith(theirs) and value in text for key, text in now), rows
    assert not any(value in text for _, key, text in rows if key.startswith("fact:works_at")), rows
    assert any(key == "fact:works_at" for key, _ in now), rows
