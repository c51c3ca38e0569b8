"""A raw turn whose statement was superseded never reads as current in recall (English and Chinese)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Kind, Turn
from memory_core.retrieval.recall import RecallFilters
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2026, 1, 2, 9, tzinfo=UTC)
CASES = [
    # said on 2026-03-03, "last month" dates the stop in February (the middle of the month named)
    ("I drink two cups of coffee every morning.", "I gave up coffee last month.", "Does he still drink coffee?",
     "two cups of coffee", "outdated: ", ", until 2026-02-15"),
    ("我住在里斯本。", "我搬到波尔图了。", "她住在哪里？", "我住在里斯本", "已过时：", "，至 2026-03-03"),
]


def _turn(n: int, text: str, days: int) -> Turn:
    return Turn(user_id="ann", turn_id=f"t{n}", session_id=f"s{n}", role="user", text=text,
                timestamp=T0 + timedelta(days=days), speaker="Ann")


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def _lines_with(text: str, words: str) -> list[str]:
    return [line for line in text.splitlines() if words in line]


@pytest.mark.parametrize(("old", "new", "question", "old_words", "outdated", "until"), CASES)
def test_a_superseded_turn_beside_the_current_item_is_marked_outdated(
        memory: Memory, old: str, new: str, question: str, old_words: str, outdated: str, until: str) -> None:
    memory.ingest([_turn(1, old, 0), _turn(2, new, 60)])
    response = memory.recall("ann", question, k=10)
    assert response.results and response.results[0].item.kind != Kind.EVENT  # what holds now comes first
    assert any(old_words in r.item.description for r in response.results)  # the user's past words stay findable
    lines = _lines_with(response.context.text, old_words)
    assert len(lines) == 1 and outdated in lines[0] and until in lines[0], response.context.text
    assert [line for line in response.context.text.splitlines() if until in line and old_words not in line]  # "was: …"


@pytest.mark.parametrize(("old", "new", "question", "old_words", "outdated", "until"), CASES)
def test_a_superseded_turn_shown_alone_is_marked_outdated(memory: Memory, old: str, new: str, question: str,
                                                          old_words: str, outdated: str, until: str) -> None:
    memory.ingest([_turn(1, old, 0), _turn(2, new, 60)])
    response = memory.recall("ann", question, filters=RecallFilters(kinds=[Kind.EVENT]))
    lines = _lines_with(response.context.text, old_words)
    assert len(lines) == 1
    assert outdated in lines[0] and until in lines[0]
    assert not [line for line in response.context.text.splitlines() if outdated in line and old_words not in line]


RETOLD = [
    (["I drink like three coffees a day.", "I really love my morning coffee.",
      "Coffee is life, three cups again today.", "I'm a coffee addict, seriously."],
     "I quit coffee last week, switched to green tea.",
     "what does she drink in the morning?", "coffee"),
    (["我每天都要喝一杯奶茶。", "下午不来杯奶茶根本撑不住，每天都喝奶茶。", "今天又喝了奶茶，我真的离不开奶茶。"],
     "奶茶我已经戒了，现在只喝白开水。", "她现在喝什么？", "奶茶"),
]


@pytest.mark.parametrize(("said", "change", "question", "old_word"), RETOLD)
def test_an_old_value_said_several_times_is_shown_once_for_a_question_about_now(
        memory: Memory, said: list[str], change: str, question: str, old_word: str) -> None:
    turns = [_turn(n, text, n) for n, text in enumerate(said, start=1)] + [_turn(9, change, 40)]
    memory.ingest(turns)
    results = memory.recall("ann", question, k=5).results
    stale = [r for r in results if r.outdated]
    assert results and not results[0].outdated  # what holds now first
    assert len(stale) == 1 and old_word in stale[0].item.description, [r.item.description for r in results]
    past = memory.recall("ann", question, k=5, filters=RecallFilters(kinds=[Kind.EVENT])).results
    assert len([r for r in past if old_word in r.item.description]) >= 2  # each turn stays findable as a record
