"""A Chinese clause and an English one said with no mark between ("辞职了 now I'm a data analyst at Shopee") are
two clauses, and an English sentence that drops its subject and names a Chinese place or employer ("moved to 成都
last month", "Left Google, now a PM at 字节") is read as English: the job or home changes."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.mixed_script import english_framed, seams_marked

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "marked"),
    [
        ("辞职了 now I'm a data analyst at Shopee", "辞职了, now I'm a data analyst at Shopee"),
        ("也换工作了 now at Grab as a PM", "也换工作了, now at Grab as a PM"),
        ("离职了 just joined Canva as a designer", "离职了, just joined Canva as a designer"),
        ("搬家了 I live in Leeds now", "搬家了, I live in Leeds now"),
        ("跳槽了 joined 小红书 as a PM last month", "跳槽了, joined 小红书 as a PM last month"),
    ],
)
def test_an_english_clause_after_a_chinese_one_is_set_apart(text: str, marked: str) -> None:
    assert seams_marked(text) == marked


@pytest.mark.parametrize(
    "text",
    [
        "我 now 在 Shopee 做 PM",
        "我朋友 Jake 刚 moved 到 Denver 了",
        "我 currently 住在上海",
        "I left Tencent, 现在在字节做产品",
        "I live in Leeds",
    ],
)
def test_an_english_word_inside_a_chinese_clause_opens_no_clause(text: str) -> None:
    assert seams_marked(text) == text


@pytest.mark.parametrize(
    ("text", "framed"),
    [
        ("moved to 成都 last month", True),
        ("relocated to 新加坡 for work", True),
        ("Left Google, now a PM at 字节", True),
        ("now 在 Shopee 做 PM", False),  # a Chinese clause of its own
        ("Shopee 的工作辞了", False),
    ],
)
def test_an_english_sentence_without_its_subject_is_english(text: str, framed: bool) -> None:
    assert english_framed(text) is framed


@pytest.mark.parametrize(
    ("texts", "key", "old", "new"),
    [
        (["我在腾讯做运营", "辞职了 now I'm a data analyst at Shopee"], "fact:works_at", "腾讯", "Shopee"),
        (["I work at Lazada as an engineer", "也换工作了 now at Grab as a PM"], "fact:works_at", "Lazada", "Grab"),
        (["I work at Google", "Left Google, now a PM at 字节"], "fact:works_at", "Google", "字节"),
        (["I work at Amazon", "跳槽了 joined 小红书 as a PM last month"], "fact:works_at", "Amazon", "小红书"),
        (["我住在上海", "moved to 成都 last month"], "fact:lives_in", "上海", "成都"),
        (["I live in Sydney", "relocated to 新加坡 for work"], "fact:lives_in", "Sydney", "新加坡"),
    ],
)
def test_the_new_value_supersedes_the_old(tmp_path: Path, texts: list[str], key: str, old: str, new: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=30)
    assert not any(old in d and "不再" not in d and "no longer" not in d for _, d in active(rows)), rows
    assert any(k.startswith(key) and new in d for k, d in active(rows)), rows


def test_a_move_said_after_another_person_stays_theirs(tmp_path: Path) -> None:
    rows = slot_items(
        tmp_path,
        ["我住在上海", "My sister quit her job. moved to 成都 last month, loves it"],
        start=START,
        days_apart=30,
    )
    assert any("上海" in d for _, d in active(rows)), rows
