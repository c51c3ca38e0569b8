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
    ("What ingredient did Nate use to make the ice cream?", False),  # a thing used, not a habit
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

