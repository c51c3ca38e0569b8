"""The bilingual theme lexicon and the classifier stage."""

from __future__ import annotations

import pytest

from memory_core.model import Kind
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
    out = LexiconClassifier().classify(None, cands)  # type: ignore[arg-type]
    assert [c.theme for c in out] == ["taste", "identity", DEFAULT_THEME, "music"]
