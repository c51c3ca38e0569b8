"""A question about an area of the user's life (work, home, school, exercise …) is never answered with nothing: the
user's own items of the area, in either language, else the user's own turns saying the area's words (issue 14)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from memory_core.model import Kind, MemoryItem, Trust
from memory_core.retrieval.asked_area import area_answer_first, area_rankings, asked_area, load_areas
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.stages import HYBRID_PRESETS


def _fact(text: str, key: str) -> MemoryItem:
    return MemoryItem.create("u", text, "life", kind=Kind.FACT, key=key)


def _said(text: str, role: str = "user") -> MemoryItem:
    trust = {"user": Trust.USER, "assistant": Trust.AGENT}.get(role, Trust.TOOL)
    return MemoryItem.create("u", f"{role}: {text}", "event", kind=Kind.EVENT, speaker=role, trust=trust)


def _top(items: list[MemoryItem], query: str, **settings: float) -> list[str]:
    chosen = replace(HYBRID_PRESETS["hybrid"], **settings)
    return [r.item.description for r in HybridIndex.build(items).search(query, 3, settings=chosen)]


@pytest.mark.parametrize(("query", "area"), [
    ("Which firm am I with these days?", "work"), ("我在哪里打工？", "work"), ("我值什么班？", "work"),
    ("What neighbourhood am I in now?", "home"), ("我住在什么地方？", "home"), ("我家在哪个区？", "home"),
    ("Which uni am I at?", "school"), ("我在哪儿念书？", "school"),
    ("What sport do I play?", "exercise"), ("我平时做什么运动？", "exercise"),
    ("Who am I dating these days?", "partner"), ("我对象叫什么？", "partner"),
    ("What's my dog called?", "pet"), ("我养了什么宠物？", "pet"),
    ("When do I usually go to bed?", "schedule"), ("我一般几点起？", "schedule"),
    ("What do I drink after lunch?", "drink"), ("我晚上一般喝点什么？", "drink"),
    # whether there is a partner at all, and an age, in either language
    ("Do I have a girlfriend at the moment?", "partner"), ("is she still single?", "partner"),
    ("我还有男朋友吗？", "partner"), ("他结婚了没有？", "partner"),
    ("How old is my daughter now?", "age"), ("what age is he?", "age"), ("你儿子几岁了？", "age"),
    ("我奶奶今年多大年纪了？", "age"),
])
def test_the_area_is_read_from_the_questions_grammar_in_both_languages(query: str, area: str) -> None:
    found = asked_area(query)
    assert found is not None and found.name == area


@pytest.mark.parametrize("query", ["What's the weather like in Oslo?", "帮我写一首诗", "How do I boil an egg?",
                                   "这个公式怎么推导？", "How big is the flat?", "这个箱子有多大？",
                                   "Do I have a meeting today?"])
def test_a_question_of_no_area_reads_none(query: str) -> None:
    assert asked_area(query) is None


def test_every_area_has_words_in_both_languages() -> None:
    for area in load_areas():
        assert any(w.isascii() for w in area.words) and any(not w.isascii() for w in area.words), area.name
        assert area.attributes and area.asked, area.name


def test_the_users_own_item_of_the_area_answers_a_question_sharing_no_word_with_it() -> None:
    items = [_fact("User works at St Mary's", "fact:works_at"), _said("I love pancakes on Sundays"),
             _fact("用户住在苏州园区", "fact:lives_in")]
    assert _top(items, "我上什么班？")[:1] == ["User works at St Mary's"]  # in the other language
    assert _top(items, "我家在哪个区？")[:1] == ["用户住在苏州园区"]
    assert _top(items, "which firm am I with?")[:1] == ["User works at St Mary's"]
    assert _top(items, "我上什么班？", w_category=0.0) == []  # off with the category weight


def test_with_no_item_of_the_area_the_users_own_turns_saying_its_words_come_back() -> None:
    items = [_said("从张江的米哈游下班出来已经十点了，地铁都快没了"), _said("下班路上注意安全哦", "assistant"),
             _said("double shift again, and my boss wants a report by Friday"),
             _said("Sounds like your boss is tough on shifts.", "assistant"), _said("月亮离地球有多远？")]
    own = {"user: 从张江的米哈游下班出来已经十点了，地铁都快没了",
           "user: double shift again, and my boss wants a report by Friday"}
    zh = _top(items, "我在哪家公司上班？")
    en = _top(items, "which company am I at?")
    assert set(zh[:2]) == own and set(en[:2]) == own  # in either language, the newest first
    assert zh[0] == en[0] == "user: double shift again, and my boss wants a report by Friday"
    assert all(not t.startswith("assistant:") for t in zh + en)  # never the assistant's words


def test_a_question_about_someone_else_adds_nothing() -> None:
    items = [_fact("User works at Initech", "fact:works_at"), _fact("User's husband works at Globex",
                                                                   "fact:husband/works_at")]

    def ranked(terms: list[str]) -> np.ndarray:
        return np.empty(0, dtype=np.int64)

    def at(j: int) -> float:
        return float(j)

    assert area_rankings("Where does my husband work?", items, None, ranked, at, [], 1.0) == []
    assert area_rankings("老李现在在哪上班？", items, None, ranked, at, [], 1.0) == []  # a name, not the user
    [(own, weight)] = area_rankings("Where do I work?", items, None, ranked, at, [], 0.5)
    assert own.tolist() == [0] and weight == 0.5


def test_what_the_questions_words_found_is_not_ranked_again() -> None:
    items = [_fact("User works at Initech", "fact:works_at"), _said("my boss moved my shift again"),
             _said("I moved into a studio in Berkeley, tiny but mine"), _said("the rent in Oakland is brutal")]

    def at(j: int) -> float:
        return float(j)

    found = [np.array([0], dtype=np.int64)]
    hobby = [_fact("User swims laps before work", "fact:hobby"), *items[1:]]
    assert area_rankings("what do I do for exercise?", hobby, None, lambda t: np.array([1]), at, found, 1.0) == []
    assert area_rankings("Where do I work?", items, None, lambda t: np.array([1]), at, found, 1.0) == []
    home = items[2:]
    seen = [np.array([0], dtype=np.int64)]  # the question found the newer turn: its answer stands

    def both(terms: list[str]) -> np.ndarray:
        return np.array([1, 0], dtype=np.int64)

    assert area_rankings("where do I live?", home, None, both, at, seen, 1.0) == []
    [(turns, _)] = area_rankings("where do I live?", home, None, both, at, [], 1.0)
    assert turns.tolist() == [1, 0]  # newest first


def test_a_question_naming_someone_else_finds_their_turns_never_the_users_own_item() -> None:
    items = [_fact("User is 38", "fact:age"), _said("my twins Leo and Maya turned 5 last weekend!!"),
             _said("I turned 38 in March"), _fact("User works at Initech", "fact:works_at"),
             _said("我老公拿到 Amazon 的 offer 了，下个月去上班")]

    def ranked(terms: list[str]) -> np.ndarray:
        return np.array([j for j, item in enumerate(items) if item.kind == Kind.EVENT], dtype=np.int64)

    def at(j: int) -> float:
        return float(j)

    [(kids, _)] = area_rankings("how old are my kids?", items, None, ranked, at, [], 1.0)
    assert kids.tolist() == [1]  # the twins are the kids; the user's own age is no answer
    [(kids_zh, _)] = area_rankings("我的双胞胎几岁了？", items, None, ranked, at, [], 1.0)
    assert kids_zh.tolist() == [1]
    [(own, _)] = area_rankings("how old am I?", items, None, ranked, at, [], 1.0)
    assert own.tolist() == [0]
    [(husband, _)] = area_rankings("我老公在哪上班？", items, None, ranked, at, [], 1.0)
    assert husband.tolist() == [4]  # not "User works at Initech"
    assert area_rankings("where does my sister work?", items, None, ranked, at, [], 1.0) == []


def test_a_relation_the_area_lists_as_the_users_own_still_asks_the_users_item() -> None:
    items = [_fact("User's boyfriend is Kelvin", "fact:partner"), _said("我男朋友下个月生日")]

    def at(j: int) -> float:
        return float(j)

    for query in ("who's my boyfriend?", "我男朋友是谁？", "do I have a partner?"):
        [(own, _)] = area_rankings(query, items, None, lambda t: np.empty(0, dtype=np.int64), at, [], 1.0)
        assert own.tolist() == [0], query


def test_whether_there_is_a_partner_finds_the_turn_saying_single_in_either_language() -> None:
    items = [_said("我已经 single 三年了，过年回家又要被催"), _said("月亮离地球有多远？"),
             _said("Finally broke up with him, I'm single again and honestly relieved")]
    single = {items[0].description, items[2].description}
    for query in ("我现在有对象吗？", "do I have a boyfriend right now?", "am I single?"):
        top = _top(items, query)
        assert top and top[0] == items[2].description and set(top) <= single, query  # the newest first
    assert _top(items, "我现在有对象吗？", w_category=0.0) == []  # nothing without the area


def test_the_users_own_home_or_work_item_leads_a_question_asking_it_of_them() -> None:
    items = [_said("我们终于住一起了，他也搬来上海了"), _fact("用户的妈妈住在成都", "fact:mom/lives_in"),
             _fact("User lives in Xuhui", "fact:lives_in"), _fact("User likes hiking", "fact:hobby"),
             _fact("User works at Initech", "fact:works_at")]
    order, scores = np.array([0, 1, 3, 2, 4]), np.array([0.9, 0.8, 0.7, 0.6, 0.5])
    for query in ("我住在哪？", "where's home for me these days?", "她现在住在哪个城市？"):
        moved, moved_scores = area_answer_first(query, items, order, scores)
        assert moved.tolist() == [2, 0, 1, 3, 4], query  # the rest keep their order behind it
        assert moved_scores.tolist() == sorted(moved_scores.tolist(), reverse=True)
    assert area_answer_first("which firm am I with?", items, order, scores)[0].tolist() == [4, 0, 1, 3, 2]
    for query in ("where does my sister live?", "what do I do for exercise?", "帮我写一首诗"):
        assert area_answer_first(query, items, order, scores)[0].tolist() == order.tolist(), query
    # asked of someone named: the user's own item goes right after the first item naming them
    assert area_answer_first("我妈住哪？", items, np.array([2, 0, 1, 3, 4]), scores)[0].tolist() == [0, 1, 2, 3, 4]
    assert area_answer_first("where does my mum live?", items, order, scores)[0].tolist() == [0, 1, 2, 3, 4]


def test_a_turn_opening_on_someone_else_is_no_answer_about_the_user() -> None:
    items = [_said("我在 Bupa 的一家 dental clinic 做前台，离家走路十分钟"), _said("月亮离地球有多远？"),
             _said("好消息！我老公拿到 Amazon 的 offer 了，下个月去他们 Edinburgh office 上班")]
    assert _top(items, "Where do I work?")[:1] == [items[0].description]
    assert _top(items, "我在哪上班？")[:1] == [items[0].description]
    assert _top(items, "我老公在哪上班？")[:1] == [items[2].description]


def test_an_age_asked_of_someone_finds_the_turn_naming_them_in_either_language() -> None:
    items = [_said("my twins Leo and Maya turned 5 last weekend!! dinosaur party"), _fact("User is 38", "fact:age"),
             _said("我女儿下个月就满三岁了，想给她办个小派对"), _said("What's the origin of the word 'robot'?")]
    assert _top(items, "how old are my kids?")[:1] == [items[0].description]
    assert _top(items, "我的双胞胎几岁了？")[:1] == [items[0].description]
    assert _top(items, "how old am I?")[:1] == ["User is 38"]


def test_a_newer_turn_of_the_users_saying_the_areas_words_keeps_its_place_ahead() -> None:
    items = [_fact("用户在华为工作", "fact:works_at"), _said("新公司的班车好早，六点半就得出门，不过比以前轻松"),
             _said("my sister got a new job at Google"), _said("I love pancakes")]
    order, scores = np.array([1, 2, 3, 0]), np.array([0.9, 0.8, 0.7, 0.6])

    def said_at(j: int) -> float:
        return {0: 1.0, 1: 5.0, 2: 6.0, 3: 7.0}[j]

    # the newer turn saying 公司 may tell a change the item has not taken in; the sister's and the pancakes do not
    assert area_answer_first("我在哪家公司上班？", items, order, scores, said_at)[0].tolist() == [1, 0, 2, 3]
    older = {0: 9.0, 1: 5.0, 2: 6.0, 3: 7.0}
    assert area_answer_first("我在哪家公司上班？", items, order, scores, older.__getitem__)[0].tolist() == [0, 1, 2, 3]


@pytest.mark.parametrize(("said", "query"), [
    ("just started as a cashier at the Tesco on King St, feet are killing me", "我在哪工作？"),
    ("在社区诊所当护士，今天来了好多打疫苗的小朋友", "where do I work these days?"),
    ("still the only test engineer in the team lol", "what company am I at?"),
])
def test_a_job_said_only_by_its_title_or_place_answers_where_one_works(said: str, query: str) -> None:
    items = [_said(said), _said("How far away is the Moon?"), _said("My dad is a nurse at the county hospital")]
    assert _top(items, query)[:1] == [items[0].description]
