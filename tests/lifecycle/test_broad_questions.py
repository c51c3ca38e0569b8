"""Broad questions get summaries first; specific ones get their items first and summaries after."""

from __future__ import annotations

import itertools
from datetime import timedelta

import pytest
from _turns import T0, session

from memory_core.lifecycle import ManualClock
from memory_core.lifecycle.broad import is_broad, recall_with_summaries, restates, summaries_after
from memory_core.model import Kind, MemoryItem
from memory_core.retrieval.recall import RecallResult
from memory_core.service import Memory


@pytest.mark.parametrize(("query", "broad"), [
    ("What did we talk about in March?", True), ("Can you recap what I did in May?", True),
    ("3月我们聊了什么？", True), ("6月发生了什么？", True), ("回顾一下我5月做了什么", True),
    ("上个月我都在忙什么？", True), ("我5月都忙了些什么？", True),
    ("我周末一般干什么？", False), ("我平时做什么运动？", False), ("你是做什么工作的？", False),
    ("Where do I live now?", False), ("What do I do on weekends?", False),
    # "before" with nothing after it is "before now": a former value (``past_question``), not a recap
    ("What did I do before?", False), ("What did we do before Christmas?", True),
    ("What did we talk about before?", True),
])
def test_recaps_are_broad_habits_are_not(query: str, broad: bool) -> None:
    assert is_broad(query) is broad


def _result(kind: str, score: float, rank: int) -> RecallResult:
    return RecallResult(MemoryItem.create("u", f"{kind} {rank}", "t", kind=kind), score, score, rank, [])


def test_summaries_after_keeps_order_and_scores_falling() -> None:
    results = [_result(Kind.SUMMARY, 9.0, 1), _result(Kind.FACT, 5.0, 2), _result(Kind.SUMMARY, 4.0, 3),
               _result(Kind.EVENT, 3.0, 4)]
    out = summaries_after(results)
    assert [r.item.kind for r in out] == [Kind.FACT, Kind.EVENT, Kind.SUMMARY, Kind.SUMMARY]
    assert [r.rank for r in out] == [1, 2, 3, 4]
    assert all(a.score > b.score for a, b in itertools.pairwise(out))
    assert [r.item.description for r in out[2:]] == ["summary 1", "summary 3"]
    plain = [_result(Kind.FACT, 5.0, 1), _result(Kind.SUMMARY, 1.0, 2)]
    assert summaries_after(plain) is plain


def _said(kind: str, text: str, turns: list[str], score: float) -> RecallResult:
    item = MemoryItem.create("u", text, "t", kind=kind, source=turns)
    return RecallResult(item, score, score, 1, list(turns))


@pytest.mark.parametrize(("fact", "summary", "fact_turns", "summary_turns", "dropped"), [
    ("Hugo is allergic to penicillin", "Summary of our conversations in March 2025 (1 conversation): we talked "
     "about Hugo is allergic to penicillin.", ["t1"], ["t9"], True),
    ("小蕾的生日是十月三号", "2025年6月的对话摘要（1 次对话）：这个月我们聊了小蕾的生日是十月三号。",
     ["t1"], ["t9"], True),
    ("Maya is vegetarian", "Conversation of 2025-02-01: we talked about Maya's new bike.", ["t2"], ["t1", "t2"], True),
    ("静怡是素食者", "2025-03-03 的对话：我们聊了静怡的新工作。", ["t2"], ["t1", "t3"], False),
    ("Maya is vegetarian", "Conversation of 2025-02-01: we talked about the trip to Porto.", ["t2"], ["t5"], False),
])
def test_a_summary_restating_a_shown_result_is_dropped_for_a_specific_question(
        fact: str, summary: str, fact_turns: list[str], summary_turns: list[str], dropped: bool) -> None:
    shown = _said(Kind.FACT, fact, fact_turns, 5.0)
    recap = _said(Kind.SUMMARY, summary, summary_turns, 9.0)
    assert restates(recap, [shown]) is dropped
    out = summaries_after([recap, shown])
    assert out[0].item is shown.item
    assert [r.item.kind for r in out] == ([Kind.FACT] if dropped else [Kind.FACT, Kind.SUMMARY])
    assert [r.rank for r in out] == list(range(1, len(out) + 1))


@pytest.mark.parametrize(("first", "then", "query", "now", "old"), [
    ("我在京东上班，每天通勤一个多小时。", "上个月跳槽到美团了，离家近多了。", "我在哪家公司上班？", "美团", "京东"),
    ("I work at Siemens as an engineer, the commute takes an hour.", "I changed jobs last month, now I work at Bosch, "
     "much closer to home.", "Which company do I work at?", "Bosch", "Siemens"),
])
def test_a_specific_question_is_answered_before_a_summary_of_its_old_value(
        memory: Memory, clock: ManualClock, first: str, then: str, query: str, now: str, old: str) -> None:
    tail = "Thanks!" if old == "Siemens" else "谢谢！"  # two user turns: an episode of its own
    memory.ingest(session("u1", "s1", T0, [first, tail]))
    memory.ingest(session("u1", "s2", T0 + timedelta(days=120), [then, tail]))
    clock.advance(days=121)
    [report] = memory.maintain("u1", consolidate=False)
    assert report.summaries >= 2
    top = memory.recall("u1", query).results
    assert top and top[0].item.kind != Kind.SUMMARY and now in top[0].item.description
    assert [r.item.kind for r in top] == sorted((r.item.kind for r in top), key=lambda k: k == Kind.SUMMARY)
    recap = memory.recall("u1", "What did we talk about in March?" if old == "Siemens" else "3月我们聊了什么？").results
    assert recap[0].item.kind == Kind.SUMMARY


