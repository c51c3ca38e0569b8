"""The working-memory tier shows plan steps in plan order; a short budget still keeps pending steps first."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from memory_core.session.tiers import build_tiered_context
from memory_core.session.working import Step, WorkingMemory


@pytest.mark.parametrize(("lang", "steps"), [
    ("en", ["book flights", "book hotel", "rent a car", "pack"]),
    ("zh", ["订机票", "订酒店", "租车", "收拾行李"]),
])
def test_steps_in_plan_order_pending_kept_first_when_short(lang: str, steps: list[str]) -> None:
    wm = WorkingMemory(goal="Lisbon trip" if lang == "en" else "去里斯本", steps=[Step(steps[0], "done")]
                       + [Step(s) for s in steps[1:]], scratch={"budget": "1500 EUR"},
                       updated_at=datetime(2026, 11, 1, tzinfo=UTC))
    block = build_tiered_context(working=wm, budget_tokens=800, lang=lang).text
    shown = [int(n) for n in re.findall(r"(?:step|步骤) (\d+) \[", block)]
    assert shown == [1, 2, 3, 4]
    assert block.index(steps[0]) < block.index(steps[1]) < block.index("1500 EUR")
    # a budget for the goal and two steps: the pending ones are kept, the done one left out, order kept
    full = build_tiered_context(working=wm, budget_tokens=800, lang=lang).tokens
    for budget in range(full - 1, 0, -1):
        packed = build_tiered_context(working=wm, budget_tokens=budget, lang=lang)
        kept = [int(n) for n in re.findall(r"(?:step|步骤) (\d+) \[", packed.text)]
        if len(kept) == 2:
            assert kept == [2, 3] and packed.truncated
            break
    else:
        pytest.fail("no budget kept exactly two steps")
