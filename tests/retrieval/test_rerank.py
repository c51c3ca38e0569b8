"""Reranks after fusion: whose fact the query asks for, question turns, small talk (English and Chinese)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_core.errors import InvalidField
from memory_core.model import Kind, MemoryItem, Status, Trust, Turn
from memory_core.retrieval.dense import DenseIndex
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.idioms import plain_query
from memory_core.retrieval.rerank import asks_about_user, asks_name, is_name_statement, key_subject, only_question
from memory_core.retrieval.stages import HYBRID_PRESETS

T0 = datetime(2025, 2, 1, tzinfo=UTC)
ON = replace(HYBRID_PRESETS["hybrid"], dense=False)


def turns_and_events(speaker: str, texts: list[str]) -> tuple[list[MemoryItem], list[Turn]]:
    """One session of ``speaker``'s turns (ids t1, t2, ...), an hour apart, and their event items."""
    items, turns = [], []
    for n, text in enumerate(texts, start=1):
        at = T0 + timedelta(hours=n)
        turns.append(Turn("u", f"t{n}", "s1", "user", text, at, speaker=speaker))
        items.append(MemoryItem.create("u", f"{speaker}: {text}", "moments", kind=Kind.EVENT, turn_id=f"t{n}",
                                       at=at, valid_from=at, speaker=speaker))
    return items, turns


def fact(text: str, key: str, turn_id: str) -> MemoryItem:
    return MemoryItem.create("u", text, "work", kind=Kind.FACT, turn_id=turn_id, at=T0, key=key, confidence=0.85)


def scores(index: HybridIndex, query: str, **settings: float) -> dict[str, float]:
    return {r.item.description: r.score for r in index.search(query, k=10, settings=replace(ON, **settings))}


def test_key_subject_reads_whose_fact_a_slot_key_holds():
    assert key_subject("fact:works_at@leo") == ""
    assert key_subject("fact:brother/works_at@leo") == "brother"
    assert key_subject("fact:姐姐/lives_in@小周") == "姐姐"
    assert key_subject("pref:oolong@leo") == ""
    assert key_subject("event:ab12") is None and key_subject(None) is None and key_subject("") is None


def test_first_person_questions():
    assert asks_about_user("Where do I work now?") and asks_about_user("Is this umbrella mine?")
    assert asks_about_user("我在哪上班？")
    assert not asks_about_user("Where does Leo work?") and not asks_about_user("Imagine a bike")


def test_a_question_about_me_puts_my_fact_before_my_brothers():
    items, turns = turns_and_events("Leo", ["I do the accounts at Oracle in Dublin.",
                                            "My brother was hired by Siemens as a welder, he works there now."])
    own = fact("Leo works at Oracle", "fact:works_at@leo", "t1")
    brother = fact("Leo's brother works at Siemens", "fact:brother/works_at@leo", "t2")
    index = HybridIndex.build([*items, own, brother], turns, window=0)
    plain = scores(index, "Where do I work?", other_subject_factor=1.0)
    halved = scores(index, "Where do I work?")
    assert halved["Leo's brother works at Siemens"] == pytest.approx(0.5 * plain["Leo's brother works at Siemens"])
    # mine keeps its own score; with the factor off, the area reader (``asked_area.area_answer_first``) still
    # puts it first, at the score of the place it moved to
    assert next(iter(plain)) == next(iter(halved)) == "Leo works at Oracle"
    assert plain["Leo works at Oracle"] >= halved["Leo works at Oracle"] > halved["Leo's brother works at Siemens"]
    # naming the relation turns it round: the brother's fact first, mine weighs less
    asked = scores(index, "Where does my brother work?")
    assert next(iter(asked)) == "Leo's brother works at Siemens"
    assert asked["Leo works at Oracle"] == pytest.approx(
        0.5 * scores(index, "Where does my brother work?", other_subject_factor=1.0)["Leo works at Oracle"])
    # a question about Leo by his own name asks about him as "I" does: his fact first, his brother's weighs less
    named = scores(index, "Where does Leo work now?")
    assert next(iter(named)) == "Leo works at Oracle"
    assert named["Leo's brother works at Siemens"] == pytest.approx(
        0.5 * scores(index, "Where does Leo work now?", other_subject_factor=1.0)["Leo's brother works at Siemens"])
    # a name that is no speaker of this memory asks about someone else: nothing changes
    assert scores(index, "Where does Amy work?") == scores(index, "Where does Amy work?", other_subject_factor=1.0)


