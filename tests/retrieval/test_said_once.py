"""Recall says each statement once: items of one turn fold into one result, a near copy of a result is left out."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.retrieval.said_once import joined, near_copy
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
