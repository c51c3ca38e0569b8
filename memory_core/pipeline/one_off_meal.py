"""A meal eaten once is an episode, not a like: "国庆回成都看我妈了，吃了好多火锅", "昨晚喝了好多啤酒".

The Chinese eat and drink slots read "吃了X" as a like of X ("用户吃了好多火锅", ``pref:hot pot``), which then
stands for what the user eats in general and comes first for questions about their diet. The perfective
了 right after the verb, said of an occasion (a day, a holiday, a meal time: 今天, 昨晚, 国庆, 周末, 那天)
tells of one meal; the turn's event keeps it. ``without_one_off_meals`` drops such likes.

Kept: a like said with a habit or a change (每天, 经常, 最近, 又, 开始, 现在, 一直, 习惯), with a span of time
("喝了几十年了"), a break of a diet or a vow (破戒, 破例, 结束, 不吃了, 吃素), a like said in so many words
(爱, 喜欢), and every English statement (English has its own forms for a habit).
"""

from __future__ import annotations

import re

from memory_core.pipeline.types import Candidate

__all__ = ["without_one_off_meals"]

_ATE_ONCE = re.compile(r"[吃喝]了(?![\d一二三四五六七八九十两几半多]+(?:年|个?月|周|个?星期|天))")
_OCCASION = re.compile(r"今天|今晚|昨天|昨晚|前天|那天|当天|中午|晚上|早上|周末|假期|节日|国庆|春节|过年|中秋|端午|"
                       r"元旦|圣诞|生日|聚餐|聚会|回家|回老家|旅游|旅行|出差|去了|上次")
_LASTING = re.compile(r"每|经常|常常|总是|一直|习惯|最近|现在|如今|又|开始|重新|恢复|戒|破例|破戒|结束|不再|吃素|"
                      r"素食|爱|喜欢|[年月]了")


def without_one_off_meals(cands: list[Candidate], text: str) -> list[Candidate]:
    """``cands`` without the Chinese likes of food or drink that tell of one meal (module docstring).

    Args:
        cands: the turn's candidates.
        text: the turn as the rules read it.
    """
    if not _OCCASION.search(text) or _LASTING.search(text):
        return cands
    return [c for c in cands if c.is_event or not c.key.startswith("pref:") or c.polarity <= 0
            or c.lang != "zh" or not _ATE_ONCE.search(c.description)]
