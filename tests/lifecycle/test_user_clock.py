"""Decay on the user's own clock: a long absence ages memory by a capped amount; slot values never fade."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from memory_core.lifecycle import ManualClock
from memory_core.lifecycle.activity import IdleGaps, idle_gaps, read_gaps
from memory_core.model import Kind, Status, Turn
from memory_core.service import Memory
from memory_core.settings import load_settings
from memory_core.store.sql import SqlStore

START = datetime(2025, 3, 3, 19, 0, tzinfo=UTC)
TODAY = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
DAY = 86_400.0
FACTS = ["My name is Dana Whitfield", "I live in Lisbon", "My favourite band is Radiohead", "我在阿里巴巴工作"]
EVENTS = ["We had dinner at a new ramen place downtown tonight", "今天下午去医院做了体检，一切正常",
          "I went hiking at Mount Tam with my sister today", "我今天和同事去爬了香山，红叶特别漂亮"]


def _history(user: str, days: int = 24) -> list[Turn]:
    turns = []
    for d in range(days):
        texts = ([FACTS[d]] if d < len(FACTS) else []) + [f"{EVENTS[d % 4]} (day {d})", "haha ok"]
        turns += [Turn(user_id=user, turn_id=f"d{d}-{n}", session_id=f"s{d}", role="user", text=text,
                       timestamp=START + timedelta(days=d, minutes=n), speaker="user") for n, text in enumerate(texts)]
    return turns


def _memory(tmp_path: Path, name: str, **settings: object) -> Memory:
    store = SqlStore(f"sqlite:///{tmp_path / name}", migrate=True)
    return Memory(store, settings=load_settings(maintain_every_turns=0, embedder="none", **settings),
                  clock=ManualClock(TODAY))


def _ended(memory: Memory, user: str) -> dict[tuple[str, ...], str]:
    return {tuple(i.source): str(i.status) for i in memory.store.list_items(user, statuses=None)}


def test_one_turn_today_ages_an_old_history_by_the_cap_not_by_the_gap(tmp_path: Path) -> None:
    """History dated 2025 plus one turn today ends as if the user had been away two weeks (the cap)."""
    far, near = _memory(tmp_path, "far.db"), _memory(tmp_path, "near.db")
    last = START + timedelta(days=23)
    try:
        for memory, back_at in ((far, TODAY), (near, last + timedelta(days=14))):
            memory.ingest(_history("u"))
            memory.maintain("u")
            memory.ingest([Turn(user_id="u", turn_id="back-1", session_id="back", role="user",
                                text="I bought a new bike today", timestamp=back_at, speaker="user")])
            [report] = memory.maintain("u")
            assert report.now == back_at
        ended_far, ended_near = _ended(far, "u"), _ended(near, "u")
        del ended_far[("back-1",)], ended_near[("back-1",)]
        assert ended_far == ended_near  # a year and a half away counts as two weeks
        items = far.store.list_items("u", statuses=None)
        kept = {i.key: i.status for i in items
                if i.key and i.key.startswith(("fact:", "pref:")) and i.source != ["back-1"]}
        assert kept == {"fact:name": Status.ACTIVE, "fact:lives_in": Status.ACTIVE,
                        "pref:favourite:band": Status.ACTIVE, "fact:works_at": Status.ACTIVE}
        summaries = [i for i in items if i.kind == Kind.SUMMARY]
        assert summaries and all(i.status == Status.ACTIVE for i in summaries)
        events = [i for i in items if i.kind == Kind.EVENT]
        assert sum(i.status == Status.ACTIVE for i in events) < len(events)  # old events did fade
        assert far.store.self_check().status == "OK"
    finally:
        far.close()
        near.close()


def test_wall_clock_archives_old_events_but_never_a_current_slot_value(tmp_path: Path) -> None:
    memory = _memory(tmp_path, "wall.db", decay_timeline="wall")
    store = memory.store
    try:
        home = store.add("u", "User lives in Lisbon", "places", kind=Kind.FACT, key="fact:lives_in",
                         valid_from=START, importance=0.3)
        band = store.add("u", "最喜欢的乐队是五月天", "music", kind=Kind.PREFERENCE, key="pref:favourite:band",
                         valid_from=START, importance=0.3)
        name = store.add("u", "用户叫王芳", "身份", kind=Kind.FACT, valid_from=START, importance=0.3)
        tea = store.add("u", "Likes green tea", "taste", kind=Kind.PREFERENCE, key="pref:green tea",
                        valid_from=START, importance=0.3)
        dinner = store.add("u", "Dinner at the ramen place", "moments", kind=Kind.EVENT, valid_from=START)
        trip = store.add("u", "Lives in a hotel in Porto this week", "places", kind=Kind.FACT,
                         key="fact:lives_in@trip", valid_from=START, expires_at=START + timedelta(days=5))
        [report] = memory.maintain("u")
        status = {i.id: i.status for i in store.list_items("u", statuses=None)}
        assert status[home] == status[band] == status[name] == Status.ACTIVE
        assert status[tea] == status[dinner] == status[trip] == Status.ARCHIVED  # plain disuse and expiry still end
        assert report.archived == 2 and report.expired == 1
    finally:
        memory.close()


def test_idle_gaps_freeze_time_beyond_the_cap() -> None:
    gaps = idle_gaps([0.0, DAY, 2 * DAY, 100 * DAY, 101 * DAY], cap_s=7 * DAY)
    assert gaps.gaps == [(2 * DAY, 100 * DAY)]
    active = gaps.to_active(np.array([DAY, 5 * DAY, 50 * DAY, 100 * DAY, 101 * DAY]))
    assert np.allclose(active / DAY, [1, 5, 9, 9, 10])
    assert gaps.split([60 * DAY]).gaps == [(2 * DAY, 60 * DAY), (60 * DAY, 100 * DAY)]
    assert gaps.split([8 * DAY, 95 * DAY]).gaps == [(8 * DAY, 95 * DAY)]
    assert IdleGaps(DAY).to_active(5.0) == 5.0


def test_gaps_are_read_incrementally_and_again_when_old_turns_arrive(tmp_path: Path) -> None:
    memory = _memory(tmp_path, "gaps.db")
    store = memory.store
    assert isinstance(store, SqlStore)
    try:
        def turn(tid: str, when: datetime) -> Turn:
            return Turn(user_id="u", turn_id=tid, session_id="s", role="user", text="hello there", timestamp=when)

        store.append_many([turn("a", START), turn("b", START + timedelta(days=30))])
        mark: dict[str, object] = {}
        first = read_gaps(store, "u", mark, 7 * DAY)
        assert len(first.gaps) == 1 and mark["idle"]["seq"] == 2  # type: ignore[index]
        store.append_many([turn("c", START + timedelta(days=31)), turn("d", START + timedelta(days=90))])
        second = read_gaps(store, "u", mark, 7 * DAY)
        assert len(second.gaps) == 2 and mark["idle"]["seq"] == 4  # type: ignore[index]
        store.append_many([turn("e", START + timedelta(days=15)), turn("f", START + timedelta(days=60))])
        third = read_gaps(store, "u", mark, 7 * DAY)  # older turns arrived: the whole timeline is read again
        assert len(third.gaps) == 4
        assert third.gaps == idle_gaps([t.timestamp.timestamp() for t in store.list_turns("u")], 7 * DAY).gaps
        assert read_gaps(store, "u", mark, 2 * DAY).gaps == third.gaps  # a new cap re-reads too
    finally:
        memory.close()


def test_bad_idle_cap_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        load_settings(decay_idle_cap_days=-1)
