"""The behaviour suite through the distributed path gives the embedded mode's results, check for check.

Real Redis, a migrated PostgreSQL database and real ``celery -A workers.app``
worker processes (curate and recall); turns are published and items and
recall read with ``api_shim.client.MemoryClient``, exactly as a backend would.
A subset of the shipped cases (one per category from dev, plus test's
long-gap, late-turn and evidence cases) keeps the test to a minute;
``GULFSTREAM_BEHAVIOUR_ALL=1`` runs all 166 cases instead (about three minutes).
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import Any

from api_shim.client import MemoryClient
from memory_core.eval.behaviour import (
    DEV_PATH,
    TEST_PATH,
    EmbeddedBackend,
    ItemView,
    Recalled,
    run_case,
)
from memory_core.eval.behaviour_cases import CATEGORIES, Case, CaseTurn, load_cases

APPLY_TIMEOUT_S = 90.0


class DistributedBackend:
    """Runs a case through the workers: one user per case in one PostgreSQL database."""

    def __init__(self, client: MemoryClient) -> None:
        self.client = client
        self.degraded = 0

    def open_case(self, case: Case) -> str:
        return case.id

    def ingest(self, user_id: str, turns: Sequence[CaseTurn]) -> None:
        for t in turns:
            self.client.publish_turn(user_id, t.turn_id, t.text, t.role, t.session, t.at, speaker=t.speaker)
        deadline = time.monotonic() + APPLY_TIMEOUT_S
        last = turns[-1].turn_id  # one user's turns are applied in publish order
        while self.client.turn_status(user_id, last)["status"] != "applied":
            assert time.monotonic() < deadline, f"{user_id}: turns not applied in {APPLY_TIMEOUT_S} s"
            time.sleep(0.05)

    def items(self, user_id: str) -> list[ItemView]:
        listed = self.client.list_items(user_id, statuses=["active", "superseded", "archived"])
        return [ItemView.from_parts(i, self.client.item_history(user_id, i["id"])) for i in listed]

    def recall(self, user_id: str, query: str, k: int) -> list[Recalled]:
        reply = self.client.recall(user_id, query, k=k, timeout_ms=20_000)
        self.degraded += reply.degraded
        return [Recalled(ItemView.from_parts(r["item"], ()), tuple(r.get("turn_ids") or ()))
                for r in reply.results]

    def context(self, user_id: str, query: str, k: int) -> str:
        reply = self.client.recall(user_id, query, k=k, timeout_ms=20_000)
        self.degraded += reply.degraded
        return reply.context_text

    def close_case(self) -> None:
        pass


def _subset() -> list[Case]:
    dev, test = load_cases(DEV_PATH), load_cases(TEST_PATH)
    if os.environ.get("GULFSTREAM_BEHAVIOUR_ALL") == "1":
        return dev + test
    picked = [next(c for c in dev if c.category == cat) for cat in CATEGORIES]
    picked += [next(c for c in test if c.category == cat) for cat in ("long_gap", "late_turn", "evidence")]
    return picked


def _outcome(result: Any) -> list[tuple[str, bool, str]]:
    return [(c.label, c.passed, c.detail) for c in result.checks]


def test_behaviour_subset_same_results_embedded_and_distributed(celery_procs: Any, redis_url: str,
                                                                 worker_db_url: str) -> None:
    cases = _subset()
    assert len(cases) >= 16 and any(c.filler_turns >= 40 for c in cases)
    assert any(c.lang == "zh" for c in cases) and any(c.lang == "en" for c in cases)
    embedded = EmbeddedBackend()
    try:
        expected = {c.id: _outcome(run_case(embedded, c)) for c in cases}
    finally:
        embedded.close()

    celery_procs.worker("curate", concurrency=2)
    celery_procs.worker("recall", queues="recall", pool="solo", concurrency=1)
    client = MemoryClient(redis_url, recall_timeout_ms=20_000)
    backend = DistributedBackend(client)
    try:
        got = {c.id: _outcome(run_case(backend, c)) for c in cases}
    finally:
        client.close()
    assert backend.degraded == 0  # every recall answered by the recall worker, not a fallback
    for case in cases:
        assert got[case.id] == expected[case.id], f"{case.id} differs:\n{got[case.id]}\n{expected[case.id]}\n" \
                                                  + celery_procs.logs()
    checks = [c for outcome in expected.values() for c in outcome]
    assert any(passed for _, passed, _ in checks) and not all(passed for _, passed, _ in checks)
