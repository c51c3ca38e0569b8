"""A question about the past brings the superseded value forward, dated; a question about now does not.
Health statements said back in the third person are kept, and found by the question words of their slot."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Kind, Status, Turn
from memory_core.retrieval.past_question import asks_about_past
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3"))
    yield mem
    mem.close()


def say(memory: Memory, *texts: str) -> None:
    start = datetime(2024, 3, 1, 9, tzinfo=UTC)
    memory.ingest([Turn(user_id="u", turn_id=f"t{n}", session_id="s", role="user", text=text,
                        timestamp=start + timedelta(days=200 * n)) for n, text in enumerate(texts)])


@pytest.mark.parametrize(("query", "past"), [
    ("where did I use to work?", True), ("What was my previous job?", True), ("我以前在哪工作？", True),
    ("以前在哪工作?", True), ("Where do I work now?", False), ("我现在在哪工作？", False),
    ("我以前在腾讯，现在在哪工作？", False), ("What do I drink before work?", False),
    # any person, and a past question ending in "before" / "earlier": before now, no event named
    ("where did he use to work?", True), ("What did she do before?", True), ("Where did she live before?", True),
    ("Which company was he at earlier?", True), ("他以前在哪工作？", True), ("之前住哪？", True),
    ("Where does he work now?", False), ("What does she do before work?", False),
    ("What should we do before?", False), ("他现在住哪？", False),
    ("What spice did Kofi use to make the stew?", False),  # a thing used, not a habit
])
def test_a_question_about_the_past_is_read_by_its_grammar(query: str, past: bool) -> None:
    assert asks_about_past(query) is past


@pytest.mark.parametrize(("texts", "query", "old", "new"), [
    (("I work at Tencent.", "I work at Alibaba now."), "Where did I use to work?", "Tencent", "Alibaba"),
    (("我在腾讯工作。", "我换工作了，现在在阿里巴巴上班。"), "以前在哪工作？", "腾讯", "阿里巴巴"),
])
def test_a_past_question_ranks_the_superseded_value_first(memory: Memory, texts: tuple[str, str], query: str,
                                                          old: str, new: str) -> None:
    say(memory, *texts)
    response = memory.recall("u", query, k=5)
    first = response.results[0].item
    assert old in first.description and first.status == Status.SUPERSEDED, [r.item.description
                                                                             for r in response.results]
    assert "2024-03-01–2024-09-17" in response.context.text  # the dates the old value held
    now = memory.recall("u", query.replace("did I use to", "do I").replace("以前", "现在"), k=5)
    assert new in now.results[0].item.description and now.results[0].item.status == Status.ACTIVE
    assert not [r for r in now.results if r.item.status == Status.SUPERSEDED]


@pytest.mark.parametrize(("text", "query", "drug"), [
    ("I take metformin every morning.", "what meds am I on?", "metformin"),
    ("I take ibuprofen for my knee.", "what meds do I take?", "ibuprofen"),
    ("我每天早上吃二甲双胍。", "我在吃什么药？", "二甲双胍"),
])
def test_a_medication_is_kept_and_found_by_its_question_words(memory: Memory, text: str, query: str,
                                                              drug: str) -> None:
    say(memory, text, "I love hiking.")
    kept = [i for i in memory.store.list_items("u", statuses=("active",)) if i.kind != Kind.EVENT]
    assert any(drug in i.description and (i.key or "").startswith("fact:medication:") for i in kept), kept
    top = memory.recall("u", query, k=3).results
    assert top and drug in top[0].item.description and top[0].item.kind != Kind.EVENT, [r.item.description
                                                                                       for r in top]



@pytest.mark.parametrize(("texts", "queries", "old"), [
    (("I work as a nurse at St Mary's hospital.", "I quit nursing, now I'm a software developer at Spotify."),
     ("What did I use to do?", "What did I do before?", "what did she do before?", "What was he doing before?"),
     ("nurse", "St Mary")),
    (("我在医院当护士。", "我辞职了，现在在字节跳动当程序员。"),
     ("我以前是干嘛的？", "她以前干什么的？", "他之前是做啥的？"), ("护士", "医院")),
])
def test_a_past_question_with_no_content_word_brings_the_old_values_first(
        memory: Memory, texts: tuple[str, str], queries: tuple[str, ...], old: tuple[str, ...]) -> None:
    """Nothing in "what did I use to do?" names a slot: the user's superseded values are its answer (he and she
    ask about the user, as an agent speaks of it); a question about now finds none of them."""
    say(memory, *texts)
    for query in queries:
        results = memory.recall("u", query, k=5).results
        first = results[0].item if results else None
        assert first and first.status == Status.SUPERSEDED and any(w in first.description for w in old), (
            query, [r.item.description for r in results])
    now = memory.recall("u", "What do I do now?" if texts[0].isascii() else "我现在是做什么的？", k=5).results
    assert not [r for r in now if r.item.status == Status.SUPERSEDED]


def test_a_past_question_with_no_content_word_asks_the_relation_it_names(memory: Memory) -> None:
    say(memory, "I live in Leeds.", "My sister works as a teacher.", "I moved to York.",
        "My sister quit teaching, she's a lawyer now.")
    for query in ("What did my sister do before?", "我妹妹以前是干嘛的？"):
        results = memory.recall("u", query, k=5).results
        old = [r.item.description for r in results if r.item.status == Status.SUPERSEDED]
        assert old and "Leeds" not in old[0], (query, [r.item.description for r in results])
    mine = [r.item.description for r in memory.recall("u", "Where did I live before?", k=5).results]
    assert mine and "Leeds" in mine[0], mine


@pytest.mark.parametrize(("query", "past"), [
    ("What did Anna use to do?", True), ("Where did Tom use to live?", True), ("What did Anna do before?", True),
    ("What did Kofi use to make the stew?", False), ("What does Anna use to paint?", False),
])
def test_a_name_then_used_to_and_a_state_verb_reads_as_the_past(query: str, past: bool) -> None:
    assert asks_about_past(query) is past


def test_a_past_question_naming_a_person_puts_that_persons_old_values_first(memory: Memory) -> None:
    """The name counts as the person, not a content word: "What did Anna do before?" brings Anna's superseded
    job first, not the user's; the user's own past question still brings the user's."""
    say(memory, "I work as a nurse.", "My sister Anna works as a teacher.",
        "I quit nursing, I work as a developer now.", "My sister Anna quit her job, she works as a lawyer now.")
    for query in ("What did Anna do before?", "What did Anna use to do?", "What was Anna's job before?"):
        results = memory.recall("u", query, k=5).results
        assert results and "teacher" in results[0].item.description, (query, [r.item.description for r in results])
        assert results[0].item.status == Status.SUPERSEDED
    mine = [r.item.description for r in memory.recall("u", "What did I do before?", k=5).results]
    assert mine and "nurse" in mine[0], mine


def test_a_chinese_past_question_naming_a_person_is_no_before_an_event_and_not_the_users_past(
        memory: Memory) -> None:
    """安娜以前… reads as "before 安娜" too; a name the turns give a relation (我的姐姐安娜) is the person asked, so the
    user's own old home does not come first."""
    say(memory, "我住在北京。", "我的姐姐安娜住在杭州。", "我搬到上海了。", "我的姐姐安娜搬去成都了。")
    for query in ("安娜以前住哪？", "安娜之前住在哪里？"):
        results = [r.item.description for r in memory.recall("u", query, k=5).results]
        assert results and "安娜" in results[0], (query, results)
    mine = [r.item.description for r in memory.recall("u", "我以前住哪？", k=5).results]
    assert mine and "北京" in mine[0], mine
