"""A thing named by two English words ("flat white", "cold brew") is that thing, not its words: a statement
about it is keyed by the object it names, and giving the object up ends the statement."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _turn_factory import dated_turns

from memory_core.pipeline.compound_names import compound_spans
from memory_core.pipeline.gist import topic
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2025, 6, 3, 8, tzinfo=UTC)


def test_spans_name_the_object_plural_too() -> None:
    text = "i run on flat whites and the odd cold brew"
    assert [(text[a:b], oid) for a, b, oid in compound_spans(text)] == [
        ("flat whites", "coffee"),
        ("cold brew", "coffee"),
    ]


def test_no_span_in_a_flat_or_a_cold_day() -> None:
    assert compound_spans("my flat is cold and white") == []


def test_a_word_of_the_name_is_not_its_synonym_group() -> None:
    found = topic("I basically run on flat whites", "en")
    assert "obj:coffee" in found.strong
    assert "syn:apartment" not in found.terms  # "flat" here is no apartment
    assert found.anchor == "obj:coffee"


def test_a_name_whose_word_names_an_object_keeps_that_key() -> None:
    # "tea" already names an object: the statement stays keyed as before, not re-keyed by the compound
    terms = topic("I love green tea", "en").terms
    assert "obj:tea" in terms and "obj:green tea" not in terms


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


@pytest.mark.parametrize("first", ["I basically run on flat whites lol", "Honestly I run on cold brew, like two a day"])
def test_giving_up_coffee_ends_a_statement_about_its_kind(memory: Memory, first: str) -> None:
    lines = [first, "I've quit coffee, switched to rooibos tea"]
    memory.ingest(dated_turns(lines, T0, timedelta(days=30)))
    active = [i.description for i in memory.store.list_items("u", statuses=("active",)) if str(i.kind) != "event"]
    assert not any("flat white" in d or "cold brew" in d for d in active), active
    assert any("tea" in d for d in active), active
