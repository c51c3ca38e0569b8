"""Several turns of a user applied in one transaction give exactly what turn-by-turn application gives."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from memory_core.errors import InvalidField, StoreError
from memory_core.model import MemoryItem, Turn
from memory_core.pipeline import WritePipeline
from memory_core.service import Memory
from memory_core.settings import Settings
from memory_core.store.base import KeyLookup, MemoryStore
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp, Op

T0 = datetime(2026, 3, 1, 8, 0, tzinfo=UTC)
TEXTS = [
    "I live in Lisbon.", "I like green tea.", "I like green tea.", "I work as a nurse.",
    "I don't like green tea anymore.", "I moved to Porto.", "我住在北京。", "我喜欢喝咖啡。",
    "我不喜欢喝咖啡了。", "我喜欢喝咖啡。", "Today I went hiking with Ana.", "I live in Lisbon.",
    "My dog is called Pixel.", "I work as a pilot.", "我搬到上海了。", "I like green tea.",
]


def turns_for(user: str, texts: list[str], start: int = 0) -> list[Turn]:
    return [Turn(user_id=user, turn_id=f"{user}-t{start + i}", session_id="s1", role="user", text=text,
                 timestamp=T0 + timedelta(minutes=start + i), speaker="Ann")
            for i, text in enumerate(texts)]


def snapshot(store: SqlStore, user: str) -> list[tuple[Any, ...]]:
    """The user's memory without ids and times."""
    items = store.list_items(user, statuses=None)
    return sorted((i.description, i.kind, i.status, i.hit, tuple(i.source), i.key,
                   tuple(str(r.op) for r in i.history)) for i in items)


def sql(make_store: Callable[[str], MemoryStore], kind: str) -> SqlStore:
    made = make_store(kind)
    assert isinstance(made, SqlStore)
    return made


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_grouped_apply_equals_turn_by_turn(make_store: Callable[[str], MemoryStore], kind: str) -> None:
    one, grouped = sql(make_store, kind), sql(make_store, kind)
    for store, per_group in ((one, 1), (grouped, 5)):
        memory = Memory(store, settings=Settings(turns_per_transaction=per_group))
        for user in ("ann", "bo"):
            store.append_many(turns_for(user, TEXTS if user == "ann" else TEXTS[::-1]))
            assert memory.apply_pending(user) == len(TEXTS)
            assert store.last_applied_seq(user) == len(TEXTS)
    for user in ("ann", "bo"):
        assert snapshot(grouped, user) == snapshot(one, user)
        assert grouped.memory_version(user) != "0"
    kept = snapshot(grouped, "ann")  # the scenario runs hits and supersedes inside one group
    assert any(status == "superseded" for _, _, status, *_ in kept)
    assert any(hit > 0 for _, _, _, hit, *_ in kept)


class PoisonPipeline(WritePipeline):
    """The mechanical pipeline, refusing any turn whose text contains POISON."""

    def plan(self, turn: Turn, store: KeyLookup) -> list[Op]:
        if "POISON" in turn.text:
            raise InvalidField(f"cannot plan turn {turn.turn_id}")
        return super().plan(turn, store)


def test_a_bad_turn_keeps_the_turns_before_it_and_blocks_the_rest(
        make_store: Callable[[str], MemoryStore]) -> None:
    store = sql(make_store, "postgres")
    memory = Memory(store, pipeline=PoisonPipeline(), settings=Settings(turns_per_transaction=8))
    assert memory.pipeline.plans_locally
    store.append_many(turns_for("ann", ["I live in Lisbon.", "I like tea.", "POISON", "I like sushi."]))
    with pytest.raises(InvalidField, match="ann-t2"):
        memory.apply_pending("ann")
    assert store.last_applied_seq("ann") == 2
    sources = {s for i in store.list_items("ann") for s in i.source}
    assert sources == {"ann-t0", "ann-t1"}
    assert [t.turn_id for t in store.pending_turns("ann")] == ["ann-t2", "ann-t3"]


