"""Things of one kind named side by side are one item each, and each ends alone (issue 13)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline


def _active(texts: list[str]) -> dict[str, str]:
    """key -> description of the active facts ``texts`` leave, said a day apart."""
    store, pipeline = DictStore(), WritePipeline()
    t0 = datetime(2026, 4, 1, tzinfo=UTC)
    for n, text in enumerate(texts):
        turn = Turn("u1", f"t{n}", "s", "user", text, t0 + timedelta(days=n))
        store.apply("u1", pipeline.plan(turn, store))
    return {str(i.key): i.description for i in store.list_items("u1") if i.kind != "event"}


@pytest.mark.parametrize(("text", "values"), [
    ("I speak German, Korean and Japanese.", {"german": "German", "korean": "Korean", "japanese": "Japanese"}),
    ("I'm studying Korean and Mandarin at night school.", {"korean": "Korean", "chinese": "Mandarin"}),
    ("我会说法语、德语和英语", {"french": "法语", "german": "德语", "english": "英语"}),
])
def test_each_value_is_an_item_saying_it_alone(text: str, values: dict[str, str]) -> None:
    active = _active([text])
    for oid, word in values.items():
        said = active.get(f"fact:language:{oid}", "")
        assert word in said and not any(w in said for w in values.values() if w != word), active


@pytest.mark.parametrize("texts", [
    ["I'm learning Korean and German.", "I stopped learning German."],
    ["我在学德语和韩语", "我不学德语了"],
])
def test_one_value_ends_and_the_other_stays(texts: list[str]) -> None:
    active = _active(texts)
    kept = active.get("fact:language:korean", "")
    assert ("Korean" in kept or "韩语" in kept) and "German" not in kept and "德语" not in kept, active


def test_a_value_of_another_kind_stays_in_the_first_item() -> None:
    active = _active(["I speak French and a little cooking slang."])
    assert list(k for k in active if k.startswith("fact:language:")) == ["fact:language:french"], active
