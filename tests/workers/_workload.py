"""Turns, stand-in pipelines and memory snapshots for the worker integration tests.

Worker processes load the pipelines here through ``GULFSTREAM_PIPELINE``
(``_workload:SlowPipeline``); the tests' folder is on their PYTHONPATH.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.service import Memory
from memory_core.store.sql import SqlStore

CITIES = ["Lisbon", "Porto", "Madrid", "Berlin", "Osaka", "Lima", "Oslo", "Quito"]
FOODS = ["spicy food", "sushi", "coffee", "green tea", "olives", "dark chocolate", "mango"]
JOBS = ["a nurse", "a pilot", "a baker", "an engineer", "a teacher"]


def turn_texts(user_index: int, count: int) -> list[str]:
    """``count`` order-sensitive sentences (moves supersede earlier homes) for one user."""
    out = []
    for i in range(count):
        n = user_index * 7 + i
        kind = i % 5
        if kind == 0:
            out.append(f"I moved to {CITIES[n % len(CITIES)]}.")
        elif kind == 1:
            out.append(f"I like {FOODS[n % len(FOODS)]}.")
        elif kind == 2:
            out.append(f"I do not like {FOODS[(n + 3) % len(FOODS)]}.")
        elif kind == 3:
            out.append(f"I work as {JOBS[n % len(JOBS)]}.")
        else:
            out.append(f"Today I went hiking with my friend number {n}.")
    return out


def make_turns(user_id: str, texts: Sequence[str]) -> list[dict[str, Any]]:
    """Publishable turns (``MemoryClient.publish_turn`` keyword arguments), in order."""
    start = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
    return [{"user_id": user_id, "turn_id": f"{user_id}-t{i:03d}", "text": text, "role": "user",
             "session_id": f"{user_id}-s{i // 10}", "timestamp": (start + timedelta(minutes=i)).isoformat()}
            for i, text in enumerate(texts)]


def as_turn(kwargs: dict[str, Any]) -> Turn:
    return Turn(user_id=kwargs["user_id"], turn_id=kwargs["turn_id"], session_id=kwargs["session_id"],
                role=kwargs["role"], text=kwargs["text"], speaker=kwargs["role"],
                timestamp=datetime.fromisoformat(kwargs["timestamp"]))


def snapshot(store: SqlStore, user_id: str) -> list[tuple[Any, ...]]:
    """A user's memory without ids or times: what must match the embedded mode exactly."""
    rows = []
    for item in store.list_items(user_id, statuses=None):
        history = tuple((r.op, r.old_description, r.new_description, r.turn_id) for r in item.history)
        rows.append((item.description, item.theme, item.kind, item.status, tuple(item.source), item.hit,
                     item.key, history))
    return sorted(rows, key=repr)


def embedded_snapshots(turns_by_user: dict[str, list[dict[str, Any]]], tmp: Path,
                       skip: Callable[[dict[str, Any]], bool] = lambda t: False) -> dict[str, list[Any]]:
    """Each user's memory as the embedded mode (SQLite, in-process) builds it from the turns in order."""
    store = SqlStore(f"sqlite:///{tmp / 'embedded.sqlite3'}", migrate=True)
    memory = Memory(store, WritePipeline())
    try:
        for turns in turns_by_user.values():
            memory.ingest(as_turn(t) for t in turns if not skip(t))
        return {user: snapshot(store, user) for user in turns_by_user}
    finally:
        store.close()


def wait_until(check: Callable[[], bool], timeout_s: float, what: str,
               on_fail: Callable[[], str] = str) -> None:
    """Poll ``check`` every 0.1 s until true; fail with ``what`` (and ``on_fail()``) after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout_s} s waiting for {what}\n{on_fail()}")


class SlowPipeline:
    """The real write pipeline, plus ``GULFSTREAM_TEST_PLAN_DELAY_MS`` of sleep per turn (a slow LLM)."""

    def __init__(self) -> None:
        self.inner = WritePipeline()
        self.echo_counts = self.inner.echo_counts  # the service counts echoes on the pipeline it drives
        self.delay_s = float(os.environ.get("GULFSTREAM_TEST_PLAN_DELAY_MS", "0")) / 1000

    def plan(self, turn: Turn, store: Any) -> Any:
        if self.delay_s:
            time.sleep(self.delay_s)
        return self.inner.plan(turn, store)


class PoisonPipeline(SlowPipeline):
    """Fails on every turn whose text contains POISON, like a pipeline bug on odd input."""

    def plan(self, turn: Turn, store: Any) -> Any:
        if "POISON" in turn.text:
            raise ValueError(f"cannot plan turn {turn.turn_id}: malformed extractor output")
        return super().plan(turn, store)


class FlakyPipeline(SlowPipeline):
    """Raises ConnectionError (transient) for turns containing FLAKY<n>: the first n tries fail.

    ``FLAKY9`` fails more often than any retry limit in the tests. Tries are
    counted in files under ``GULFSTREAM_TEST_FLAKY_DIR`` (shared by every
    worker process).
    """

    def plan(self, turn: Turn, store: Any) -> Any:
        import re

        match = re.search(r"FLAKY(\d)", turn.text)
        if match:
            counter = Path(os.environ["GULFSTREAM_TEST_FLAKY_DIR"]) / turn.turn_id
            with counter.open("a") as fh:
                fh.write(".")
            if counter.stat().st_size <= int(match.group(1)):
                raise ConnectionError(f"LLM endpoint unreachable (try {counter.stat().st_size})")
        return super().plan(turn, store)


class HoldPipeline(SlowPipeline):
    """For a turn ``HOLD <item id> <text>``: plans an update of that item to the turn's text, then holds.

    It touches ``$GULFSTREAM_TEST_HOLD_DIR/<turn id>`` once the ops are planned
    and sleeps ``GULFSTREAM_TEST_HOLD_S`` before returning them, so the curate
    run keeps the user's lock with its ops already planned.
    """

    def plan(self, turn: Turn, store: Any) -> Any:
        if not turn.text.startswith("HOLD "):
            return super().plan(turn, store)
        from memory_core.model import Actor
        from memory_core.store.write_ops import UpdateOp

        _, item_id, text = turn.text.split(" ", 2)
        ops = [UpdateOp(item_id, "the user said so", text, None, Actor.AGENT, turn.turn_id)]
        (Path(os.environ["GULFSTREAM_TEST_HOLD_DIR"]) / turn.turn_id).touch()
        time.sleep(float(os.environ.get("GULFSTREAM_TEST_HOLD_S", "3")))
        return ops
