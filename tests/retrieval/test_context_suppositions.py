"""What a broad or a place question shows first, and what a quoted source turn may bring back (English and Chinese).

- a supposition ("If I moved to Oslo, would I need Norwegian?", "要是我搬去大连…")
  states nothing true of the user: a broad question ("tell me about myself")
  shows the user's facts before it, as it does before a bare question;
- an item quoting its source turn ("said: …") marks the values of that turn
  that were superseded since, so an old home never reads as current.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memory_core.model import Turn
from memory_core.retrieval.turn_shape import hypothetical
from memory_core.service import Memory

T0 = datetime(2026, 6, 1, 9, tzinfo=UTC)

CASES = {
    "en": {"intro": "Hi, I'm Noor. I live in Leeds and I teach chemistry at a sixth-form college.",
           "suppose": "If I moved to Oslo, would I need to learn Norwegian? just wondering",
           "moved": "I moved to York last weekend.", "teach_ask": "what do I teach?", "teach_word": "chemistry",
           "home_word": "Leeds", "marker": ("since changed:", "outdated:", "was:")},
    "zh": {"intro": "你好，我叫阿兰，住在无锡，在一所中学当化学老师。",
           "suppose": "要是我搬去大连的话，要不要学开车？随便想想",
           "moved": "搬家了，现在住在常州。", "teach_ask": "我是什么老师？", "teach_word": "化学",
           "home_word": "无锡", "marker": ("其中已变：", "已过时：", "曾为：")},
}
BROAD = ["tell me about myself", "what do you know about me?", "说说我自己", "我住在哪？"]
FILLER = ["I have a tabby cat.", "I play badminton on Thursdays.", "我喜欢喝乌龙茶。"]


def _turns(texts: list[str]) -> list[Turn]:
    return [Turn(user_id="no", turn_id=f"t{n}", session_id=f"s{n}", role="user", text=text,
                 timestamp=T0 + timedelta(days=n)) for n, text in enumerate(texts)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_supposition_is_not_among_the_first_of_a_broad_question(memory: Memory, lang: str) -> None:
    case = CASES[lang]
    memory.ingest(_turns([case["intro"], *FILLER, case["suppose"]]))
    supposition = f"t{1 + len(FILLER)}"
    for question in BROAD:
        top = memory.recall("no", question, k=2).results
        assert all(supposition not in r.item.source for r in top), (question, [r.item.description for r in top])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_quoted_turn_marks_its_superseded_values(memory: Memory, lang: str) -> None:
    case = CASES[lang]
    memory.ingest(_turns([case["intro"], *FILLER, case["moved"]]))
    answer = memory.recall("no", case["teach_ask"], k=3, budget_tokens=800)
    text = answer.context.text
    assert case["teach_word"] in text, text
    stale = [x for x in text.splitlines() if case["home_word"] in x]  # lines that name the old home
    assert all(any(m in x for m in case["marker"]) for x in stale), stale


def test_suppositions_and_wishes_are_told_from_statements() -> None:
    for text in ("If I moved to Berlin, would I need German?", "what if I quit my job", "I wish I lived by the sea",
                 "user: so if I got a dog, who walks it?", "要是我搬去柏林的话，要学德语吗", "假如我辞职了怎么办",
                 "话说，如果我去读研呢"):
        assert hypothetical(text, "user"), text
    for text in ("I moved to Berlin.", "I'm thinking about moving to Berlin", "我搬去柏林了", "我在考虑辞职",
                 "Ifeoma is my sister", "user: I live in Leeds"):
        assert not hypothetical(text, "user"), text
