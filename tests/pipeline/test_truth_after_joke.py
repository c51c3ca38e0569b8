"""A retraction followed by the truth ("just kidding I'm actually an accountant lol", 开玩笑的，我其实是会计) states the
truth: it supersedes the value said before, and takes back a sentence of the same turn before it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.jest import joke_sentences


def _active(texts: list[str]) -> list[str]:
    """The descriptions of the active statements the user turns leave, one day apart."""
    store, pipeline = DictStore(), WritePipeline()
    for i, text in enumerate(texts):
        turn = Turn("u1", f"t{i}", "s", "user", text, datetime(2026, 4, 1 + i, 9, tzinfo=UTC))
        store.apply("u1", pipeline.plan(turn, store))
    return [i.description for i in store.list_items("u1") if i.kind != "event" and i.status == "active"]


@pytest.mark.parametrize(
    ("texts", "now", "gone"),
    [
        (["I'm a teacher.", "just kidding I'm actually an accountant lol"], "User works as an accountant", "teacher"),
        (["I'm a teacher.", "Just kidding, actually I'm an accountant."], "User works as an accountant", "teacher"),
        (["我是老师。", "开玩笑的，我其实是会计哈哈"], "用户的职业是会计", "老师"),
    ],
)
def test_the_truth_after_a_retraction_supersedes(texts: list[str], now: str, gone: str) -> None:
    active = _active(texts)
    assert now in active and not any(gone in d for d in active), active


def test_the_sentence_before_is_taken_back_and_the_truth_kept() -> None:
    sentences = ["I'm a millionaire.", "Just kidding, I'm actually a broke student lol"]
    assert joke_sentences(sentences) == {0}
    assert joke_sentences(["I'm a millionaire.", "Just kidding lol"]) == {0, 1}
    assert joke_sentences(["yeah right I'm a millionaire, just kidding"]) == {0}
