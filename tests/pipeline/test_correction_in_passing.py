"""A correction of a value said in passing ("actually I meant cashews, not peanuts", 不对，我是说腰果，不是花生) puts
the item right through the sensitive guard, also when the item was said in the other language
(memory_core/pipeline/correction_pair.py ``named_as``, memory_core/pipeline/sensitive_reworded.py ``put_right``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.sensitive import SensitiveGuard
from memory_core.pipeline.sensitive_detect import Finding
from memory_core.pipeline.sensitive_reworded import put_right


def _guarded(texts: list[str]) -> list[tuple[str, str]]:
    """(status, description) of the facts the turns leave, a month apart, through the pipeline and the guard."""
    store, pipeline, guard = DictStore(), WritePipeline(), SensitiveGuard()
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for n, text in enumerate(texts):
        turn = Turn("u1", f"t{n}", "s", "user", text, start + timedelta(days=30) * n)
        store.apply("u1", guard.guard(turn, pipeline.plan(turn, store)))
    return [(str(i.status), i.description) for i in store.list_items("u1", statuses=None) if i.kind != "event"]


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["I'm allergic to peanuts", "Actually I meant cashews, not peanuts"], "cashews", "peanuts"),
    (["我对花生过敏", "不对，我是说腰果，不是花生"], "腰果", "花生"),
    (["我对芒果过敏", "说错了，我想说的是菠萝不是芒果"], "菠萝", "芒果"),
    (["我对花生过敏", "sorry, actually I meant I'm allergic to cashews, not peanuts"], "cashews", "花生"),
    (["I'm allergic to peanuts", "不对，我是说腰果，不是花生"], "腰果", "peanuts"),
])
def test_the_right_allergen_is_current_and_the_wrong_one_superseded(texts: list[str], new: str, old: str) -> None:
    items = _guarded(texts)
    assert any(s == "active" and new in d for s, d in items), items
    assert any(s == "superseded" and old in d for s, d in items), items
    assert not any(s == "active" and old in d for s, d in items), items


def test_another_persons_allergy_with_not_changes_nothing() -> None:
    items = _guarded(["我对花生过敏", "my sister is allergic to cashews, not peanuts, weird right"])
    assert ("active", "用户对花生过敏") in items, items


def test_put_right_needs_a_correction_naming_the_value() -> None:
    said = Finding("health", 8, 27, "allergic to cashews", "")
    assert put_right(said, "Actually I meant cashews, not peanuts", "User is allergic to cashews")
    assert not put_right(said, "I like cashews", "User is allergic to cashews")  # no correction
    assert not put_right(said, "Actually I meant almonds, not peanuts", "User is allergic to cashews")
    other = Finding("health", 8, 30, "has asthma and cashews", "")
    assert not put_right(other, "Actually I meant cashews, not peanuts", "User has asthma and cashews")