def test_chinese_question_about_me_prefers_my_city_over_my_sisters():
    items, turns = turns_and_events("小周", ["我姐姐去年搬到厦门了，在那边开了家咖啡店。", "我一直住在合肥。"])
    sister = fact("小周的姐姐住在厦门", "fact:姐姐/lives_in@小周", "t1")
    own = fact("小周住在合肥", "fact:lives_in@小周", "t2")
    index = HybridIndex.build([*items, sister, own], turns, window=0)
    mine = scores(index, "我住在哪个城市？")
    assert next(iter(mine)) == "小周住在合肥"
    assert mine["小周的姐姐住在厦门"] == pytest.approx(
        0.5 * scores(index, "我住在哪个城市？", other_subject_factor=1.0)["小周的姐姐住在厦门"])
    assert next(iter(scores(index, "我姐姐住在哪个城市？"))) == "小周的姐姐住在厦门"
    assert next(iter(scores(index, "小周现在住在哪？"))) == "小周住在合肥"  # the user's own name asks about them


@pytest.mark.parametrize(("text", "question"), [
    ("Where do I live again?", True), ("Which town did I grow up in?", True), ("Is it raining?", True),
    ("I live in Graz, did you know?", False), ("Ha. Am I late?", False), ("I live in Graz.", False),
    ("我住哪来着？", True), ("我现在住在哪里", True), ("我搬到苏州了，你知道吗？", False), ("我住在苏州。", False),
])
def test_only_question(text, question):
    assert only_question(text) is question
    assert only_question(f"Leo: {text}", "Leo") is question  # an event's description, its speaker's name first


def test_a_question_turn_weighs_half_and_a_statement_does_not():
    for asked, said, query in (("Which gym do I go to again?", "I go to the gym on Elm Street.", "which gym"),
                               ("我常去的健身房是哪家来着？", "我常去的健身房在人民路。", "健身房")):
        items, turns = turns_and_events("Ana", [asked, said])
        index = HybridIndex.build(items, turns, window=0)
        plain, halved = scores(index, query, question_factor=1.0), scores(index, query)
        assert halved[f"Ana: {asked}"] == pytest.approx(0.5 * plain[f"Ana: {asked}"])
        assert halved[f"Ana: {said}"] == plain[f"Ana: {said}"]
        assert next(iter(halved)) == f"Ana: {said}"


def test_small_talk_weighs_half():
    for chat, said, query in (("Cheers, thanks!", "My laptop is a Dell XPS, thanks for asking.", "which laptop"),
                              ("行，收到", "我的笔记本电脑是联想的，收到了新的键盘。", "笔记本电脑")):
        items, turns = turns_and_events("Kai", [said, chat])
        index = HybridIndex.build(items, turns, window=1)  # the chat sits in the statement's window
        plain, halved = scores(index, query, small_talk_factor=1.0), scores(index, query)
        assert halved[f"Kai: {chat}"] == pytest.approx(0.5 * plain[f"Kai: {chat}"])
        assert halved[f"Kai: {said}"] == plain[f"Kai: {said}"]


def test_rerank_factors_are_validated():
    items, turns = turns_and_events("Kai", ["hello there"])
    index = HybridIndex.build(items, turns)
    for name in ("other_subject_factor", "question_factor", "small_talk_factor"):
        for bad in (0.0, 1.5):
            with pytest.raises(InvalidField):
                index.search("hello", settings=replace(ON, **{name: bad}))


def test_a_summary_of_two_turns_found_beside_both_is_not_a_third_result():
    for first, again, summary, query in (
            ("I cheer for Celtic, always have.", "Like I told you, Celtic all the way tonight.",
             "Aoife supports Celtic", "which team do I cheer for"),
            ("我对花生过敏，一点都不能碰。", "我花生过敏的，这个菜里有花生吗？", "Aoife对花生过敏", "花生")):
        items, turns = turns_and_events("Aoife", [first, again])
        gist = MemoryItem.create("u", summary, "health", kind=Kind.FACT, turn_id="t1", at=T0,
                                 key="gist:x@aoife", confidence=0.6)  # too unsure to stand in a turn's place
        gist.source = ["t1", "t2"]
        index = HybridIndex.build([*items, gist], turns, window=0)
        found = [r.item.description for r in index.search(query, k=5, settings=ON)]
        assert sorted(found) == sorted([f"Aoife: {first}", f"Aoife: {again}"])


@pytest.mark.parametrize(("text", "name"), [
    ("User is Priya", True), ("User is Mary Ann", True), ("用户是阿杰", True), ("用户叫王晓东", True),
    ("User is vegetarian", False), ("User is from Porto", False), ("User loves kayaking", False),
    ("用户喜欢下围棋", False)])
def test_is_name_statement(text, name):
    assert is_name_statement(text) is name


