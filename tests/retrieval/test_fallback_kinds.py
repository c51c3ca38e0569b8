"""General words asked by (a commute, an occupation): their members are searched when nothing was found, and a
commute's in the place of the words that ask for it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from memory_core.model import MemoryItem
from memory_core.retrieval.fallback_kinds import compete_tokens, fallback_rankings, fallback_terms
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.idioms import plain_query
from memory_core.retrieval.recall_terms import query_tokens
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


def _asked(query: str) -> list[str]:
    return compete_tokens(query_tokens(plain_query(query)), query)


def test_the_words_asking_the_way_to_work_give_way_to_its_members():
    for query in ("How does he get to work?", "他怎么去上班？", "我上班是怎么去的？", "她平时坐啥去公司？"):
        terms = _asked(query)
        assert "subway" in terms and "地铁" in terms, query
        assert not {"work", "上班", "job", "工作"} & set(terms), query  # the job is not what is asked
    assert {"tom", "commut", "bike"} <= set(_asked("How does Tom commute?"))  # a one-word name is kept


def test_questions_about_the_job_keep_their_words():
    for query in ("Where does he go to work?", "他上班怎么样？", "他明天去上班吗？", "他在哪上班？",
                  "What's her occupation?"):
        terms = _asked(query)
        assert terms == query_tokens(plain_query(query)), query  # an occupation is no competing kind


def test_the_way_to_work_comes_before_the_job_the_words_find():
    index = _index("我在腾讯做产品经理，上班挺累的。", "我每天坐地铁去公司，四十分钟。", "我老公在银行上班。",
                   "I work as a nurse at St Mary's, long shifts at work.", "I cycle in every morning along the canal.")
    ways = {"我每天坐地铁去公司，四十分钟。", "I cycle in every morning along the canal."}
    assert set(_top(index, "我每天怎么去上班？")[:2]) == ways  # in either language, before every job
    assert set(_top(index, "How does she get to work?")[:2]) == ways
    assert _top(index, "我在哪上班？")[0] not in ways
    assert _top(index, "我怎么去上班？", w_category=0.0)[0] not in ways  # off with the category weight


def test_nothing_is_added_when_some_ranking_found_an_item():
    index = _index("I take the bus to work, the 42 line", "we own a grey Honda Civic but my wife drives it")
    assert _top(index, "What car do they have?")[:1] == ["we own a grey Honda Civic but my wife drives it"]
    found = (np.array([1], dtype=np.int64), 1.0)
    assert fallback_rankings(tokenize("How does she commute?"), [found], index.lexical, 10, None, 1.0) == []
    empty = (np.empty(0, dtype=np.int64), 1.0)
    [(ranked, weight)] = fallback_rankings(tokenize("How does she commute?"), [empty], index.lexical, 10, None, 0.5)
    assert sorted(ranked.tolist()) == [0, 1] and weight == 0.5  # "bus" and "drives" are both ways to work
