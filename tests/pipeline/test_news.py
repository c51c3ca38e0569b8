"""News about the user or their family (``news``) scores as a life event, not as chat (trial 31 W12)."""

from __future__ import annotations

import pytest

from memory_core.model import Kind, Trust
from memory_core.pipeline.news import news
from memory_core.pipeline.score import HeuristicValueScorer
from memory_core.pipeline.types import Candidate

NEWS = {"en": ["20 week scan: it's a girl!! 💕", "coffee is back lol, one small latte a day, doc said ok",
               "passed my driving test!!", "got into Oxford!", "biopsy came back benign, such a relief",
               "started running again after the knee thing", "we're having a boy"],
        "zh": ["拿到驾照了!", "终于考过了", "被浙大录取了", "B超说是个女孩 💕", "又开始跑步了", "烟又抽上了",
               "检查结果出来了，都正常"]}
CHAT = {"en": ["haha nice", "I'm back", "back home now, so tired", "lol same", "is it a girl?", "the rain is back",
               "good morning!"],
        "zh": ["哈哈好的", "我回来了", "是吗", "太好了", "宝宝是男孩还是女孩？", "今天好冷啊", "晚安"]}


def _value(text: str) -> float:
    cand = Candidate(kind=Kind.EVENT, description=text, theme="moments", key="event:x", trust=Trust.USER)
    return HeuristicValueScorer.event_value(cand)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_news_scores_as_a_life_event_and_chat_stays_low(lang: str) -> None:
    for text in NEWS[lang]:
        assert news(text) and news(f"user: {text}"), text
        assert _value(text) >= 0.8, text
    for text in CHAT[lang]:
        assert not news(text), text
        assert _value(text) < 0.5, text
