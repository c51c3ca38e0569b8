"""A catch-up's slices read what changed, not the history: the item watermark and the turn window (EN and ZH).

``ActiveSets`` keeps a user's active items between runs and brings them
current from the rows changed after the memory version they were read at;
hits (which move no version, and may add a source turn) are read apart.
A run reads a bounded window of turns past its turn watermark. Each must
end where a whole read ends.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from _turns import T0, session, wall_memory

import memory_core.lifecycle.maintain as maintain_module
from memory_core.lifecycle import ManualClock, active_set
from memory_core.lifecycle.active_set import ActiveSets
from memory_core.model import Kind, MemoryItem, Status
from memory_core.service import Memory
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import EndOp, HitOp

DAYS = [
    ["I went hiking at Mount Tam with my sister today", "My daughter started learning the violin"],
    ["我今天和同事去爬了香山，红叶特别漂亮", "我在考虑领养一只金毛小狗"],
    ["We tried the new ramen place downtown", "I am reading a novel about a lighthouse keeper"],
    ["周末我们去了海边露营，晚上看到了很多星星", "我最近在学做川菜，麻婆豆腐做得还不错"],
    ["My son scored his first goal at football practice", "I repaired the old bicycle in the garage"],
    ["今天去医院看了牙医，要补两颗牙", "我们家楼下新开了一家面包店"],
]


def _fill(memory: Memory, days: list[list[str]] = DAYS, first: int = 0) -> None:
    start = T0.replace(day=29)
    for n, texts in enumerate(days, start=first):
        memory.ingest(session("u1", f"s{n}", start + timedelta(days=n), texts))


def _seen(items: list[MemoryItem]) -> dict[str, tuple[object, ...]]:
    """What decay and consolidation read of each item."""
    return {i.id: (i.description, str(i.status), i.hit, i.last_used_at, tuple(i.source), i.valid_until, i.key)
            for i in items}


def _whole(store: SqlStore) -> dict[str, tuple[object, ...]]:
    return _seen(store.list_items_for_index("u1", (Status.ACTIVE,)))


def test_the_kept_set_follows_every_change_a_whole_read_sees(tmp_path: Path, clock: ManualClock) -> None:
    memory = wall_memory(tmp_path / "m.db", clock)
    _fill(memory, DAYS[:3])
    sets = ActiveSets(memory.store)
    assert _seen(sets.read("u1")) == _whole(memory.store) and sets.full_reads == 1
    _fill(memory, DAYS[3:], first=3)  # the curator's new items (EN and ZH)
    events = [i for i in memory.store.list_items("u1") if i.kind == Kind.EVENT]
    at = T0.replace(day=29) + timedelta(days=9)
    memory.store.apply("u1", [HitOp(events[0].id, 1, turn_id="later-turn", at=at)])  # a restatement: no new version
    memory.store.apply("u1", [EndOp(events[1].id, Status.ARCHIVED, "ended", "user", valid_until=at)])
    memory.set_expiry("u1", events[2].id, at + timedelta(days=3), "a trip")
    assert _seen(sets.read("u1")) == _whole(memory.store)
    assert (sets.full_reads, sets.change_reads) == (1, 1)
    kept = {i.id: i for i in sets.read("u1")}
    assert kept[events[0].id].source[-1] == "later-turn" and kept[events[0].id].last_used_at == at
    assert events[1].id not in kept and kept[events[2].id].valid_until == at + timedelta(days=3)
    memory.close()


@pytest.mark.parametrize(("hit", "full"), [(3, 1), (4, 2)])
def test_hits_are_read_apart_and_many_read_the_set_whole(tmp_path: Path, clock: ManualClock,
                                                         monkeypatch: pytest.MonkeyPatch, hit: int, full: int) -> None:
    monkeypatch.setattr(active_set, "REREAD_AT_MOST", 3)
    memory = wall_memory(tmp_path / "m.db", clock)
    _fill(memory)
    sets = ActiveSets(memory.store)
    items = sets.read("u1")
    memory.store.apply("u1", [HitOp(i.id, 1, at=T0 + timedelta(days=9)) for i in items[:hit]])
    assert _seen(sets.read("u1")) == _whole(memory.store) and sets.full_reads == full
    memory.close()


def test_a_maintainer_reads_the_history_once_then_its_changes(tmp_path: Path, clock: ManualClock) -> None:
    memory = wall_memory(tmp_path / "m.db", clock, maintain_max_episodes=2, maintain_max_ends=3)
    _fill(memory)
    clock.set(T0.replace(month=5, day=20))
    runs = 0
    while True:
        [report] = memory.maintain("u1", whole=False)
        runs += 1
        if not report.backlog:
            break
    sets = memory.maintainer.active_sets
    assert runs > 3 and sets.full_reads == 1 and sets.change_reads == runs - 1
    assert memory.store.self_check().status == "OK"
    memory.close()


@pytest.fixture
def small_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two turns read per episode a run may summarise: with one-day sessions of two turns, a day per episode."""
    monkeypatch.setattr(maintain_module, "TURNS_READ_PER_EPISODE", 2)


