"""Maintenance keeps what it has just summed up and what holds now (trial 14, finding 5).

- A month summary counts its days from when it was written, not from the month it covers: the run that writes
  the summaries of a user's old months never archives them ("faded: strength 0.189 below 0.2" in the same run).
- A current fact or preference that ends or switches a state ("Switched to Apple Music", "咖啡我戒了") is not
  archived by disuse: it is what holds now.
- A question about a named month ("what did we talk about in April 2025?", "2024年11月我们聊了什么？") gets that
  month's summary first, and no other month's summary; a month with no conversation gets none.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _turns import T0, session

from memory_core.decay import Decay, base_time
from memory_core.lifecycle import ManualClock
from memory_core.lifecycle.broad import named_period
from memory_core.lifecycle.fading import ending_ops, kept_from_decay
from memory_core.model import Kind, MemoryItem, Status
from memory_core.service import Memory

MONTHLY = [
    "Went hiking in the Alps this weekend, my legs are dead.",
    "今天杭州下雪了，西湖特别好看。",
    "Watched Dune 2 with a friend, pretty good.",
    "五一去了趟黄山，爬得腿都断了。",
    "Tried a new ramen place downtown, the broth was amazing.",
    "国庆在家打了一周的黑神话悟空。",
    "Spent Saturday repainting the balcony railing, it took forever.",
    "周末去西湖边骑了一圈自行车，风景超好。",
    "My sister's wedding was lovely, I cried during the speeches.",
    "昨天加班到十一点，项目终于上线了。",
    "Found a great bakery near the office, their croissants are perfect.",
    "今天去看了一场话剧，演员演得很好。",
]


def _months(memory: Memory) -> list[MemoryItem]:
    return [i for i in memory.store.list_items("u1", statuses=None) if i.kind == Kind.SUMMARY
            and (i.key or "").startswith("summary:month:")]


def _monthly(memory: Memory, months: int) -> None:
    """One chat every two months from 2024-03-03, ``months`` chats, in two languages."""
    for n in range(months):
        start = datetime(2024 + (2 + 2 * n) // 12, (2 + 2 * n) % 12 + 1, 3, 9, tzinfo=UTC)
        memory.ingest(session("u1", f"s{n}", start, [MONTHLY[n]]))


def test_the_run_that_writes_old_months_summaries_archives_none_of_them(memory: Memory, clock: ManualClock) -> None:
    _monthly(memory, 12)  # 2024-03 … 2026-01
    clock.set(datetime(2026, 2, 20, tzinfo=UTC))
    memory.maintain("u1")
    months = _months(memory)
    assert len(months) == 12, [m.key for m in months]
    assert all(m.status == Status.ACTIVE for m in months), [(m.key, m.status) for m in months]
    clock.advance(days=30)  # a month later the two-year-old months are still summed up
    memory.maintain("u1")
    assert all(m.status == Status.ACTIVE for m in _months(memory))


def test_a_summary_decays_from_when_it_was_written() -> None:
    written = datetime(2026, 2, 20, tzinfo=UTC)
    summary = MemoryItem.create("u1", "Summary of our conversations in March 2025: hiking", "conversation summaries",
                                kind=Kind.SUMMARY, key="summary:month:2025-03", at=written,
                                valid_from=datetime(2025, 3, 1, tzinfo=UTC), importance=0.7)
    assert base_time(summary) == written
    expire, faded = ending_ops([summary], written, Decay())
    assert not expire and not faded
    _, faded = ending_ops([summary], written + timedelta(days=200), Decay())
    assert not faded
    _, faded = ending_ops([summary], written + timedelta(days=500), Decay())
    assert [op.item_id for op in faded] == [summary.id]  # unused for 500 days it fades by its own λ (0.003/day)


@pytest.mark.parametrize(("before", "change", "current"), [
    ("I pay for Spotify Premium, mostly for podcasts.", "Switched to Apple Music last week.", "Apple Music"),
    ("我每天早上都要喝一杯拿铁。", "咖啡我戒了", "不再喝咖啡"),
    ("I smoke about half a pack a day.", "I quit smoking.", "quit smoking"),
])
def test_a_current_state_that_a_change_set_does_not_fade(memory: Memory, clock: ManualClock, before: str,
                                                         change: str, current: str) -> None:
    memory.ingest(session("u1", "s1", T0, [before]))
    memory.ingest(session("u1", "s2", T0 + timedelta(days=30), [change]))
    clock.set(T0 + timedelta(days=3 * 365))
    memory.maintain("u1")
    live = [i.description for i in memory.store.list_items("u1") if i.kind != Kind.EVENT
            and i.kind != Kind.SUMMARY]
    assert any(current in d for d in live), live


def test_a_plain_dislike_is_no_change_and_may_fade() -> None:
    item = MemoryItem.create("u1", "User doesn't like cilantro", "taste", kind=Kind.PREFERENCE,
                             key="pref:cilantro")
    switched = MemoryItem.create("u1", "User switched to Apple Music", "taste", kind=Kind.FACT, key="gist:music")
    assert not kept_from_decay(item) and kept_from_decay(switched)


@pytest.mark.parametrize(("query", "month"), [
    ("what did we talk about in July 2024?", "2024-07"),
    ("2024年11月我们聊了什么？", "2024-11"),
    ("What did we chat about in January 2025?", "2025-01"),
])
def test_a_named_month_gets_its_own_summary_first(memory: Memory, clock: ManualClock, query: str,
                                                  month: str) -> None:
    _monthly(memory, 12)
    clock.set(datetime(2026, 2, 20, tzinfo=UTC))
    memory.maintain("u1")
    results = memory.recall("u1", query, k=5).results
    summaries = [r.item.key for r in results if r.item.kind == Kind.SUMMARY]
    assert summaries and summaries[0] == f"summary:month:{month}", summaries
    assert all(key is not None and month in key for key in summaries), summaries


@pytest.mark.parametrize("query", ["what did we talk about in June 2024?", "2023年3月我们聊了什么？"])
def test_a_month_without_a_conversation_gets_no_summary(memory: Memory, clock: ManualClock, query: str) -> None:
    _monthly(memory, 12)
    clock.set(datetime(2026, 2, 20, tzinfo=UTC))
    memory.maintain("u1")
    assert not [r for r in memory.recall("u1", query, k=5).results if r.item.kind == Kind.SUMMARY]


def test_only_a_period_named_by_its_date_is_one() -> None:
    assert named_period("what did we talk about in April 2025?") is not None
    assert named_period("2024年11月我们聊了什么？") is not None
    assert named_period("what did we talk about last month?") is None
    assert named_period("what did we talk about?") is None