class FixedIdPipeline(WritePipeline):
    """Adds one item per turn with the id given by the turn's text."""

    def plan(self, turn: Turn, store: KeyLookup) -> list[Op]:
        item = MemoryItem.create(turn.user_id, f"note {turn.turn_id}", "misc", turn_id=turn.turn_id)
        item.id = turn.text
        return [AddOp(item)]


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_an_add_of_a_stored_id_rolls_the_group_back_and_is_refused_alone(
        make_store: Callable[[str], MemoryStore], kind: str) -> None:
    store = sql(make_store, kind)
    memory = Memory(store, pipeline=FixedIdPipeline(plans_locally=True),
                    settings=Settings(turns_per_transaction=8))
    store.append_many(turns_for("ann", ["id-a", "id-b"]))
    assert memory.apply_pending("ann") == 2
    store.append_many(turns_for("ann", ["id-c", "id-a", "id-d"], start=2))
    with pytest.raises(InvalidField, match="already exists"):
        memory.apply_pending("ann")
    assert store.last_applied_seq("ann") == 3
    assert sorted(i.id for i in store.list_items("ann")) == ["id-a", "id-b", "id-c"]
    assert store.get("ann", "id-a").description == "note ann-t0"


def test_apply_turns_skips_applied_turns_and_refuses_a_gap(make_store: Callable[[str], MemoryStore]) -> None:
    store = sql(make_store, "sqlite")
    pipeline = WritePipeline()
    stored = [t for t, _ in store.append_many(turns_for("ann", ["I like tea.", "I like sushi.", "I live in Oslo."]))]
    assert store.apply_turns("ann", stored[:2], pipeline.plan) == 2
    assert store.apply_turns("ann", stored[:2], pipeline.plan) == 0
    version = store.memory_version("ann")
    with pytest.raises(StoreError, match="not the next ones"):
        store.apply_turns("bo", stored[2:], pipeline.plan)
    with pytest.raises(StoreError, match="not the next ones"):
        store.apply_turns("ann", [replace(stored[2], seq=5)], pipeline.plan)
    assert store.last_applied_seq("ann") == 2 and store.memory_version("ann") == version
    assert store.apply_turns("ann", stored[2:], pipeline.plan) == 1


class SlowPlans:
    """A pipeline whose every plan moves a fake clock on by ``step_s`` (a slow extractor)."""

    def __init__(self, clock: list[float], step_s: float) -> None:
        self.inner, self.clock, self.step_s = WritePipeline(), clock, step_s
        self.echo_counts = self.inner.echo_counts  # the service counts echoes on the pipeline it drives

    def plan(self, turn: Turn, store: Any) -> Any:
        self.clock[0] += self.step_s
        return self.inner.plan(turn, store)


def test_a_time_budget_ends_the_drain_early_and_the_next_one_resumes(
        make_store: Callable[[str], MemoryStore], monkeypatch: pytest.MonkeyPatch) -> None:
    store = sql(make_store, "sqlite")
    clock = [1000.0]
    monkeypatch.setattr("memory_core.service.time.monotonic", lambda: clock[0])
    memory = Memory(store, pipeline=SlowPlans(clock, 1.0))  # type: ignore[arg-type]
    store.append_many(turns_for("ann", TEXTS))
    first = memory.apply_pending("ann", budget_s=3.5)
    assert first == 4  # turns start at 0, 1, 2 and 3 s: the fifth would start after the budget
    assert store.last_applied_seq("ann") == 4
    assert memory.apply_pending("ann", budget_s=0.0) == 1  # a spent budget still applies one turn
    assert memory.apply_pending("ann") == len(TEXTS) - 5
    reference = sql(make_store, "sqlite")
    reference.append_many(turns_for("ann", TEXTS))
    Memory(reference).apply_pending("ann")
    assert snapshot(store, "ann") == snapshot(reference, "ann")  # stopping early changes nothing applied
