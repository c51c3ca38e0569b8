"""The bilingual theme lexicon and the classifier stage."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Kind, Turn
from memory_core.pipeline import THEMES, Candidate, LexiconClassifier, classify_theme, theme_label, theme_slug
from memory_core.pipeline.themes import DEFAULT_THEME


@pytest.mark.parametrize(("text", "theme"), [
    ("I played guitar at a concert last night", "music"),
    ("昨晚去看了演唱会，听了好多歌", "music"),
    ("That spicy food restaurant was great", "taste"),
    ("我喜欢吃辣", "taste"),
    ("I moved to a new apartment in the city", "places"),
    ("我搬到了新的小区", "places"),
    ("I have an exam tomorrow and the homework is due", "todo"),
    ("明天要考试，作业还没写", "todo"),
    ("My boss gave me a promotion at work", "work"),
    ("公司老板让我加班", "work"),
    ("My mom and my sister visited", "relationships"),
    ("我妈妈和姐姐来看我", "relationships"),
    ("I'm allergic to peanuts, saw the doctor", "health"),
    ("我感冒发烧了，去了医院", "health"),
    ("We had a wedding party on our vacation", "events"),
    ("I've been painting and hiking a lot", "hobbies"),
    ("我最近爱上了摄影和徒步", "hobbies"),
])
def test_classify_theme_in_both_languages(text: str, theme: str) -> None:
    assert classify_theme(text) == theme


def test_english_keywords_match_inflections_not_substrings() -> None:
    assert classify_theme("she sings songs") == "music"
    assert classify_theme("Peter came over") == DEFAULT_THEME  # "pet" is a word, not a prefix


def test_no_keyword_gives_the_default() -> None:
    assert classify_theme("ok thanks") == DEFAULT_THEME
    assert classify_theme("ok", default="identity") == "identity"


def test_labels_and_slugs_round_trip_in_both_languages() -> None:
    for slug in THEMES:
        for lang in ("en", "zh"):
            assert theme_slug(theme_label(slug, lang)) == slug
    assert theme_label("taste", "zh") == "品味"
    assert theme_slug("身份") == "identity"
    assert theme_label("custom", "zh") == "custom"
    assert theme_slug(" 项目 ") == "项目"


def test_classifier_fills_only_empty_themes_with_a_default_by_kind() -> None:
    cands = [
        Candidate(kind=Kind.PREFERENCE, description="User likes it", evidence="I like it"),
        Candidate(kind=Kind.FACT, description="x", theme="身份"),
        Candidate(kind=Kind.EVENT, description="user: hmm"),
        Candidate(kind=Kind.PREFERENCE, description="User likes jazz", evidence="I like jazz"),
    ]
    out = LexiconClassifier().classify(_turn("hmm"), cands)
    # the turn's raw event follows its statements: the theme most have, the first said on a tie
    assert [c.theme for c in out] == ["taste", "identity", "taste", "music"]


def _turn(text: str, role: str = "user") -> Turn:
    return Turn(user_id="u", turn_id="t1", session_id="s", role=role, speaker=role, text=text,
                timestamp=datetime(2025, 3, 1, tzinfo=UTC))


def _event_theme(text: str, role: str = "user") -> str:
    """The theme the write path's candidates give the raw event of one turn."""
    from memory_core.pipeline.pipeline import WritePipeline

    cands = WritePipeline().candidates(_turn(text, role))
    return next(c.theme for c in cands if c.kind == Kind.EVENT)


@pytest.mark.parametrize(("text", "theme"), [
    ("I live in Lisbon and I love jazz.", "places"),  # its keywords alone: music (jazz) before places (live)
    ("我住在里斯本，平时喜欢听爵士乐。", "places"),
    ("I moved to Porto last month and I work at Farfetch now.", "places"),
    ("我在阿里上班，周末喜欢爬山，也喜欢听歌。", "work"),
])
def test_a_raw_turn_takes_the_theme_of_its_statements(text: str, theme: str) -> None:
    assert _event_theme(text) == theme


@pytest.mark.parametrize("text", [
    "Hi! Great to meet you, how was your day at work?",
    "你好小林！在轮渡码头工作一定见过各种各样的游客吧。有什么我可以帮你的？",
    "Welcome back! How did the job interview go? 😊",
    "哈哈，上班辛苦啦！今天公司忙吗？",
])
def test_an_assistant_turn_takes_no_theme_from_small_talk_or_questions(text: str) -> None:
    assert _event_theme(text, "assistant") == DEFAULT_THEME


def test_an_assistant_turn_that_states_something_keeps_its_theme() -> None:
    assert _event_theme("Sure! Your dentist appointment is tomorrow at 3pm. Want a reminder?", "assistant") == "todo"
    assert _event_theme("好的！明天下午三点的考试别忘了带准考证。", "assistant") == "todo"


def test_a_turn_with_no_statement_keeps_its_keywords() -> None:
    assert _event_theme("Went to the doctor today, my back pain is worse") == "health"