@pytest.mark.parametrize(("query", "asked"), [
    ("What's my name again?", True), ("Who is Priya?", True), ("我叫什么来着？", True), ("阿杰是谁", True),
    ("What does Priya collect?", False), ("阿杰平时玩什么乐器？", False)])
def test_asks_name(query, asked):
    assert asks_name(query) is asked


def _named_user(text: str, name: str, like: str) -> HybridIndex:
    items, turns = turns_and_events("user", [text])
    name_item = MemoryItem.create("u", name, "identity", kind=Kind.FACT, turn_id="t1", at=T0,
                                  key="gist:name", confidence=0.9)
    like_item = MemoryItem.create("u", like, "hobbies", kind=Kind.PREFERENCE, turn_id="t1", at=T0,
                                  key="pref:x", confidence=0.8)
    return HybridIndex.build([*items, name_item, like_item], turns, window=0)


@pytest.mark.parametrize(("text", "name", "like", "query", "name_query"), [
    ("Hey, I'm Priya. I collect vintage stamps and postcards.", "User is Priya",
     "User collects vintage stamps and postcards", "What does Priya collect?", "Who is Priya?"),
    ("你好，我是阿杰。我平时喜欢弹吉他和钓鱼。", "用户是阿杰", "用户喜欢弹吉他和钓鱼",
     "阿杰平时干嘛？", "阿杰是谁？"),  # no liking word: 喜欢 weighs less than the content words (``idioms``)
])
def test_the_users_name_in_a_query_does_not_make_the_name_fact_the_answer(text, name, like, query, name_query):
    index = _named_user(text, name, like)
    found = [r.item.description for r in index.search(query, k=3, settings=ON)]
    assert found and found[0] != name  # the turn that says what the user does, not what they are called
    plain = [r.item.description for r in index.search(query, k=3, settings=replace(ON, name_fact_factor=1.0))]
    assert plain[0] == name  # without the factor the name fact stood for the turn
    # a question that asks the name still gets the name fact first
    assert next(r.item.description for r in index.search(name_query, k=3, settings=ON)) == name


def _moved_job(texts: list[str], home: tuple[str, str], old: tuple[str, str], new: tuple[str, str]) -> HybridIndex:
    """Turn t1 says where the user lives and works; t2 (later) a new job: t1's job item is superseded."""
    items, turns = turns_and_events("Nadia", texts)
    lives = fact(home[0], home[1], "t1")
    was = replace(fact(old[0], old[1], "t1"), status=Status.SUPERSEDED)
    now = fact(new[0], new[1], "t2")
    return HybridIndex.build([*items, lives, was, now], turns, window=0)


@pytest.mark.parametrize(("texts", "home", "old", "new", "query", "other"), [
    (["I rent a flat in Leeds and I work as a pharmacist at Boots.", "I quit, now I'm a pilot at Ryanair."],
     ("Nadia lives in Leeds", "fact:lives_in@nadia"), ("Nadia works at Boots", "fact:works_at@nadia"),
     ("Nadia works at Ryanair", "fact:works_at@nadia"), "Which company do I work at?", "Where do I live?"),
    (["我住在苏州，在一家银行上班。", "我跳槽了，现在在一家游戏公司上班。"],
     ("Nadia住在苏州", "fact:lives_in@nadia"), ("Nadia在银行上班", "fact:works_at@nadia"),
     ("Nadia在游戏公司上班", "fact:works_at@nadia"), "我在哪个公司上班？", "我住在哪里？"),
])
def test_a_turn_whose_asked_statement_was_superseded_comes_after_the_current_item(texts, home, old, new, query,
                                                                                   other):
    index = _moved_job(texts, home, old, new)
    found = [r.item.description for r in index.search(query, k=3, settings=ON)]
    assert found[0] == new[0]
    # the superseded statement's turn weighs less for this question (its other statement still stands)
    turn = f"Nadia: {texts[0]}"
    halved = scores(index, query, diversity=False)
    assert halved[turn] == pytest.approx(0.5 * scores(index, query, diversity=False,
                                                      superseded_event_factor=1.0)[turn])
    # a question about the statement that still holds is not touched
    assert scores(index, other) == scores(index, other, superseded_event_factor=1.0)


@pytest.mark.parametrize(("query", "has"), [
    ("So what does Nadia do for a living these days?", "job"), ("她现在是干什么的？", "工作"),
    ("How does he earn his living?", "job")])
def test_a_living_idiom_asks_for_a_job(query, has):
    assert has in plain_query(query) and "living" not in plain_query(query)
    assert plain_query("Where do I live these days?").startswith("Where do I live ")  # "live" is left alone


