"""A recap question and a summary show no health value the question did not ask for (seed 001 §8.24.1), in
English and Chinese: a question naming a month or a date ("what did we talk about in April?", 四月我们聊了什么？)
is gated like any recall, a summary made from a health item names the value masked, and the context block masks
what the results mask, whatever the item's theme."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _turns import session

from memory_core.lifecycle import ManualClock
from memory_core.model import Kind, MemoryItem
from memory_core.pipeline.sensitive import asked_categories
from memory_core.recall_shown import context_view
from memory_core.retrieval.recall import RecallResult
from memory_core.service import Memory
from memory_core.shown import shown_text

APRIL = datetime(2026, 4, 3, 10, tzinfo=UTC)


def _shown(memory: Memory, user: str, question: str) -> str:
    """The results (as the API shows them for ``question``) and the context block, as one text."""
    answer = memory.recall(user, question)
    return "\n".join([answer.context.text, *(shown_text(r.item.description, query=question)
                                             for r in answer.results)])


@pytest.mark.parametrize(("texts", "values", "recaps", "health"), [
    (["I live in Bristol.", "I'm on sertraline for anxiety.", "I work at Airbus."], ["sertraline", "anxiety"],
     ["what did we talk about in April?", "what did she tell me on April 3?", "what did we discuss in April?",
      "What happened on 3 April?", "recap April for me"], "what medication does she take?"),
    (["I live in Bristol.", "I have HIV, diagnosed last year.", "I work at Airbus."], ["HIV"],
     ["what did we talk about in April?", "what did she tell me on April 3?"], "does she have any health problems?"),
    (["我住在杭州。", "我有抑郁症，在吃舍曲林。", "我在网易上班。"], ["抑郁症", "舍曲林"],
     ["what did we talk about in April?", "四月我们聊了什么？", "4月3号她跟我说了什么？", "四月份发生了什么？"],
     "她身体怎么样？"),
])
def test_a_recap_of_a_month_or_a_day_shows_no_health_value(memory: Memory, clock: ManualClock, texts: list[str],
                                                           values: list[str], recaps: list[str], health: str) -> None:
    clock.set(APRIL + timedelta(days=14))
    memory.ingest(session("ann", "s1", APRIL, texts))
    for question in recaps:
        shown = _shown(memory, "ann", question)
        assert not [v for v in values if v in shown], question
        assert "Bristol" in shown or "杭州" in shown, question  # the recap still answers with the rest
    assert values[0] in _shown(memory, "ann", health)  # a question about health sees it


@pytest.mark.parametrize(("first", "second", "values", "recaps"), [
    (["I live in Bristol.", "I take insulin for my type 2 diabetes."], ["I work at Airbus.", "Thanks!"],
     ["insulin", "diabetes"], ["what did we talk about in April?", "what did we talk about last month?",
                               "catch me up on April"]),
    (["我住在杭州。", "我有糖尿病，每天打胰岛素。"], ["我在网易上班。", "谢谢！"],
     ["糖尿病", "胰岛素"], ["四月我们聊了什么？", "上个月我们聊了什么？", "总结一下四月"]),
])
def test_a_summary_names_a_health_value_masked(memory: Memory, clock: ManualClock, first: list[str],
                                               second: list[str], values: list[str], recaps: list[str]) -> None:
    clock.set(APRIL + timedelta(days=2))
    memory.ingest(session("ann", "s1", APRIL, first))
    memory.ingest(session("ann", "s2", APRIL + timedelta(days=1), second))
    clock.set(datetime(2026, 5, 20, tzinfo=UTC))
    memory.maintain("ann")
    summaries = memory.store.list_items("ann", kind=Kind.SUMMARY)
    assert summaries and any("[health]" in s.description for s in summaries)
    assert not [v for s in summaries for v in values if v in s.description]
    for question in recaps:
        answer = memory.recall("ann", question)
        assert any(r.item.kind == Kind.SUMMARY for r in answer.results), question
        assert not [v for v in values if v in answer.context.text], question


@pytest.mark.parametrize(("summary", "value", "recap", "health"), [
    ("Summary of our conversations in April 2026: we talked about User lives in Bristol; User takes insulin.",
     "insulin", "what happened last month?", "what medication does she take?"),
    ("2026年4月的对话摘要：这个月我们聊了用户住在杭州；用户有糖尿病。", "糖尿病", "上个月发生了什么？",
     "她身体怎么样？"),
])
def test_the_context_block_masks_a_stored_summary_as_the_results_do(summary: str, value: str, recap: str,
                                                                    health: str) -> None:
    item = MemoryItem.create("ann", summary, "conversation summaries", kind=Kind.SUMMARY)
    [result] = [RecallResult(item, 1.0, 1.0, 1, [])]
    [seen] = context_view([result], recap, asked_categories(recap))
    assert value not in seen.item.description and "[health]" in seen.item.description
    assert seen.item.description == shown_text(summary, query=recap)
    [asked] = context_view([result], health, asked_categories(health))
    assert value in asked.item.description
