"""Regional Chinese function words read as Mandarin (memory_core/pipeline/regional_words.py)."""

from __future__ import annotations

import pytest

from memory_core.pipeline.plain_text import reading_text
from memory_core.pipeline.regional_words import standard_words


@pytest.mark.parametrize(("text", "read"), [
    ("俺是哈尔滨的，干冰雕三十年了", "我是哈尔滨的，干冰雕三十年了"),
    ("俺们村种芒果", "我们村种芒果"),
    ("佢係我老公", "他是我老公"),
    ("我而家喺深圳，冇车", "我现在在深圳，没有车"),
    ("I live in Leeds", "I live in Leeds"),
])
def test_regional_forms_read_as_mandarin(text: str, read: str) -> None:
    assert standard_words(text) == read


def test_standard_mandarin_is_left_as_written() -> None:
    text = "我在上海工作，周末喜欢吃火锅，偶尔去看电影"
    assert standard_words(text) == text


def test_the_text_the_rules_read_has_the_mandarin_word() -> None:
    assert reading_text("俺家住道里区").startswith("我家住道里区")
