"""A question about the user's household ("When is the baby due?", 宝宝预产期是哪天) puts the user's and their
family's items before a friend's same fact (trial 31 R4; ``relations.asks_about_household``, ``rerank``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings
from memory_core.text.relations import asks_about_household, household_relation

T0 = datetime(2025, 8, 20, 12, tzinfo=UTC)
STORY = {
    "en": (["we're expecting!! first baby, due date is Feb 14", "doctor moved the due date to Feb 9 after the scan",
            "my bestie Mia is also pregnant, due in April, she's at St Mary's"],
           ["When is the baby due?", "when are we due?"], ("Feb",), "when is my bestie due?", "April"),
    "zh": (["我怀孕了！预产期是二月十四号", "我闺蜜小美也怀孕了，预产期四月，在红房子医院"],
           ["宝宝预产期是哪天？", "我们家宝宝什么时候出生？"], ("怀孕", "二月"), "我闺蜜什么时候生？", "闺蜜"),
}


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def test_household_words_and_relations() -> None:
    assert asks_about_household("When is the baby due?") and asks_about_household("what are we naming her?")
    assert asks_about_household("宝宝什么时候出生") and asks_about_household("我们家住哪")
    assert not asks_about_household("when is Mia's baby due?") and not asks_about_household("小美的宝宝几月生")
    assert not asks_about_household("where do I work?")
    assert household_relation("wife") and household_relation("媳妇") and household_relation("daughter")
    assert not household_relation("bestie") and not household_relation("colleague")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_users_own_due_date_comes_before_a_friends(memory: Memory, lang: str) -> None:
    told, questions, own, about_friend, friends = STORY[lang]
    memory.ingest([Turn("u", f"t{n}", "s", "user", text, T0 + timedelta(days=30 * n)) for n, text in enumerate(told)])
    for question in questions:
        first = memory.recall("u", question, k=3).results[0].item.description
        assert any(word in first for word in own) and friends not in first and "Mia" not in first, (question, first)
    # a question naming the friend still puts hers first
    first = memory.recall("u", about_friend, k=3).results[0].item.description
    assert friends in first, first
