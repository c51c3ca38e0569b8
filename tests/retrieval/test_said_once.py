"""Recall says each statement once: items of one turn fold into one result, a near copy of a result is left out."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Kind, MemoryItem, Turn
from memory_core.pipeline.sensitive_policy import SENSITIVE_THEME
from memory_core.retrieval.names import is_name_statement
from memory_core.retrieval.recall import HYBRID_PRESETS, HybridIndex
from memory_core.retrieval.said_once import joined, near_copy, says_less, stands_apart
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2025, 4, 1, 8, tzinfo=UTC)


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def _ingest(memory: Memory, texts: list[str]) -> None:
    memory.ingest([Turn("u", f"t{n}", "s", "user", text, T0 + timedelta(days=n), speaker="Kim")
                   for n, text in enumerate(texts)])


def _shared_sources(results) -> list[tuple[str, str]]:
    return [(a.item.description, b.item.description) for n, a in enumerate(results) for b in results[n + 1:]
            if set(a.item.source) & set(b.item.source)]


@pytest.mark.parametrize(("a", "b"), [
    ("user: 我报了一个陶艺班，在社区活动中心。", "user: 我报了一个陶艺班，在社区活动中心，今晚第一节课！"),
    ("Kim: I signed up for a pottery class at the community centre.",
     "Kim: I signed up for a pottery class at the community centre, first session tonight!"),
    ("User goes swimming every morning", "user goes swimming every morning."),
])
def test_near_copies_say_the_same(a: str, b: str) -> None:
    assert near_copy(a, b) and near_copy(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("User lives in Leeds", "User lives in Leicester"),
    ("Ruth's brother Tom lives in Paris", "Ruth's brother Tom lives in Rome"),  # alike, another value
    ("用户的哥哥住在巴黎", "用户的哥哥住在罗马"),
    ("User drinks coffee", "User drinks no coffee"),  # a negation apart
    ("User has 3 cats", "User has 4 cats"),  # a number apart
    ("用户养了两只猫", "用户养了三只猫"),
    ("用户喝咖啡", "用户不喝咖啡"),
    ("用户住在杭州", "用户住在成都"),
    ("", ""),
])
def test_different_statements_are_not_copies(a: str, b: str) -> None:
    assert not near_copy(a, b)


def test_joined_reads_as_one_statement_in_its_language() -> None:
    assert joined("用户在腾讯工作", ["用户做游戏运营"]) == "用户在腾讯工作；用户做游戏运营"
    assert joined("Kim works at Walgreens.", ["Kim works as a pharmacist"]) == \
        "Kim works at Walgreens; Kim works as a pharmacist"
    assert joined("Kim works at Walgreens", ["Kim works at Walgreens."]) == "Kim works at Walgreens"


@pytest.mark.parametrize(("texts", "query", "words"), [
    (["I'm a pharmacist at Walgreens, mostly night shifts.", "Can you explain how tides work?"],
     "where do I work?", ("Walgreens", "pharmacist")),
    (["我家猫叫年糕，是只三岁的英短。", "推荐一本书吧"], "我的猫叫什么？", ("年糕", "英短")),
    # the folded item is no result of its own, even where a later stage would bring it back as a successor
    (["我一直用招商银行的信用卡，招商银行的App挺好用。", "推荐一本科幻小说吧。",
      "招商银行的卡注销了，现在都用建设银行。"], "我现在用哪家银行？", ("建设银行", "招商银行")),
])
def test_items_of_one_turn_are_one_result(memory: Memory, texts: list[str], query: str,
                                          words: tuple[str, ...]) -> None:
    found = memory.recall("u", query, k=5)
    assert not found.results
    _ingest(memory, texts)
    found = memory.recall("u", query, k=5)
    assert not _shared_sources(found.results)
    first = found.results[0].item.description
    assert all(w in first for w in words), first
    line = next(line for line in found.context.text.splitlines() if words[0] in line)
    assert all(w in line for w in words), line  # the context block shows the folded line


def test_a_query_asking_both_items_keeps_both(memory: Memory) -> None:
    _ingest(memory, ["I'm a pharmacist at Walgreens, mostly night shifts.", "Can you explain how tides work?"])
    texts = [r.item.description for r in memory.recall("u", "pharmacist Walgreens", k=5).results]
    assert "Kim works at Walgreens" in texts and "Kim works as a pharmacist" in texts


@pytest.mark.parametrize(("texts", "query"), [
    (["I signed up for a pottery class at the community centre.", "What's the capital of Peru?",
      "I signed up for a pottery class at the community centre, first session tonight!"],
     "what class did I sign up for?"),
    (["我家楼下新开了一家猫咖，叫毛毛星球。", "秘鲁的首都是哪里？", "我家楼下新开了一家猫咖，叫毛毛星球，周末去看看！"],
     "楼下新开了什么店？"),
])
def test_the_same_sentence_said_twice_is_one_result(memory: Memory, texts: list[str], query: str) -> None:
    _ingest(memory, texts)
    results = memory.recall("u", query, k=5).results
    said = [r.item.description for r in results]
    assert not any(near_copy(a, b) for n, a in enumerate(said) for b in said[n + 1:]), said
    assert not _shared_sources(results), said


@pytest.mark.parametrize(("text", "name", "query"), [
    ("Hi, I'm Marco. I restore old motorbikes on weekends.", "Marco", "Marco motorbikes"),
    ("我叫陈默，平时喜欢做木工。", "陈默", "陈默 木工"),
])
def test_a_name_statement_stands_apart_from_what_the_person_does(memory: Memory, text: str, name: str,
                                                                  query: str) -> None:
    _ingest(memory, [text, "What's the capital of Peru?"])
    said = [r.item.description for r in memory.recall("u", query, k=5).results if r.item.kind != Kind.EVENT]
    assert len(said) == 2 and not any("；" in d or "; " in d for d in said), said  # two statements, unjoined
    assert any(name in d for d in said), said
    who = memory.recall("u", f"who is {name}?" if name.isascii() else f"{name}是谁？", k=5).results
    assert is_name_statement(who[0].item.description.replace("Kim", "User", 1)), who[0].item.description


@pytest.mark.parametrize(("text", "asks"), [
    ("my bank PIN is 4471 and my gym locker code is 0918",
     [("what's my gym locker code?", "0918", "4471"), ("what's my bank PIN?", "4471", "0918")]),
    ("我的银行卡密码是 4471，健身房储物柜密码是 0918",
     [("我的储物柜密码是多少？", "0918", "4471"), ("我的银行卡密码是多少？", "4471", "0918")]),
])
def test_two_secrets_of_one_turn_are_never_one_result(memory: Memory, text: str,
                                                      asks: list[tuple[str, str, str]]) -> None:
    _ingest(memory, [text, "What's the capital of Peru?"])
    for question, shown, hidden in asks:
        said = [r.item.description for r in memory.recall("u", question, k=5).results]
        assert any(shown in d for d in said) and not any(hidden in d for d in said), (question, said)


def _item(text: str, **fields: object) -> MemoryItem:
    return MemoryItem.create("u", text, str(fields.pop("theme", "life")), at=T0, **fields)  # type: ignore[arg-type]


def test_what_stands_apart() -> None:
    assert stands_apart(_item("Talked about: Kim is vegetarian; the cello", kind=Kind.SUMMARY))
    assert stands_apart(_item("Kim's bank PIN is 4471", theme=SENSITIVE_THEME))
    assert stands_apart(_item("Kim is Marco")) and stands_apart(_item("Kim叫陈默"))
    assert stands_apart(_item("Kim's name is Kim", key="fact:name@kim"))
    assert not stands_apart(_item("Kim is vegetarian")) and not stands_apart(_item("Kim有一只猫叫年糕"))
    assert not stands_apart(_item("Kim works at Walgreens", key="fact:works_at@kim"))


@pytest.mark.parametrize(("a", "b", "less"), [
    ("张姐有儿子", "张姐的儿子五岁", True),
    ("Kim has a cat", "Kim has a cat named Mochi", True),
    ("User works as a nurse", "User works at the emergency department", False),  # nurse: only a says it
    ("Kim has no cat", "Kim has a cat named Mochi", False),  # a negation only a holds
    ("用户养了两只猫", "用户养了三只猫，都是橘猫", False),  # another number
])
def test_says_less(a: str, b: str, less: bool) -> None:
    assert says_less(a, b) is less


@pytest.mark.parametrize(("texts", "query", "words"), [
    (["我有个女儿，特别爱画画。", "秘鲁的首都是哪里？", "我女儿今年七岁了，小名叫朵朵。"], "我女儿多大了？",
     ("七岁", "有女儿")),
])
def test_an_item_saying_less_than_a_result_of_its_turn_is_that_result(memory: Memory, texts: list[str],
                                                                       query: str, words: tuple[str, ...]) -> None:
    _ingest(memory, texts)
    results = memory.recall("u", query, k=5).results
    assert not _shared_sources(results), [r.item.description for r in results]
    assert all(w in results[0].item.description for w in words), results[0].item.description


def test_an_item_saying_less_folds_across_its_other_turns() -> None:
    at = T0
    events = [MemoryItem.create("u1", f"Kim: {text}", "moments", kind=Kind.EVENT, turn_id=f"t{n}", at=at, speaker="Kim")
              for n, text in enumerate(["I have a brother.", "What's the capital of Peru?",
                                        "My brother turned 30, he's a chef in Lyon."])]
    has = MemoryItem.create("u1", "Kim has a brother", "family", kind=Kind.FACT, turn_id="t0", at=at,
                            key="fact:family:brother@kim")
    has.source.append("t2")
    age = MemoryItem.create("u1", "Kim's brother is 30, a chef in Lyon", "family", kind=Kind.FACT, turn_id="t2",
                            at=at, key="fact:brother/age@kim")
    index = HybridIndex.build([*events, has, age], window=0)
    found = [r.item.description for r in index.search("how old is my brother?", k=5,
                                                      settings=replace(HYBRID_PRESETS["lexical"], diversity=True))]
    assert "Kim's brother is 30, a chef in Lyon; Kim has a brother" in found and "Kim has a brother" not in found


@pytest.mark.parametrize(("texts", "query", "old", "new"), [
    (["I work at Deloitte as an auditor.", "I left Deloitte. I work at Stripe now, as a finance lead."],
     "Where did I use to work?", "Deloitte", "Stripe"),
    (["我在华为做测试工程师。", "我从华为离职了，现在在小米上班，还是做测试。"], "我以前在哪家公司上班？",
     "华为", "小米"),
])
def test_a_superseded_value_is_never_folded_into_a_current_result(memory: Memory, texts: list[str], query: str,
                                                                  old: str, new: str) -> None:
    _ingest(memory, texts)
    found = memory.recall("u", query, k=5).results
    holding = [r for r in found if old in r.item.description]
    assert holding and all(r.item.status == "superseded" or new not in r.item.description for r in holding)
    assert all(not (r.item.status == "active" and old in r.item.description and ";" in r.item.description)
               for r in found), [r.item.description for r in found]
    assert found[0].item.description.find(old) >= 0, [r.item.description for r in found]  # the past value first
