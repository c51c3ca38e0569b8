"""General words asked by (a commute, an occupation): their members are searched only when nothing was found."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from memory_core.model import MemoryItem
from memory_core.retrieval.fallback_kinds import fallback_rankings, fallback_terms
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.stages import HYBRID_PRESETS
from memory_core.text.tokenize import tokenize


def _index(*texts: str) -> HybridIndex:
    return HybridIndex.build([MemoryItem.create("u", text, "life") for text in texts])


def _top(index: HybridIndex, query: str, **settings: float) -> list[str]:
    chosen = replace(HYBRID_PRESETS["hybrid"], **settings)
    return [r.item.description for r in index.search(query, 3, settings=chosen)]


def test_the_general_words_name_their_members_in_both_languages():
    assert "subway" in fallback_terms(tokenize("How does she commute?"))
    assert "地铁" in fallback_terms(tokenize("她通勤要多久？"))
    assert "律师" in fallback_terms(tokenize("她的职业是什么？"))
    assert "electrician" in fallback_terms(tokenize("What line of work is he in?"))  # a name of several words
    assert fallback_terms(tokenize("What car do I drive?")) == []
    assert fallback_terms(tokenize("I work in a line")) == []  # not the run "line of work"


def test_a_commute_or_a_job_asked_by_the_general_word_finds_what_people_say():
    index = _index("I cycle to the clinic every day, rain or shine", "my brother just bought a new car",
                   "我是一名律师，主要做知识产权", "最近迷上了露营")
    assert _top(index, "How does she commute?")[:1] == ["I cycle to the clinic every day, rain or shine"]
    assert _top(index, "她的职业是什么？")[:1] == ["我是一名律师，主要做知识产权"]
    assert _top(index, "How does she commute?", w_category=0.0) == []  # off with the category weight


def test_nothing_is_added_when_some_ranking_found_an_item():
    index = _index("I take the bus to work, the 42 line", "we own a grey Honda Civic but my wife drives it")
    assert _top(index, "What car do they have?")[:1] == ["we own a grey Honda Civic but my wife drives it"]
    found = (np.array([1], dtype=np.int64), 1.0)
    assert fallback_rankings(tokenize("How does she commute?"), [found], index.lexical, 10, None, 1.0) == []
    empty = (np.empty(0, dtype=np.int64), 1.0)
    [(ranked, weight)] = fallback_rankings(tokenize("How does she commute?"), [empty], index.lexical, 10, None, 0.5)
    assert sorted(ranked.tolist()) == [0, 1] and weight == 0.5  # "bus" and "drives" are both ways to work
