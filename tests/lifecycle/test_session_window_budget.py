"""A session window and its rolling summary share one token budget (EN and ZH, mixed)."""

from __future__ import annotations

import pytest
from _turns import T0, session

from memory_core.context import count_tokens
from memory_core.service import Memory

MIXED = ["今天想规划一下春节回成都的行程", "flights from SZX to CTU around Feb 14?", "妈妈说想吃广式点心，带点什么好",
         "maybe 莲蓉月饼? no wait that's mid-autumn lol", "budget大概3000", "我妹妹也从杭州回来", "她想去青城山",
         "要不要租车", "I hate driving in the rain tho", "好吧那坐高铁"]


@pytest.mark.parametrize("budget", [80, 200, 600])
def test_window_and_summary_together_fit_the_budget(memory: Memory, budget: int) -> None:
    memory.ingest(session("u1", "plan", T0, [f"{t} ({n})" for n, t in enumerate(MIXED * 6)]))
    ctx = memory.session_context("u1", "plan", budget_tokens=budget)
    assert ctx.summary, "turns left the window, so a summary stands for them"
    spent = sum(count_tokens(t.text) + 1 for t in ctx.turns) + count_tokens(ctx.summary)
    assert spent == ctx.tokens <= budget
    assert ctx.turns[-1].text.endswith("(59)") and ctx.summarized_through == ctx.turns[0].seq - 1
    again = memory.session_context("u1", "plan", budget_tokens=budget)  # read again: the same window
    assert [t.turn_id for t in again.turns] == [t.turn_id for t in ctx.turns] and again.tokens == ctx.tokens
