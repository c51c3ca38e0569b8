"""A raw turn whose every fact was superseded comes after the current results (``stale_last``), unless the
question asks about the past; English and Chinese through ``Memory.recall``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from memory_core.model import Kind, Status, Turn
from memory_core.retrieval.index import RecallFilters
from memory_core.retrieval.stale_last import asks_present, past_allowed, stale_last
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2025, 3, 2, 9, tzinfo=UTC)


def test_stale_slots_move_after_the_rest_in_their_own_order() -> None:
    order, scores = np.array([7, 3, 9, 4]), np.array([0.9, 0.8, 0.7, 0.6])
    moved, kept = stale_last(order, scores, np.array([False, True, False, True]))
    assert moved.tolist() == [7, 9, 3, 4] and kept.tolist() == [0.9, 0.7, 0.8, 0.6]
    assert stale_last(order, scores, np.zeros(4, dtype=bool))[0].tolist() == [7, 3, 9, 4]


def test_only_filters_naming_superseded_items_keep_the_fused_order() -> None:
    assert past_allowed(RecallFilters(statuses=(Status.ACTIVE, Status.SUPERSEDED)))
    assert not past_allowed(None) and not past_allowed(RecallFilters())
    assert not past_allowed(RecallFilters(statuses=None))


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    mem.recaller.settings = replace(mem.recaller.settings, stale_turns_last=True)  # opt-in
    yield mem
    mem.close()


LIVES = {
    "en": (["I like spicy food, especially Sichuan hot pot.", "I live in Leeds and work as a nurse.",
            "I love baking bread at the weekend.", "I don't like spicy food anymore, my stomach can't take it."],
           "Should I cook Sichuan hot pot for her tonight?", "spicy food, especially"),
    "zh": (["我特别爱吃辣，每周都要吃一次火锅。", "我住在杭州，在银行上班。", "周末喜欢在家烤面包。",
            "我现在不吃辣了，胃受不了。"],
           "今晚给她做火锅吃好不好？", "每周都要吃一次火锅"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_superseded_turn_comes_after_every_current_result(memory: Memory, lang: str) -> None:
    lines, question, old = LIVES[lang]
    memory.ingest([Turn(user_id=lang, turn_id=f"{lang}-t{n}", session_id="s1", role="user", text=text,
                        timestamp=T0 + timedelta(days=30 * n)) for n, text in enumerate(lines)])
    assert any(i.status == Status.SUPERSEDED for i in memory.store.list_items(lang, statuses=None)
               if i.kind != Kind.EVENT)
    results = memory.recall(lang, question, k=10).results
    at = [n for n, r in enumerate(results) if old in r.item.description]
    assert at == [len(results) - 1], [r.item.description for r in results]  # the one stale turn: last
    assert results[0].item.kind != Kind.EVENT or old not in results[0].item.description


@pytest.mark.parametrize(("query", "present"), [
    ("Should I cook Sichuan hot pot for her tonight?", True), ("where does she live?", True),
    ("今晚给她做火锅吃好不好？", True), ("她对什么过敏？", True), ("What is Caroline's favourite food?", True),
    ("When did she move to Leeds?", False), ("Where was he living last year?", False),
    ("where did she use to live?", False), ("她去过哪些国家？", False), ("他以前住哪？", False),
    ("去年她在哪工作？", False), ("你昨天吃了什么？", False),
    ("river", False), ("火锅", False),  # a keyword search asks for the items holding the word
])
def test_a_question_about_now_is_read_by_its_grammar(query: str, present: bool) -> None:
    assert asks_present(query) is present


@pytest.fixture()
def default_memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/d.sqlite3", embedder="none"))
    yield mem
    mem.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_by_default_a_question_about_now_sees_the_current_value_before_the_stale_turn(default_memory: Memory,
                                                                                      lang: str) -> None:
    """Stale turns last off: the current value of the slot the turn lost comes right before it, found or not,
    and the turn is marked outdated; a question in the past keeps the fused order."""
    lines, question, old = LIVES[lang]
    default_memory.ingest([Turn(user_id=lang, turn_id=f"{lang}-t{n}", session_id="s1", role="user", text=text,
                                timestamp=T0 + timedelta(days=30 * n)) for n, text in enumerate(lines)])
    results = default_memory.recall(lang, question, k=10).results
    at = next(n for n, r in enumerate(results) if old in r.item.description)
    assert results[at].outdated and results[at].item.kind == Kind.EVENT
    current = [n for n, r in enumerate(results) if r.item.kind != Kind.EVENT and r.item.status == Status.ACTIVE
               and r.item.key and r.item.key.startswith("pref")]
    assert current and current[0] < at, [(r.item.description, r.item.key) for r in results]
    assert not any(r.outdated for r in results[:at] if r.item.status == Status.ACTIVE)
