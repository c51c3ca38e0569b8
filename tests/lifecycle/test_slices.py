"""A backlog of maintenance is caught up in bounded slices that end as one unbounded run does (injected clock)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from _turns import T0, session, wall_memory

from memory_core.errors import InvalidField
from memory_core.lifecycle import ManualClock
from memory_core.lifecycle.maintain import Maintainer
from memory_core.model import Kind
from memory_core.service import Memory
from memory_core.store.sql import SqlStore

DAYS = [
    ["I went hiking at Mount Tam with my sister today, the view was amazing",
     "My daughter started learning the violin last month and loves it"],
    ["我今天和同事去爬了香山，红叶特别漂亮", "我在考虑领养一只金毛小狗"],
    ["We tried the new ramen place downtown, the broth was rich", "I am reading a novel about a lighthouse keeper"],
    ["周末我们去了海边露营，晚上看到了很多星星", "我最近在学做川菜，麻婆豆腐做得还不错"],
    ["My son scored his first goal at football practice", "I repaired the old bicycle in the garage"],
    ["今天去医院看了牙医，要补两颗牙", "我们家楼下新开了一家面包店"],
]


def _fill(memory: Memory) -> None:
    """Six daily conversations from 2025-03-29 over the month's end (March and April)."""
    start = T0.replace(day=29)
    for n, texts in enumerate(DAYS):
        memory.ingest(session("u1", f"s{n}", start + timedelta(days=n), texts))


def _state(memory: Memory) -> dict[str, tuple[str, str]]:
    """Description → (status, kind) of every item but the summaries' own ids."""
    return {i.description: (str(i.status), str(i.kind)) for i in memory.store.list_items("u1", statuses=None)}


@pytest.fixture
def twins(tmp_path: Path, clock: ManualClock) -> tuple[Memory, Memory]:
    sliced = wall_memory(tmp_path / "sliced.db", clock, maintain_max_episodes=2, maintain_max_ends=3)
    whole = wall_memory(tmp_path / "whole.db", clock, maintain_max_episodes=0, maintain_max_ends=0)
    for memory in (sliced, whole):
        _fill(memory)
    clock.set(T0.replace(month=5, day=20))  # both months over, the events faded
    yield sliced, whole
    sliced.close()
    whole.close()


def test_slices_bound_each_run_and_end_where_one_whole_run_ends(twins: tuple[Memory, Memory]) -> None:
    sliced, whole = twins
    [once] = whole.maintain("u1")
    assert not once.backlog and once.summaries == 6 + 2 and once.archived > 3
    reports = []
    while not reports or reports[-1].backlog:
        [report] = sliced.maintain("u1", whole=False)
        reports.append(report)
        assert len(reports) < 20
    assert len(reports) > 3
    for report in reports:
        assert report.archived + report.expired <= 3
    summarising = [r for r in reports if r.summaries]
    assert all(r.archived == 0 for r in summarising[:-1])  # nothing fades while episodes wait for their summary
    assert sum(r.summaries for r in reports) == once.summaries
    assert sum(r.archived for r in reports) == once.archived
    assert _state(sliced) == _state(whole)
    assert sliced.store.self_check().status == "OK"
    [again] = sliced.maintain("u1", whole=False)
    assert (again.summaries, again.archived, again.backlog) == (0, 0, False)


def test_a_month_is_summed_up_only_after_all_its_episodes(twins: tuple[Memory, Memory]) -> None:
    sliced, _ = twins
    [first] = sliced.maintain("u1", whole=False)
    keys = {i.key for i in sliced.store.list_items("u1", kind=Kind.SUMMARY)}
    assert first.backlog and first.summaries == 2 and "summary:month:2025-03" not in keys
    [second] = sliced.maintain("u1", whole=False)  # March's three episodes done: its month follows
    keys = {i.key for i in sliced.store.list_items("u1", kind=Kind.SUMMARY)}
    assert second.summaries == 2 + 1 and second.backlog
    assert "summary:month:2025-03" in keys and "summary:month:2025-04" not in keys
    month = next(i for i in sliced.store.list_items("u1", kind=Kind.SUMMARY) if i.key == "summary:month:2025-03")
    assert month.source == ["s0-0", "s1-0", "s2-0"] and "(3 conversations)" in month.description


def test_whole_runs_slices_until_nothing_is_left(twins: tuple[Memory, Memory]) -> None:
    sliced, whole = twins
    [report] = sliced.maintain("u1")
    [once] = whole.maintain("u1")
    assert not report.backlog
    assert (report.summaries, report.archived) == (once.summaries, once.archived)
    assert _state(sliced) == _state(whole)


@pytest.mark.parametrize("bound", [-1, 1.5, True, "3"])
def test_bad_bounds_are_refused(tmp_path: Path, bound: object) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'b.db'}", migrate=True)
    with pytest.raises(InvalidField):
        Maintainer(store, max_episodes=bound)  # type: ignore[arg-type]
    with pytest.raises(InvalidField):
        Maintainer(store, max_ends=bound)  # type: ignore[arg-type]
    store.close()
