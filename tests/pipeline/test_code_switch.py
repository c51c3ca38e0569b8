"""An English filler inside a Chinese clause ("我 currently 在 Shopee 做 PM") does not keep the Chinese cues from
reading it, and an English change verb there ("上周 join 了 Shopee", "咖啡我 quit 了") is read as its Chinese cue;
English text and English words said as values stay as written."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.code_switch import with_chinese_cues, without_fillers

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("我 currently 在 Shopee 做 PM，base 新加坡", "我在 Shopee 做 PM，base 新加坡"),
        ("我 still 住在上海", "我住在上海"),
        ("Actually 我不吃辣", "我不吃辣"),
        ("我 right now 在 Grab 上班", "我在 Grab 上班"),
    ],
)
def test_a_filler_between_chinese_words_is_read_past(text: str, read: str) -> None:
    assert without_fillers(text) == read


@pytest.mark.parametrize(
    "text",
    ["I currently live in 上海", "我 like 吃辣", "周末去 climbing", "base 新加坡", "I'm still at Google"],
)
def test_english_and_english_values_stay_as_written(text: str) -> None:
    assert without_fillers(text) == text


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("我 currently 在 Shopee 做 PM，base 新加坡", "fact:works_at", "Shopee"),
        ("我 currently 在 Shopee 做 PM，base 新加坡", "fact:lives_in", "新加坡"),
        ("我 now 住在杭州", "fact:lives_in", "杭州"),
        ("我 actually 对花生过敏", "fact:allergy", "花生"),
    ],
)
def test_the_chinese_cues_read_the_clause(tmp_path: Path, text: str, key: str, value: str) -> None:
    rows = active(slot_items(tmp_path, [text], start=START, days_apart=1))
    assert any(k.startswith(key) and value in d for k, d in rows), rows


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("上周 join 了 Shopee as PM，还在适应", "上周加入了 Shopee 做 PM，还在适应"),
        ("我上周 join Grab 了", "我上周加入 Grab 了"),
        ("已经 relocate 到深圳了", "已经搬到深圳了"),
        ("我朋友 Jake 刚 moved 到 Denver 了", "我朋友 Jake 刚搬到 Denver 了"),
        ("咖啡我 quit 了", "咖啡我戒了"),
        ("我已经 quit 烟了", "我已经戒烟了"),
        ("最近又 start 抽烟了", "最近又开始抽烟了"),
    ],
)
def test_a_change_verb_inside_chinese_reads_as_its_chinese_cue(text: str, read: str) -> None:
    assert with_chinese_cues(text) == read


@pytest.mark.parametrize(
    "text",
    ["I quit smoking", "I moved to 深圳", "我 quit Shopee 了", "我 move on 了", "我喜欢 Shopee as a brand"],
)
def test_english_sentences_and_other_uses_stay_as_written(text: str) -> None:
    assert with_chinese_cues(text) == text


@pytest.mark.parametrize(
    ("texts", "key", "old", "new"),
    [
        (["我在字节做设计师", "上周 join 了 Shopee as PM"], "fact:works_at", "字节", "Shopee"),
        (["I work at Deloitte", "我 joined 了 Grab，下周一上班"], "fact:works_at", "Deloitte", "Grab"),
        (["我住在广州", "已经 relocate 到深圳了"], "fact:lives_in", "广州", "深圳"),
        (["I live in Toronto", "上个月 moved 到温哥华了"], "fact:lives_in", "Toronto", "温哥华"),
    ],
)
def test_the_change_supersedes_the_old_value(tmp_path: Path, texts: list[str], key: str, old: str, new: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=30)
    assert not any(old in d for k, d in active(rows)), rows
    assert any(k.startswith(key) and new in d for k, d in active(rows)), rows


@pytest.mark.parametrize(
    "texts",
    [["我每天早上喝一杯咖啡", "咖啡我 quit 了"], ["I smoke about half a pack a day", "我已经 quit 烟了"]],
)
def test_a_habit_quit_inside_chinese_ends_the_habit(tmp_path: Path, texts: list[str]) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=30)
    assert any(status == "superseded" for status, _, _ in rows), rows
    assert all("戒" in d or "不再" in d for _, d in active(rows)), rows


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("today 入职字节, back to office life", "今天入职字节, back to office life"),
        ("我 last week 搬到成都了", "我上周搬到成都了"),
        ("面试 yesterday 还行", "面试昨天还行"),
    ],
)
def test_a_day_said_in_english_inside_chinese_reads_as_its_chinese_word(text: str, read: str) -> None:
    assert with_chinese_cues(text) == read


@pytest.mark.parametrize("text", ["today was great", "去 climbing today 哈哈", "I moved last week"])
def test_a_day_said_in_english_elsewhere_stays_as_written(text: str) -> None:
    assert with_chinese_cues(text) == text


@pytest.mark.parametrize(
    ("texts", "key", "value"),
    [
        (["today 入职字节, back to office life"], "fact:works_at", "字节"),
        (["yesterday 搬到成都了"], "fact:lives_in", "成都"),
    ],
)
def test_a_change_said_after_an_english_day_is_read(tmp_path: Path, texts: list[str], key: str, value: str) -> None:
    rows = active(slot_items(tmp_path, texts, start=START, days_apart=1))
    assert any(k.startswith(key) and value in d for k, d in rows), rows
