"""Recall returns k results when sensitive items are withheld: the next candidates fill the places
(``Memory.recall``, the path of the embedded API and the recall worker), English and Chinese."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import MemoryItem
from memory_core.pipeline.sensitive import SENSITIVE_THEME, detect
from memory_core.retrieval.index import RecallResult
from memory_core.retrieval.withheld import fill_shown
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings
from memory_core.store.write_ops import AddOp

T0 = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def _store(memory: Memory, user: str, texts: list[str]) -> None:
    """The items as the write path would leave them: one item per text, a text holding a value is sensitive.

    Stored directly (not ingested), so that the test is about recall alone and not about how the write
    path happens to group statements."""
    for n, text in enumerate(texts):
        theme = SENSITIVE_THEME if detect(text) else "habits"
        item = MemoryItem.create(user, text, theme, at=T0 + timedelta(minutes=n), turn_id=f"{user}-t{n}")
        memory.store.apply(user, [AddOp(item)])


CASES = [
    # every clause of a sensitive item holds its value (a clause holding none is recallable by its own words,
    # tests/retrieval/test_sensitive_partial.py)
    ("en", [f"The code of gym locker {n} is {4700 + n}." for n in range(4)]
     + ["I go to the gym on Mondays.", "The gym has a new climbing wall.", "My gym buddy is Sam.",
        "The gym closes at ten.", "I pay 40 a month for the gym.", "The gym sauna is broken."],
     "what about the gym?", "gym"),
    ("zh", [f"健身房 {n} 号储物柜密码是 {4700 + n}。" for n in range(4)]
     + ["我每周一去健身房。", "健身房新开了攀岩墙。", "健身房的教练叫小王。", "健身房晚上十点关门。",
        "健身房每月四百块。", "健身房的桑拿坏了。"],
     "健身房怎么样？", "健身房"),
]


@pytest.mark.parametrize(("lang", "texts", "question", "word"), CASES, ids=[c[0] for c in CASES])
def test_recall_fills_k_when_sensitive_items_are_withheld(memory: Memory, lang: str, texts: list[str],
                                                          question: str, word: str) -> None:
    _store(memory, lang, texts)
    assert sum(i.theme == SENSITIVE_THEME for i in memory.store.list_items(lang)) == 4
    response = memory.recall(lang, question, k=5)
    assert len(response.results) == 5
    assert all(r.item.theme != SENSITIVE_THEME for r in response.results)
    assert [r.rank for r in response.results] == [1, 2, 3, 4, 5]
    for r in response.results:
        assert r.item.description in response.context.text
    assert "47" not in response.context.text  # no code slipped into the block
    # asked for the codes, the same recall shows them
    asked = memory.recall(lang, "what is my gym locker code?" if lang == "en" else "健身房储物柜密码是多少？", k=5)
    assert any(r.item.theme == SENSITIVE_THEME for r in asked.results)


def _result(n: int, hidden: bool) -> RecallResult:
    item = MemoryItem(id=f"i{n}", user_id="u", description=f"item {n}", theme=SENSITIVE_THEME if hidden else "x")
    return RecallResult(item, score=100.0 - n, bm25=1.0, rank=n + 1)


def test_fill_shown_searches_deeper_until_k_are_shown_or_the_candidates_end() -> None:
    pool = [_result(n, hidden=n % 3 == 0) for n in range(30)]  # every third withheld
    asked: list[int] = []

    def search(n: int) -> list[RecallResult]:
        asked.append(n)
        return pool[:n]

    out = fill_shown(search, 10, lambda r: r.item.theme != SENSITIVE_THEME)
    assert [r.item.id for r in out] == [r.item.id for r in pool if r.item.theme != SENSITIVE_THEME][:10]
    assert [r.rank for r in out] == list(range(1, 11))
    assert asked[0] == 10 and len(asked) <= 4
    # fewer candidates than k: all that can be shown, no endless search
    asked.clear()
    short = fill_shown(lambda n: pool[:7][:n], 10, lambda r: r.item.theme != SENSITIVE_THEME)
    assert len(short) == 4
    # nothing withheld: one search
    asked.clear()
    assert len(fill_shown(search, 5, lambda r: True)) == 5 and asked == [5]
