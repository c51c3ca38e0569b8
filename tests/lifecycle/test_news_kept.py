"""Maintenance months later keeps a short line of news (an outcome, a habit back) and fades the chat around it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _turns import T0, session

from memory_core.eval.behaviour_cases import load_filler
from memory_core.lifecycle import ManualClock
from memory_core.model import Kind, Status
from memory_core.service import Memory

STORY = {
    "en": (["20 week scan: it's a girl!! 💕", "coffee is back lol, one small latte a day, doc said ok"],
           "is it a boy or a girl?", "girl"),
    "zh": (["拿到驾照了!", "B超说是个女孩 💕"], "宝宝是男孩还是女孩", "女孩"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_news_outlasts_the_chat_of_the_same_weeks(memory: Memory, clock: ManualClock, lang: str) -> None:
    told, question, answer = STORY[lang]
    pool = [user for user, _ in load_filler()[lang]]
    for week in range(20):  # a turn of chat a week, the news in weeks 3 and 5
        memory.ingest(session("u1", f"w{week}", T0 + timedelta(weeks=week), [pool[week % len(pool)]]))
        if week in (3, 5):
            memory.ingest(session("u1", f"n{week}", T0 + timedelta(weeks=week, days=1), [told[week == 5]]))
    clock.set(T0 + timedelta(weeks=20))
    memory.maintain("u1")
    items = memory.store.list_items_for_index("u1", ("active", "archived"))
    news = [i for i in items if i.kind == Kind.EVENT and i.source[0].startswith("n")]
    chat = [i for i in items if i.kind == Kind.EVENT and i.source[0].startswith("w")]
    assert len(news) == 2 and all(i.status == Status.ACTIVE for i in news), [(i.description, i.status) for i in news]
    assert sum(i.status == Status.ARCHIVED for i in chat) > len(chat) // 2  # the weeks' chat faded
    assert any(answer in r.item.description for r in memory.recall("u1", question, k=3).results)