def test_a_window_of_turns_ends_where_a_whole_read_ends(tmp_path: Path, clock: ManualClock,
                                                        small_window: None) -> None:
    windowed = wall_memory(tmp_path / "w.db", clock, maintain_max_episodes=2, maintain_max_ends=0)
    whole = wall_memory(tmp_path / "a.db", clock, maintain_max_episodes=0, maintain_max_ends=0)
    for memory in (windowed, whole):
        _fill(memory)
    clock.set(T0.replace(month=5, day=20))
    reads: list[int | None] = []
    real = windowed.store.list_turns

    def spy(user_id: str, *, after_seq: int = 0, limit: int | None = None) -> list[object]:
        reads.append(limit)
        return real(user_id, after_seq=after_seq, limit=limit)  # type: ignore[return-value]

    windowed.store.list_turns = spy  # type: ignore[method-assign]
    reports = []
    while not reports or reports[-1].backlog:
        [report] = windowed.maintain("u1", whole=False)
        reports.append(report)
        assert len(reports) < 20
    assert set(reads) == {4} and len(reports) >= len(DAYS) - 1  # a window of 4 turns: one day summarised per run
    [once] = whole.maintain("u1")
    assert sum(r.summaries for r in reports) == once.summaries == len(DAYS) + 2  # six days, March and April
    state = {i.description: str(i.status) for i in windowed.store.list_items("u1", statuses=None)}
    assert state == {i.description: str(i.status) for i in whole.store.list_items("u1", statuses=None)}
    assert windowed.store.self_check().status == "OK"
    windowed.close()
    whole.close()


def test_one_episode_longer_than_the_window_is_read_whole(tmp_path: Path, clock: ManualClock,
                                                          small_window: None) -> None:
    memory = wall_memory(tmp_path / "m.db", clock, maintain_max_episodes=1, maintain_max_ends=0)
    texts = [t for day in DAYS for t in day]  # one conversation of twelve turns, EN and ZH, a minute apart
    memory.ingest(session("u1", "long", T0, texts))
    clock.advance(days=2)
    [report] = memory.maintain("u1", whole=False)
    [summary] = memory.store.list_items("u1", kind=Kind.SUMMARY)
    assert report.summaries == 1 and summary.key and summary.key.startswith("summary:episode:")
    memory.close()


def test_merges_are_sliced_too(tmp_path: Path, clock: ManualClock) -> None:
    memory = wall_memory(tmp_path / "m.db", clock, maintain_max_episodes=0, maintain_max_ends=1)
    for n, text in enumerate(["Likes jazz", "Likes jazz!", "喜欢爵士乐", "喜欢爵士乐。"]):
        memory.store.add("u1", text, "taste", kind=Kind.PREFERENCE, valid_from=T0 + timedelta(hours=n))
    [first] = memory.maintain("u1", whole=False)
    assert (first.merged, first.backlog) == (1, True)
    [second] = memory.maintain("u1", whole=False)
    assert (second.merged, second.backlog) == (1, False)
    assert sorted(i.description for i in memory.store.list_items("u1")) == ["Likes jazz!", "喜欢爵士乐。"]
    assert memory.store.self_check().status == "OK"
    memory.close()
