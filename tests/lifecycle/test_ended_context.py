"""A temporary state whose time has passed reads as over in the context block, with or without maintenance."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _turns import T0, session

from memory_core.lifecycle import ManualClock
from memory_core.service import Memory

CASES = {
    "en": ("I live in Boston.", "I'm in Tokyo on a business trip this week.", "Where is my business trip?",
           "Tokyo", "ended", ["Watched a quiet film at home.", "Cooked pasta for dinner."],
           "Where do I live?", "Boston"),
    "zh": ("我住在杭州。", "这周我在深圳出差。", "我这周在哪里出差？", "深圳", "已结束",
           ["在家看了一部安静的电影。", "晚饭做了意大利面。"], "我住在哪里？", "杭州"),
}


def _lines(memory: Memory, query: str, word: str) -> list[str]:
    return [line for line in memory.recall("u1", query, k=5).context.text.splitlines() if word in line]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("maintained", [False, True])
def test_an_expired_trip_reads_as_ended(memory: Memory, clock: ManualClock, lang: str, maintained: bool) -> None:
    home, trip, query, place, ended, later, where, city = CASES[lang]
    memory.ingest(session("u1", "s1", T0, [home]))
    memory.ingest(session("u1", "s2", T0 + timedelta(days=30), [trip]))
    [now] = _lines(memory, query, place)
    assert ended not in now  # said today: a current state
    for n, text in enumerate(later):  # the user's timeline moves on past the week
        memory.ingest(session("u1", f"s{3 + n}", T0 + timedelta(days=44 + n), [text]))
    if maintained:  # the stay is over, but the record of the trip is kept (``lifecycle.memorable``)
        clock.set(T0 + timedelta(days=46))
        assert sum(r.expired for r in memory.maintain("u1")) == 0
    day = (T0 + timedelta(days=30)).date().isoformat()
    shown = _lines(memory, query, place)
    assert shown and all(ended in line and f"{day}–" in line for line in shown)
    assert all(ended not in line for line in _lines(memory, where, city))
