"""CI gate: the shipped behaviour suite (dev and test halves) must not fall below its floor."""

from __future__ import annotations

from memory_core.eval.behaviour import DEV_PATH, TEST_PATH, evaluate_behaviour, format_report

#: Fraction of the suite's checks (dev and test pooled) the embedded default must pass, under the
#: tests' settings (no embedder: tests/conftest.py sets GULFSTREAM_EMBEDDER=none; main at b0278a3
#: reached 71.6% there, 74.0% with the default embedder; 76.0% after the own-words write path;
#: 77.0% after change said in other words, on the larger dev half of 2026-12-02 afternoon; 89.2%
#: (604/677) at the end of the late-morning pass, dev grown to 197 cases; 86.7% (772/890) once a fifth
#: blind dev batch, 74.6% before it was read, joined dev on 2026-12-02 evening).
#: The target (issue 13) is 0.95; this floor is a few points under what main reaches today, so a
#: regression fails here. Raise it as the write path improves.
BEHAVIOUR_FLOOR = 0.84


def test_behaviour_suite_at_or_above_floor():
    result = evaluate_behaviour([DEV_PATH, TEST_PATH])
    rate = result["overall"]["pass_rate"]
    assert result["overall"]["checks"] > 0
    assert rate >= BEHAVIOUR_FLOOR, f"behaviour pass rate {rate:.3f} < floor {BEHAVIOUR_FLOOR}\n" + \
        format_report(result, failures=True)
