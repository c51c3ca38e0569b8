"""Probes of the behaviour suite's dev cases with and without the maintenance job: which checks change.

Usage: ``PYTHONPATH=. python ops/bench/bench_behaviour_lifecycle_probes.py {as-is,gaps,later}``

dev.yaml's cases end with their last statement, so a maintenance step that
only acts when the user keeps talking (decay over days of activity) never
shows in them. Each probe transforms every dev case, runs it with the plain
embedded backend and with ``MaintainedBackend`` (the full job after every
turn), and prints each check whose outcome differs, with both details, then
the totals:

- ``as-is``: the cases unchanged;
- ``gaps``: every gap between turns longer than an hour set to 12 days (the
  case then ends where it ended);
- ``later``: five short chit-chat turns added 4, 9, 14, 19 and 24 days after
  the last turn (by the last turn's speaker; the checks still hold).

Dev cases only (never the held-out halves).
"""

from __future__ import annotations

import itertools
import os
import sys
from dataclasses import replace
from datetime import timedelta

from memory_core.eval.behaviour import DEV_PATH, EmbeddedBackend, run_case
from memory_core.eval.behaviour_cases import Case, load_cases
from memory_core.eval.behaviour_maintained import MaintainedBackend

_LATER = {"zh": ["好的，今天就聊到这吧。", "哈哈，谢谢你。", "晚安！", "今天有点累。", "嗯嗯。"],
          "en": ["Ok, that's all for today.", "Haha, thanks.", "Good night!", "Bit tired today.", "Mm-hm."]}


def gaps(case: Case, days: int = 12) -> Case:
    """Every gap over an hour becomes ``days`` days; the case ends at its own last time."""
    turns = list(case.turns)
    out = [turns[0]]
    for a, b in itertools.pairwise(turns):
        gap = b.at - a.at
        out.append(replace(b, at=out[-1].at + (timedelta(days=days) if gap > timedelta(hours=1) else gap)))
    shift = turns[-1].at - out[-1].at
    return replace(case, turns=[replace(t, at=t.at + shift) for t in out])


def later(case: Case, days: tuple[int, ...] = (4, 9, 14, 19, 24)) -> Case:
    """Five chit-chat turns after the last one (in the case's language)."""
    last = case.turns[-1]
    texts = _LATER["zh" if case.lang == "zh" else "en"]
    extra = [replace(last, turn_id=f"{last.turn_id}-x{n}", role="user", text=text, at=last.at + timedelta(days=d),
                     session=f"x{n}", filler=True) for n, (d, text) in enumerate(zip(days, texts, strict=True))]
    return replace(case, turns=[*case.turns, *extra])


def main() -> None:
    """Run the probe named on the command line and print the differing checks and the totals."""
    probe = sys.argv[1] if len(sys.argv) > 1 else "as-is"
    change = {"as-is": lambda c: c, "gaps": gaps, "later": later}.get(probe)
    if change is None:
        sys.exit("probe must be one of: as-is, gaps, later")
    plain, kept = EmbeddedBackend(), MaintainedBackend()
    total = without = with_job = 0
    try:
        for case in (change(c) for c in load_cases(DEV_PATH)):
            a, b = run_case(plain, case), run_case(kept, case)
            for x, y in zip(a.checks, b.checks, strict=True):
                total, without, with_job = total + 1, without + x.passed, with_job + y.passed
                if x.passed != y.passed:
                    print(f"{'LOST' if x.passed else 'GAINED'} {case.id} {x.label}\n   without: {x.detail[:400]}"
                          f"\n   with   : {y.detail[:400]}")
    finally:
        plain.close()
        kept.close()
    print(f"probe {probe}: checks {total}, passed without the job {without}, with it {with_job}; "
          f"maintenance runs {kept.runs}, archived {kept.archived}, summaries {kept.summaries}; "
          f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
