"""Cue lexicons kept as data (``memory_core/data``) load and compile, and the rules built from them read as before:
small talk (``small_talk.yaml``), a Chinese clause with 我 left out (``zh_bare_verb.yaml``), a self-label said as a
joke (``jest.yaml``, plain words through ``word_alt``). English and Chinese."""

from __future__ import annotations

import re

import pytest

from memory_core.pipeline import clauses, self_label, small_talk
from memory_core.pipeline.word_alt import word_alternation
from memory_core.shipped_yaml import load_shipped


@pytest.mark.parametrize("name", ["small_talk.yaml", "zh_bare_verb.yaml", "jest.yaml"])
def test_the_data_loads(name: str) -> None:
    data = load_shipped("data", name)
    assert isinstance(data, dict) and data
    lists = [v for v in data.values() if isinstance(v, list)] + [
        v for lang in ("en", "zh") for v in (data.get(lang) or {}).values()]
    assert lists and all(all(isinstance(w, str) and w for w in words) for words in lists)


def test_the_patterns_compile() -> None:
    assert small_talk._small_talk().flags & re.IGNORECASE
    assert small_talk._pleasantry_part().pattern
    assert clauses._zh_bare_verb().pattern.startswith("^(?:")
    assert set(self_label._patterns()) == {f"{lang}_{kind}" for lang in ("en", "zh")
                                           for kind in ("graded", "hedged", "boast", "servant")}


@pytest.mark.parametrize(("text", "talk"), [
    ("Sounds like a great trip! 🎉", True), ("好的，没问题", True), ("Welcome back, Dr. Lee!", True),
    ("听起来很棒的旅行！", True), ("恭喜王叔叔当爷爷了！", True), ("So sorry to hear that. Sending hugs.", True),
    ("Sure, your meeting is at 3", False), ("好的，我明天去上海", False),
])
def test_small_talk(text: str, talk: bool) -> None:
    assert small_talk.is_small_talk(text) is talk


def test_new_words_leave_out_pleasantries_and_praise() -> None:
    assert small_talk.new_words("好的，没问题！Mochi is a cute name.") == ["mochi"]
    assert "咖啡" in small_talk.new_words("收到，以后不给你推荐咖啡啦")


@pytest.mark.parametrize(("clause", "bare"), [
    ("现在住在杭州", True), ("明年春天办婚礼", True), ("超爱吃火锅", True), ("婚礼推迟到后年了", True),
    ("终于从夜班调成白班了", True), ("他住在杭州", False), ("天气不错", False),
])
def test_a_zh_clause_with_the_speaker_left_out(clause: str, bare: bool) -> None:
    assert bool(clauses._zh_bare_verb().match(clause)) is bare


@pytest.mark.parametrize(("clause", "lang", "joke"), [
    ("I'm basically a world-class napper", "en", True), ("I'm pretty   much a pro sleeper", "en", True),
    ("I'm the president of the pizza lovers fan club lol", "en", True), ("my cat's human alarm clock", "en", True),
    ("I'm a professional photographer", "en", False), ("I'm a nurse lol", "en", False),
    ("我简直就是个骨灰级吃货", "zh", True), ("给猫咪当铲屎官", "zh", True), ("猫主子的奴才", "zh", True),
    ("我已经是火锅协会的会长了😂", "zh", True), ("我是资深记者", "zh", False),
])
def test_a_self_label_as_a_joke(clause: str, lang: str, joke: bool) -> None:
    assert self_label.joke_label(clause, lang) is joke


def test_word_alternation_takes_a_wildcard_word() -> None:
    pattern = re.compile(rf"^(?:{word_alternation(['human *', 'a.b'])})$")
    assert pattern.match("human   alarm") and not pattern.match("human") and not pattern.match("human two words")
    assert pattern.match("a.b") and not pattern.match("axb")  # other parts stay literal
