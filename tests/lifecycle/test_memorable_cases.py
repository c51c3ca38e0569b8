"""With the maintenance job after every turn, a trip or a holiday told months ago is still found; small talk,
a question about a flight and a festival greeting fade (``memorable_cases.yaml``, EN and ZH)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.eval.behaviour import run_case
from memory_core.eval.behaviour_cases import load_cases
from memory_core.eval.behaviour_maintained import MaintainedBackend

CASES = Path(__file__).with_name("memorable_cases.yaml")


def test_the_job_keeps_what_the_user_did(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GULFSTREAM_EMBEDDER", "none")
    cases = load_cases(CASES)
    assert {c.lang for c in cases} == {"en", "zh"}
    kept = MaintainedBackend()
    failed: list[str] = []
    try:
        for case in cases:
            failed += [f"{case.id} {c.label}: {c.detail[:200]}" for c in run_case(kept, case).checks if not c.passed]
    finally:
        kept.close()
    assert not failed, failed
    assert kept.archived > 0  # the job did archive: the small talk around the trips
