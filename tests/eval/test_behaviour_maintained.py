"""The behaviour backend that runs the maintenance job after every turn: it runs, and facts stay true."""

from __future__ import annotations

from pathlib import Path

from memory_core.eval.behaviour import evaluate_behaviour
from memory_core.eval.behaviour_maintained import MaintainedBackend

CASES = """
cases:
  - id: m-zh-home
    category: change
    lang: zh
    speaker: 林晓
    turns:
      - {at: 2025-03-02T09:15, text: "我住在杭州，离西湖不远，周末常去散步。"}
      - {at: 2025-03-02T09:20, text: "今天中午和同事去吃了一家新开的面馆，味道不错。"}
      - {at: 2025-09-10T20:00, text: "上个月搬到成都了，新家在高新区。"}
    checks:
      - {check: current_first, query: "我现在住在哪个城市？", current: [成都], old: [杭州]}
      - {check: no_stale_active, old: [杭州], current: [成都]}
  - id: m-en-name
    category: long_gap
    lang: en
    speaker: Priya
    turns:
      - {at: 2024-01-04T18:20, text: "My name is Priya Raman and I was born in Chennai."}
      - {at: 2024-01-04T18:25, text: "We went bowling tonight and I lost every game."}
      - {at: 2025-11-17T12:05, text: "Back after a long break, work has been hectic."}
    checks:
      - {check: active_contains, text: [Priya Raman]}
      - {check: current_first, query: "What is my name?", current: [Priya]}
"""


def test_maintenance_between_turns_keeps_current_facts(tmp_path: Path) -> None:
    path = tmp_path / "dev.yaml"
    path.write_text(CASES, encoding="utf-8")
    backend = MaintainedBackend()
    try:
        result = evaluate_behaviour([path], backend=backend)
    finally:
        backend.close()
    assert backend.runs == 6  # once after every turn
    assert backend.summaries >= 2  # the first sessions ended before the late turns
    failed = [c for case in result["cases"] for c in case["checks"] if not c["passed"]]
    assert not failed, failed
