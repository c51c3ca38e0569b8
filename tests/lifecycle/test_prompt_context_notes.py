"""``prompt_context`` says of each long-term item what ``recall``'s block says (the value it replaced, that a raw
turn is outdated), and a long session leaves room for long-term memories, in English and Chinese."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _turns import T0, session

from memory_core.context import count_tokens
from memory_core.lifecycle import ManualClock
from memory_core.service import Memory


@pytest.mark.parametrize(("texts", "query", "current", "was"), [
    (["I live in Leeds.", "I moved to York last month."], "Where do I live?", "York", "Leeds"),
    (["我住在上海。", "我上个月搬到杭州了。"], "我住在哪里？", "杭州", "上海"),
])
def test_a_changed_value_reads_as_changed_in_the_prompt(memory: Memory, clock: ManualClock, texts: list[str],
                                                        query: str, current: str, was: str) -> None:
    for n, text in enumerate(texts):
        memory.ingest(session("u1", f"old{n}", T0 - timedelta(days=30 - 10 * n), [text]))
    recall_text = memory.recall("u1", query).context.text
    prompt = memory.prompt_context("u1", "other", query).text
    current_lines = [line for line in prompt.splitlines() if current in line and line.startswith("- ")]
    assert current_lines, prompt
    # the same "was …" note recall writes beside the current value
    assert any(was in line for line in current_lines), prompt
    stale = [line for line in prompt.splitlines() if was in line and current not in line and line.startswith("- ")]
    marks = ("outdated", "已过时", "过时", "不再")
    for line in stale:  # an old raw turn shown at all is marked as recall marks it
        assert any(m in line for m in marks) or line in recall_text, prompt


@pytest.mark.parametrize(("fact", "query", "filler", "needle"), [
    ("I can't handle spicy food at all.", "What should I cook for dinner tonight?",
     "We compared flights to Lisbon and hotel number {n} near Alfama, and museum tickets", "spicy"),
    ("我一点辣都不能吃。", "我能吃辣吗？", "我们比较了去成都的高铁票和宽窄巷子附近的第{n}家酒店", "辣"),
])
def test_a_long_session_leaves_room_for_long_term_memory(memory: Memory, clock: ManualClock, fact: str, query: str,
                                                         filler: str, needle: str) -> None:
    memory.ingest(session("u1", "old", T0 - timedelta(days=5), [fact]))
    memory.ingest(session("u1", "now", T0, [filler.format(n=n) for n in range(40)]))
    block = memory.prompt_context("u1", "now", query, budget_tokens=800)
    assert block.tokens <= 800
    assert block.lines["session"] >= 1 and block.lines["long_term"] >= 1, block.text
    sections = block.text.split("\n## ")
    session_part = next(s for s in sections if s.startswith(("this session", "本次会话")))
    long_term = next(s for s in sections if s.startswith(("long-term", "长期记忆")))
    # the session's lines as written (source labels and all) stay within the window's share of the budget
    assert count_tokens("## " + session_part) <= min(memory.settings.session_window_tokens, 800 // 2)
    assert needle in long_term, block.text
