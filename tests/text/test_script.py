"""Han script test: which characters count as Chinese for the rules that pick a language."""

from __future__ import annotations

import pytest

from memory_core.text.script import HAN, HAN_RUN, has_han, lang_of


@pytest.mark.parametrize(("text", "expected"), [
    ("我在Google工作", True),
    ("I love 火锅", True),
    ("Beijing", False),
    ("", False),
    ("こんにちは", False),     # kana is not Han
    ("안녕하세요", False),     # nor Hangul
    ("，。！", False),         # nor CJK punctuation
    ("\u3400", True),          # first character of Extension A
    ("\u4dbf", True),          # last character of Extension A
    ("\u9fff", True),          # last of the unified block
    ("\ua000", False),         # Yi, just past it
])
def test_has_han_covers_extension_a_and_the_unified_block(text, expected):
    assert has_han(text) is expected


def test_compatibility_ideographs_count_only_when_asked():
    assert not has_han("\uf900")
    assert has_han("\uf900", compatibility=True)
    assert has_han("中", compatibility=True)
    assert not has_han("Paris", compatibility=True)


def test_the_compatibility_class_leaves_out_the_hexagram_symbols_between_the_blocks():
    assert has_han("\u4dc0")
    assert not has_han("\u4dc0", compatibility=True)


def test_one_character_and_runs():
    assert HAN.findall("I love 火锅") == ["火", "锅"]
    assert HAN_RUN.findall("住在 Tiong Bahru 附近的小区") == ["住在", "附近的小区"]


@pytest.mark.parametrize(("text", "lang"), [
    ("我在Google工作", "zh"), ("I love 火锅", "zh"), ("Beijing", "en"), ("", "en"), ("🙂 ok", "en")])
def test_lang_of_reads_a_text_with_any_han_character_as_chinese(text: str, lang: str) -> None:
    assert lang_of(text) == lang
