"""A moment's strong feeling ("I'm wrecked", "I'm heartbroken", "心碎了", "好难受") is a mood of one day, kept by the
turn's event, never a lasting fact; the same words said of a stretch of time or of a thing stay."""

from __future__ import annotations

import pytest

from memory_core.model import Kind
from memory_core.pipeline.mood import without_moods
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped


def _fact(description: str, lang: str = "en") -> Candidate:
    return Candidate(kind=Kind.FACT, description=description, key="gist:x", lang=lang, speaker="Tom")


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Tom is wrecked", "en"),
        ("User is heartbroken", "en"),
        ("User is totally drained today", "en"),
        ("User is so burnt out", "en"),
        ("User is sooo tired tonite", "en"),
        ("User is soooo exhausted rn lol", "en"),
        ("用户心碎了", "zh"),
        ("用户好难受", "zh"),
    ],
)
def test_a_strong_feeling_of_the_moment_is_no_fact(text: str, lang: str) -> None:
    assert without_moods([_fact(text, lang)]) == []


@pytest.mark.parametrize(
    ("text", "lang"),
    [("User is heartbroken about moving away from Lisbon for good", "en"), ("用户最近一直很难受，失眠三个月了", "zh"),
     ("User is sooo tired of commuting two hours a day", "en")],
)
def test_a_feeling_with_what_it_is_about_stays(text: str, lang: str) -> None:
    assert len(without_moods([_fact(text, lang)])) == 1


def _lexicon() -> dict[str, dict[str, list[str]]]:
    return load_shipped("data", "moods.yaml")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_feeling_in_the_lexicon_alone_is_a_mood(lang: str) -> None:
    feelings = _lexicon()[lang]["feelings"]
    assert len(feelings) > 10
    said = [f"用户{w}" if lang == "zh" else f"User is {w}" for w in feelings]
    assert [c.description for c in without_moods([_fact(s, lang) for s in said])] == []


def test_the_words_around_a_feeling_come_from_the_lexicon() -> None:
    zh, en = _lexicon()["zh"], _lexicon()["en"]
    assert without_moods([_fact(f"用户{zh['before'][-1]}{zh['feelings'][0]}{zh['after'][-1]}", "zh")]) == []
    said = f"User {en['verbs'][1]} {en['degrees'][0]} {en['feelings'][-1]} {en['after'][6]}"
    assert without_moods([_fact(said)]) == []
    # a word that is in no list keeps the fact: a feeling about something stays
    assert len(without_moods([_fact(f"User is {en['feelings'][0]} about the exam")])) == 1
