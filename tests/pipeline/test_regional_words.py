"""Regional Chinese function words read as Mandarin (memory_core/pipeline/regional_words.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.pipeline.plain_text import reading_text
from memory_core.pipeline.regional_words import standard_words
from memory_core.settings import Settings


@pytest.mark.parametrize(("text", "read"), [
    ("俺是哈尔滨的，干冰雕三十年了", "我是哈尔滨的，干冰雕三十年了"),
    ("俺们村种芒果", "我们村种芒果"),
    ("佢係我老公", "他是我老公"),
    ("我而家喺深圳，冇车", "我现在在深圳，没有车"),
    ("I live in Leeds", "I live in Leeds"),
    ("唔饮咖啡喇", "不喝咖啡了"),
    ("我唔食肉喇，而家食素", "我不吃肉了，现在食素"),
    ("我戒咗烟嘞！", "我戒了烟了！"),
    # a particle inside a Mandarin word, and 饮 alone, stay as written
    ("喇叭坏了，喝点冷饮", "喇叭坏了，喝点冷饮"),
    ("西藏的喇嘛", "西藏的喇嘛"),
])
def test_regional_forms_read_as_mandarin(text: str, read: str) -> None:
    assert standard_words(text) == read


def test_standard_mandarin_is_left_as_written() -> None:
    text = "我在上海工作，周末喜欢吃火锅，偶尔去看电影"
    assert standard_words(text) == text


def test_the_text_the_rules_read_has_the_mandarin_word() -> None:
    assert reading_text("俺家住道里区").startswith("我家住道里区")


def test_a_cantonese_stop_ends_the_habit(tmp_path: Path) -> None:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    start = datetime(2026, 3, 2, 9, tzinfo=UTC)
    memory.ingest([Turn("u1", "t0", "s", "user", "我每天喝咖啡", start),
                   Turn("u1", "t1", "s", "user", "唔饮咖啡喇", start + timedelta(days=30))])
    rows = [(str(i.status), i.description) for i in memory.store.list_items("u1", statuses=None) if i.kind != "event"]
    assert ("superseded", "用户喝咖啡") in rows, rows
