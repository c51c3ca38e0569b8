"""A condition, a city, a dislike or a fear asked in the other language than it was said (issue 14, trial 38).

Without a model, a question shares no word with a memory in the other language; the shipped names bridge them:
long-term conditions by their names in both languages (``data/medical_names.yaml``, which also lets the
question see the sensitive item), cities by the gazetteer's names in both scripts (``place_glosses``), and the
everyday words of liking, hating and fearing (``data/everyday_glosses.yaml``).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.pipeline.sensitive_query import asks_for_item
from memory_core.retrieval.glosses import gloss_terms
from memory_core.retrieval.place_glosses import place_terms
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings
from memory_core.text.tokenize import tokenize

T0 = datetime(2025, 3, 1, 9, tzinfo=UTC)


@pytest.fixture
def lexical(tmp_path: Path) -> Iterator[Memory]:
    """A fresh SQLite-backed ``Memory`` without an embedder."""
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def _top(memory: Memory, lines: list[str], query: str, k: int = 3) -> str:
    memory.ingest([Turn(user_id="ol", turn_id=f"t{n}", session_id=f"s{n}", role="user", text=text,
                        timestamp=T0 + timedelta(days=n), speaker="user") for n, text in enumerate(lines)])
    return " | ".join(r.item.description for r in memory.recall("ol", query, k=k).results)


@pytest.mark.parametrize(("query", "description"), [
    ("Does she have high blood pressure?", "用户有高血压"), ("她有哮喘吗？", "User has asthma"),
    ("Is my mom diabetic?", "用户的妈妈有糖尿病"), ("他的湿疹好了吗", "User's eczema flares up every winter"),
])
def test_a_condition_named_in_the_other_language_asks_for_the_item(query: str, description: str) -> None:
    assert asks_for_item(query, description)


def test_a_condition_not_named_is_not_asked() -> None:
    assert not asks_for_item("Does she have asthma?", "用户有高血压")


@pytest.mark.parametrize(("query", "term"), [
    ("Is she going to Chengdu?", "成都"), ("Does she live in Hong Kong?", "香港"), ("她要去东京吗？", "tokyo"),
    ("他在呼伦贝尔放牧吗", "hulunbuir"),
])
def test_a_city_is_searched_in_the_other_script(query: str, term: str) -> None:
    assert term in place_terms(query, tokenize(query))


@pytest.mark.parametrize("query", ["Does she take a bath?", "Reading is her thing", "他在呼伦贝尔放牧吗"])
def test_a_lowercase_word_a_first_word_and_a_piece_of_a_name_are_no_city(query: str) -> None:
    terms = place_terms(query, tokenize(query))
    assert "巴斯" not in terms and "雷丁" not in terms and "bell" not in terms


@pytest.mark.parametrize(("query", "term"), [("What food does she hate?", "讨厌"), ("她讨厌什么？", "hate"),
                                             ("Is she scared of snakes?", "怕"), ("她怕什么", "afraid"),
                                             ("她有宠物吗", "pet")])
def test_everyday_words_of_liking_and_fearing_are_glossed(query: str, term: str) -> None:
    assert term in gloss_terms(tokenize(query))


@pytest.mark.parametrize(("lines", "query", "said"), [
    (["我有高血压，每天早上吃一片药", "最近在学做饭"], "Does she have high blood pressure?", "高血压"),
    (["I was diagnosed with asthma as a kid", "Work has been brutal this week"], "她有哮喘吗？", "asthma"),
    (["下个月要去成都出差", "最近在学做饭"], "Is she going to Chengdu?", "成都"),
])
def test_recall_finds_it_across_languages(lexical: Memory, lines: list[str], query: str, said: str) -> None:
    assert said in _top(lexical, lines, query)