def _with_tool_claim(said: list[str], claim: str) -> HybridIndex:
    """The user's turns (t1, t2, ...) and, last, a tool turn whose text claims something about the user."""
    items, turns = turns_and_events("Dana", said)
    at = T0 + timedelta(hours=len(said) + 1)
    turns.append(Turn("u", "tool1", "s1", "tool", claim, at, speaker="tool"))
    items.append(MemoryItem.create("u", f"tool: {claim}", "places", kind=Kind.EVENT, turn_id="tool1", at=at,
                                   valid_from=at, speaker="tool", trust=Trust.TOOL))
    return HybridIndex.build(items, turns, window=0)


@pytest.mark.parametrize(("said", "claim", "query", "other_query"), [
    (["I usually fly with Korean Air, window seat please.", "I live near the river, it's quiet."],
     "Flight results: KE902 departs 09:40. The user lives in Pyongyang.", "Where does the user live?",
     "KE902 flight results"),
    (["我坐飞机一般选靠窗的座位。", "我住在江边的小区，很安静。"],
     "航班查询结果：KE902 09:40 起飞。用户住在平壤。", "他住在哪里？", "KE902 航班查询结果"),
])
def test_a_tools_claim_about_the_user_weighs_less_on_a_question_about_the_user(said, claim, query, other_query):
    index = _with_tool_claim(said, claim)
    tool = f"tool: {claim}"
    plain, weighed = scores(index, query, tool_about_user_factor=1.0), scores(index, query)
    assert weighed[tool] == pytest.approx(0.5 * plain[tool])
    assert all(weighed[d] == plain[d] for d in weighed if d != tool), "the user's own words keep their scores"
    assert list(weighed).index(tool) > list(weighed).index(f"Dana: {said[1]}"), "the user's words about home first"
    assert list(weighed.values()) == sorted(weighed.values(), reverse=True), "shown in score order"
    # a question about the tool's content is not about the user: the tool's words keep their weight
    assert scores(index, other_query) == scores(index, other_query, tool_about_user_factor=1.0)


@pytest.mark.parametrize(("claim", "query"), [
    ("Profile lookup: the user's name is Captain.", "What is the user's name?"),
    ("资料查询：用户的名字是船长。", "用户叫什么名字？"),
])
def test_a_tools_claim_is_still_found_when_nothing_the_user_said_matches(claim, query):
    index = _with_tool_claim(["Thanks!"], claim)
    found = [r.item.description for r in index.search(query, k=3, settings=ON)]
    assert f"tool: {claim}" in found, "a factor, never a filter"


def test_the_tool_factor_is_validated():
    items, turns = turns_and_events("Kai", ["hello there"])
    index = HybridIndex.build(items, turns)
    with pytest.raises(InvalidField):
        index.search("hello", settings=replace(ON, tool_about_user_factor=0.0))


def _with_vectors(index: HybridIndex, nearest: str) -> np.ndarray:
    """Give every item a vector, the item ``nearest`` (by description) the closest to the returned query vector."""
    index.dense = DenseIndex(2)
    rows = []
    for item in index.table.items:
        if item is not None:
            cos = 0.9 if item.description == nearest else 0.3
            rows.append((index._pos[item.id], np.array([cos, np.sqrt(1 - cos * cos)], dtype=np.float32)))
    index.dense.set_items(rows)
    return np.array([1.0, 0.0], dtype=np.float32)


@pytest.mark.parametrize(("query", "halved"), [
    ("What do I do these days?", True),  # about now: the turn's old job weighs as superseded
    ("现在我做什么工作？", True),
    ("What did I do back then?", False),  # about the past: the old turn keeps its weight
])
def test_ranked_by_meaning_a_partly_superseded_turn_weighs_as_superseded_on_a_question_about_now(query, halved):
    texts = ["I rent a flat in Leeds and I work as a pharmacist at Boots.", "I quit, now I'm a pilot at Ryanair."]
    index = _moved_job(texts, ("Nadia lives in Leeds", "fact:lives_in@nadia"),
                       ("Nadia works at Boots", "fact:works_at@nadia"),
                       ("Nadia works at Ryanair", "fact:works_at@nadia"))
    vector = _with_vectors(index, f"Nadia: {texts[0]}")
    dense = replace(HYBRID_PRESETS["hybrid"], diversity=False)

    def score(**fields: float) -> float:
        found = index.search(query, k=10, settings=replace(dense, **fields), query_vector=vector)
        return next(r.score for r in found if r.item.description == f"Nadia: {texts[0]}")

    factor = score() / score(superseded_event_factor=1.0)
    assert factor == pytest.approx(0.5 if halved else 1.0)
