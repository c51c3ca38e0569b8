"""Summaries beside a specific answer: after it in recall and in the context block, marked when outdated."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _turns import T0, session

from memory_core.lifecycle import ManualClock
from memory_core.lifecycle.broad import summaries_after
from memory_core.model import Kind, MemoryItem
from memory_core.retrieval.recall import RecallResult
from memory_core.service import Memory


def _result(kind: str, text: str, score: float, rank: int, turns: list[str]) -> RecallResult:
    item = MemoryItem.create("u", text, "t", kind=kind, source=turns)
    return RecallResult(item, score, score, rank, list(turns))


def test_recaps_in_order_but_scored_above_the_answer_are_scored_below_it() -> None:
    results = [_result(Kind.FACT, "Lin lives in Chengdu", 0.11, 1, ["t3"]),
               _result(Kind.SUMMARY, "March: we talked about Lin lives in Hangzhou", 0.17, 2, ["t1"])]
    out = summaries_after(results)
    assert [r.item.kind for r in out] == [Kind.FACT, Kind.SUMMARY]
    assert out[0].score > out[1].score


def test_a_month_summary_and_its_episode_summary_are_not_both_shown() -> None:
    fact = _result(Kind.FACT, "Lin lives in Chengdu", 0.3, 1, ["t9"])
    month = _result(Kind.SUMMARY, "Summary of March: we talked about the lake walks", 0.2, 2, ["t1", "t5"])
    episode = _result(Kind.SUMMARY, "Conversation on 2025-03-02: we talked about the lake walks", 0.1, 3,
                      ["t1", "t2"])
    other = _result(Kind.SUMMARY, "Conversation on 2025-03-09: we talked about a film", 0.05, 4, ["t5b"])
    out = summaries_after([fact, month, episode, other])
    assert [r.item.description for r in out] == [fact.item.description, month.item.description,
                                                 other.item.description]


@pytest.mark.parametrize(("first", "then", "query", "now", "old", "outdated"), [
    ("我住在杭州，离西湖不远。", "上个月搬到成都了，新家在高新区。", "我现在住在哪个城市？",
     "成都", "杭州", "已过时"),
    ("I live in Leeds.", "I moved to Bristol last month, the new flat is near the harbour.",
     "Which city do I live in now?", "Bristol", "Leeds", "outdated"),
])
def test_the_context_block_puts_the_current_value_before_a_summary_of_the_old_one(
        memory: Memory, clock: ManualClock, first: str, then: str, query: str, now: str, old: str,
        outdated: str) -> None:
    tail = "Thanks!" if outdated == "outdated" else "谢谢！"  # two user turns: an episode of its own
    memory.ingest(session("u1", "s1", T0, [first, tail]))
    memory.ingest(session("u1", "s2", T0 + timedelta(days=100), [then, tail]))
    clock.advance(days=101)
    [report] = memory.maintain("u1")
    assert report.summaries >= 2
    answer = memory.recall("u1", query)
    kinds = [r.item.kind for r in answer.results]
    # the old home comes after, from its summary or from its raw turn (kept while the new home holds: ``old_turns``)
    assert kinds[0] != Kind.SUMMARY and now in answer.results[0].item.description
    assert any(old in r.item.description for r in answer.results[1:]) and kinds.count(Kind.SUMMARY) <= 1
    scores = [r.score for r in answer.results]
    assert scores == sorted(scores, reverse=True)
    lines = [line for line in answer.context.text.splitlines() if line.startswith("- ")]
    first_now = next(n for n, line in enumerate(lines) if now in line)
    olds = [n for n, line in enumerate(lines) if old in line and now not in line]  # the answer names its "was"
    assert olds and first_now < min(olds)
    assert all(outdated in lines[n] for n in olds)  # each summary naming the old home says it is outdated
