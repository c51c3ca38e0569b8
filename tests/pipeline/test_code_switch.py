"""An English filler inside a Chinese clause ("我 currently 在 Shopee 做 PM") does not keep the Chinese cues from
reading it; English text and English words said as values stay as written."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.code_switch import without_fillers

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
