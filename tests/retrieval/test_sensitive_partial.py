"""A sensitive value masks its own span, not the whole turn: the turn's other facts stay recallable
(``recall_shown.shown_in_recall``), and a question naming the kind ("how is his health?", 身体怎么样)
shows the value; English and Chinese, through ``Memory.recall`` and the embedded API's search."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.pipeline.sensitive import SENSITIVE_THEME, asked_categories
from memory_core.recall_shown import free_terms
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2026, 4, 2, 9, tzinfo=UTC)


def _turn(user: str, n: int, text: str) -> Turn:
    return Turn(user_id=user, turn_id=f"{user}-t{n}", session_id="s1", role="user", text=text,
                timestamp=T0 + timedelta(minutes=n), speaker="Lin")


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


CASES = [
    ("en", "My brother drives a taxi in Shenzhen, and he takes metformin twice a day.", "metformin", "taxi",
     "what does my brother do for work in Shenzhen?", "how is my brother's health?"),
    ("zh", "我姐姐在杭州开了一家花店，她最近查出有哮喘。", "哮喘", "花店",
     "我姐姐在杭州做什么？", "我姐姐身体怎么样？"),
    ("zh-mum", "我妈妈一个人住在厦门，她血糖偏高。", "血糖偏高", "厦门",
     "我妈妈住在哪里？", "我妈妈有什么病吗"),
]


@pytest.mark.parametrize(("user", "text", "value", "fact", "other", "kind"), CASES, ids=[c[0] for c in CASES])
def test_the_other_facts_of_a_sensitive_turn_are_recalled_with_the_value_masked(
        memory: Memory, user: str, text: str, value: str, fact: str, other: str, kind: str) -> None:
    memory.ingest([_turn(user, 0, text)])
    assert any(i.theme == SENSITIVE_THEME and value in i.description for i in memory.store.list_items(user))
    response = memory.recall(user, other)
    # the turn's other fact is found (its own item, or the turn with the value masked), the value is not shown
    assert any(fact in r.item.description for r in response.results), other
    assert fact in response.context.text and value not in response.context.text
    # the question names the kind (health, 身体): the value in clear
    asked = memory.recall(user, kind)
    assert value in asked.context.text, kind


@pytest.mark.parametrize(("user", "text", "question"), [
    ("en", "The code of my bike lock is 8841.", "where did I leave my bike?"),
    ("zh", "我家门锁密码是583920。", "我家在哪里？"),
    ("en2", "I'm allergic to kiwi.", "are kiwis from New Zealand?"),
    ("zh2", "我对猕猴桃过敏。", "猕猴桃是新西兰的吗？"),
])
def test_a_clause_holding_the_value_lends_none_of_its_words(memory: Memory, user: str, text: str,
                                                           question: str) -> None:
    memory.ingest([_turn(user, 0, text)])
    assert any(i.theme == SENSITIVE_THEME for i in memory.store.list_items(user))
    response = memory.recall(user, question)
    assert all(r.item.theme != SENSITIVE_THEME for r in response.results), question


def test_free_terms_are_the_words_of_the_clauses_without_a_value() -> None:
    assert {"sister", "porto"} <= free_terms("My sister lives in Porto, she has asthma")
    assert "asthma" not in free_terms("My sister lives in Porto, she has asthma")
    assert free_terms("my PIN is 4512") == set()
    assert "花店" in free_terms("她开了一家花店，有哮喘") and "哮喘" not in free_terms("她开了一家花店，有哮喘")


@pytest.mark.parametrize("question", ["how is her health lately?", "any symptoms since March?", "她身体怎么样",
                                      "他最近哪里不舒服", "体检结果怎么样"])
def test_a_question_about_the_body_or_its_health_asks_for_health(question: str) -> None:
    assert "health" in asked_categories(question)


@pytest.mark.parametrize(("user", "turns", "question", "values", "hidden_from"), [
    ("en", ["Went hiking at Lion Rock with Jo on Sunday.", "The doctor says my iron is low, so anaemia again.",
            "I booked a table at Nobu for Friday.", "Jo lent me a book about Rome."],
     "any health problems I should keep in mind?", ["anaemia"], "what did Jo lend me?"),
    ("zh", ["周末和小美去爬了狮子山。", "上个月体检，医生说我血压有点高。", "周五在海底捞订了位子。",
            "小美借给我一本讲罗马的书。"],
     "我有什么健康问题要注意吗？", ["血压有点高"], "小美借给我什么书？"),
    ("zh2", ["周末和小美去爬了狮子山。", "最近老觉得累，查出来是贫血，在补铁。", "小美借给我一本讲罗马的书。"],
     "最近身体怎么样？", ["贫血"], "周末去哪儿爬山了？"),
])
def test_a_question_naming_health_brings_the_health_items_its_words_miss(
        memory: Memory, user: str, turns: list[str], question: str, values: list[str], hidden_from: str) -> None:
    memory.ingest([_turn(user, n, text) for n, text in enumerate(turns)])
    response = memory.recall(user, question, k=3)
    for value in values:
        assert value in response.context.text, question
    assert [r.rank for r in response.results] == list(range(1, len(response.results) + 1))
    other = memory.recall(user, hidden_from, k=3)
    for value in values:
        assert value not in other.context.text, hidden_from


@pytest.mark.parametrize(("user", "text", "question"), [
    ("en", "Quick note: I was diagnosed with celiac disease last year.", "any medical stuff I should know about?"),
    ("zh", "跟你说一下，我去年查出来有哮喘。", "我身体有什么要注意的吗？"),
])
def test_a_turn_brought_for_a_health_question_is_shown_once(memory: Memory, user: str, text: str,
                                                           question: str) -> None:
    memory.ingest([_turn(user, 0, text)])
    response = memory.recall(user, question)
    turns = [t for r in response.results for t in (r.turn_ids or r.item.source)]
    assert turns and len(turns) == len(set(turns)), [r.item.description for r in response.results]


@pytest.mark.parametrize(("user", "text", "question", "fact", "value"), [
    ("en", "My brother drives a taxi, and he takes metformin twice a day.", "what does my brother do for work?",
     "taxi", "metformin"),
    ("en-name", "My friend Tom drives a taxi, and he takes metformin twice a day.", "what does Tom do for work?",
     "taxi", "metformin"),
    ("zh", "我哥在深圳开出租车，他每天吃二甲双胍。", "我哥在深圳做什么工作？", "出租车", "二甲双胍"),
])
def test_a_withheld_fact_of_another_person_leaves_its_place_to_its_turn(
        memory: Memory, user: str, text: str, question: str, fact: str, value: str) -> None:
    """The person's medication is a curated item of the turn ranked above it; withheld, it takes the turn's other
    facts with it unless the turn stands in, with the value masked."""
    memory.ingest([_turn(user, 0, text)])
    assert any(i.kind != "event" and value in i.description for i in memory.store.list_items(user))
    response = memory.recall(user, question)
    assert any(fact in r.item.description for r in response.results), question
    assert fact in response.context.text and value not in response.context.text
    assert [r.rank for r in response.results] == list(range(1, len(response.results) + 1))


@pytest.mark.parametrize(("user", "text", "question", "value"), [
    ("en-smoothie", "I'm allergic to kiwi.", "do I like kiwi smoothies?", "kiwi"),
    ("en-dish", "I have a severe sesame allergy.", "can I order hummus for her?", "sesame"),
    ("zh-named", "我对芒果过敏。", "can she have a mango smoothie?", "芒果"),
    ("zh-dish", "我对花生过敏。", "请她喝奶茶好不好？", "花生"),
])
def test_a_question_about_a_food_or_dish_sees_the_food_allergy(memory: Memory, user: str, text: str,
                                                                question: str, value: str) -> None:
    # naming a food or a dish is a practical food question (restriction_topics.yaml): the allergy must be seen
    memory.ingest([_turn(user, 0, text)])
    response = memory.recall(user, question)
    assert any(value in r.item.description for r in response.results), question


CAT = ["我养了一只橘猫叫橘子，三岁了", "橘子最近不吃东西，带去宠物医院说是胰腺炎，花了三千多"]


@pytest.mark.parametrize(("user", "turns", "question", "pet"), [
    ("zh", CAT, "她养了什么宠物？", "橘子"),
    ("zh-cat", CAT, "她有猫吗？", "橘子"),
    ("en", ["We adopted a ragdoll named Mochi.", "Mochi has pancreatitis, the vet put her on a special diet."],
     "Does she have any pets?", "Mochi"),
])
def test_a_question_by_the_kind_finds_a_sensitive_item_by_its_member(
        memory: Memory, user: str, turns: list[str], question: str, pet: str) -> None:
    # the search finds the pet by the kind's members (宠物 → 橘猫, pets → ragdoll); the answer must not then
    # withhold it, nor its turn, for sharing no literal word with the question: k results, not none
    memory.ingest([_turn(user, n, text) for n, text in enumerate(turns)])
    response = memory.recall(user, question)
    assert any(pet in r.item.description for r in response.results), question
    assert pet in response.context.text
