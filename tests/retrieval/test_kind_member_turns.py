"""A question naming a kind (pets, a dog) or one of its members keeps the turn that names the member when the
curated item made from that turn leaves it out, and the kind is also asked by keeping one (家里养了什么).

"We moved in. Amara's cat Juniper is hiding under the bed" yields "User lives in Walthamstow": asked "any pets in
the household?", recall showed the home item in the turn's place (new-user trial 37).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.retrieval.categories import kind_members, kind_terms
from memory_core.retrieval.list_question import kept_members
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings
from memory_core.text.tokenize import tokenize

T0 = datetime(2025, 2, 1, 18, tzinfo=UTC)


@pytest.fixture
def lexical(tmp_path: Path) -> Iterator[Memory]:
    """A fresh SQLite-backed ``Memory`` without an embedder."""
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def _top(memory: Memory, lines: list[str], query: str, k: int = 3) -> str:
    memory.ingest([Turn(user_id="ng", turn_id=f"t{n}", session_id=f"s{n}", role="user", text=text,
                        timestamp=T0 + timedelta(days=n), speaker="user") for n, text in enumerate(lines)])
    return " | ".join(r.item.description for r in memory.recall("ng", query, k=k).results)


@pytest.mark.parametrize(("query", "member"), [
    ("Any pets in the household?", "cat"), ("Does she have a pet?", "rabbit"), ("家里养了什么？", "猫"),
    ("她家有狗吗？", "柯基"), ("Does he have a dog?", "corgi"), ("她养猫吗？", "英短"),
])
def test_a_question_for_one_fact_asks_the_members_of_the_kind_it_names(query: str, member: str) -> None:
    assert member in kept_members(query, tokenize(query))


@pytest.mark.parametrize("query", ["Which places do I live near?", "What's the weather like?", "Where does she live?"])
def test_no_kind_or_a_list_only_kind_keeps_no_member(query: str) -> None:
    assert kind_terms(tokenize(query), listed=False) == []
    assert kept_members(query, tokenize(query)) == frozenset()


def test_a_list_question_keeps_its_members_the_list_way() -> None:
    assert kept_members("What pets does she have?", tokenize("What pets does she have?")) == frozenset()


def test_a_members_own_word_is_asked() -> None:
    assert kind_members(tokenize("Does she have a cat?")) == ["cat"]
    assert kind_members(tokenize("她养了一只柯基吗")) == ["柯基"]
    assert kind_members(tokenize("Where does she live?")) == []


@pytest.mark.parametrize(("lines", "query", "said"), [
    (["We finally moved into the new flat in Leeds, and my flatmate's rabbit Clover already chewed a cable",
      "Work has been brutal this week"], "Any pets at home?", "Clover"),
    (["We finally moved into the new flat in Leeds, and my flatmate's rabbit Clover already chewed a cable",
      "Work has been brutal this week"], "Is there a rabbit in the house?", "Clover"),
    (["搬完家了，新家在滨江，室友的柯基豆豆天天在门口等我下班", "这周加班加到怀疑人生"], "家里养了什么？", "豆豆"),
    (["搬完家了，新家在滨江，室友的柯基豆豆天天在门口等我下班", "这周加班加到怀疑人生"], "她家有狗吗？", "豆豆"),
])
def test_the_turn_naming_the_member_is_not_replaced_by_an_item_without_it(lexical: Memory, lines: list[str],
                                                                         query: str, said: str) -> None:
    assert said in _top(lexical, lines, query)


def test_a_home_question_still_shows_the_home_item(lexical: Memory) -> None:
    top = _top(lexical, ["We finally moved into the new flat in Leeds, and my flatmate's rabbit Clover already "
                         "chewed a cable"], "Where does she live?", 1)
    assert "Leeds" in top and not top.startswith("user:"), top