class _Recaller:
    """A recaller of pure logic: its first pass (other kinds) finds ``first``, its summaries pass ``recaps``."""

    timings = None

    def __init__(self, first: list[RecallResult], recaps: list[RecallResult]) -> None:
        self.first, self.recaps = first, recaps

    def recall(self, user_id: str, query: str, k: int, filters: object = None, weights: object = None,
               settings: object = None) -> list[RecallResult]:
        kinds = getattr(filters, "kinds", None)
        return list(self.recaps if kinds == [Kind.SUMMARY] else self.first)


@pytest.mark.parametrize(("query", "fact", "matching", "other"), [
    ("Where does my cousin Ilse live?", "Ilse lives in Graz", "Conversation on 2025-03-03: we talked about Ilse.",
     "Conversation on 2025-03-04: we talked about the weather."),
    ("我表姐住在哪里？", "表姐住在苏州", "2025-03-03 的对话：我们聊了表姐的新家。",
     "2025-03-04 的对话：我们聊了天气。"),
])
def test_a_specific_questions_fill_takes_only_recaps_sharing_a_word(query: str, fact: str, matching: str,
                                                                  other: str) -> None:
    shown = _said(Kind.FACT, fact, ["t1"], 5.0)
    hit = RecallResult(MemoryItem.create("u", matching, "t", kind=Kind.SUMMARY, source=["t7"]), 0.5, 1.3, 1, ["t7"])
    miss = RecallResult(MemoryItem.create("u", other, "t", kind=Kind.SUMMARY, source=["t8"]), 0.6, 0.0, 2, ["t8"])
    out, _ = recall_with_summaries(_Recaller([shown], [miss, hit]), "u", query, 5, None, None)  # type: ignore[arg-type]
    assert [r.item.description for r in out] == [fact, matching]  # the recency-only recap is not filler


@pytest.mark.parametrize("query", ["How was last month?", "Anything new last month?", "上个月怎么样？",
                                   "上个月有啥新鲜事？", "十月份我都干嘛了？", "What went on in October?"])
def test_a_question_naming_only_a_period_keeps_the_recaps_its_window_found(query: str) -> None:
    """The recap pass ranked the period's summaries by its time window: they share no word with the question
    and are its answer; a question with a content word keeps only the recaps sharing one."""
    month = RecallResult(MemoryItem.create("u", "2025年10月的对话摘要：这个月我们聊了领养小猫", "t", kind=Kind.SUMMARY,
                                           source=["t7"]), 0.5, 0.0, 1, ["t7"])
    out, _ = recall_with_summaries(_Recaller([], [month]), "u", query, 5, None, None)  # type: ignore[arg-type]
    assert [r.item.description for r in out] == [month.item.description]
    with_content = query.rstrip("?？") + (" with the cat?" if query.isascii() else "猫的事？")
    out, _ = recall_with_summaries(_Recaller([], [month]), "u", with_content, 5, None, None)  # type: ignore[arg-type]
    assert out == []


@pytest.mark.parametrize(("month", "later", "queries"), [
    (["We went to the Lake District for a hiking weekend.", "I ran my first half marathon in Bristol."],
     "I'm learning to bake sourdough bread.", ["How was last month?", "Anything new last month?"]),
    (["我们周末去黄山爬山了。", "我在杭州跑了第一个半程马拉松。"], "我在学做酸面包。",
     ["上个月怎么样？", "上个月有啥新鲜事？"]),
])
def test_a_period_question_reaches_the_months_summary_once_its_turns_are_gone(
        memory: Memory, clock: ManualClock, month: list[str], later: str, queries: list[str]) -> None:
    """The month's raw turns and items are gone (forgotten after maintenance wrote its summary): its summary,
    dated in the month and sharing no word with the question, is what answers it."""
    memory.ingest(session("u1", "s1", T0, month))
    clock.advance(days=40)
    [report] = memory.maintain("u1", consolidate=False)
    assert report.summaries >= 1
    for item in memory.store.list_items("u1"):
        if item.kind != Kind.SUMMARY:
            memory.store.delete("u1", item.id, reason="forgotten")
    memory.ingest(session("u1", "s2", T0 + timedelta(days=35), [later]))
    for query in queries:
        top = memory.recall("u1", query).results
        assert top and any(r.item.kind == Kind.SUMMARY for r in top), (query, [r.item.description for r in top])
