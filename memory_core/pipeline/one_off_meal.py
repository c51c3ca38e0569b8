"""A meal eaten once is an episode, not a like: "国庆回成都看我妈了，吃了好多火锅", "昨晚喝了好多啤酒".

The Chinese eat and drink slots read "吃了X" as a like of X ("用户吃了好多火锅", ``pref:hot pot``), which then
stands for what the user eats in general and comes first for questions about their diet. The perfective
了 right after the verb, said of an occasion (a day, a holiday, a meal time: 今天, 昨晚, 国庆, 周末, 那天)
tells of one meal; the turn's event keeps it. ``without_one_off_meals`` drops such likes.

Kept: a like said with a habit or a change (每天, 经常, 最近, 又, 开始, 现在, 一直, 习惯), with a span of time
("喝了几十年了"), a break of a diet or a vow (破戒, 破例, 结束, 不吃了, 吃素), a like said in so many words
(爱, 喜欢), and every English statement (English has its own forms for a habit).

A single exception to a diet or a quit is an episode too: "cheat day today, had a burger, still vegetarian
though", "破戒抽了一根，明天继续戒", "I smoked again last night, just one, back to quitting tomorrow". Read as said,
"smoked again" resumed smoking and "had a burger" broke the diet. A turn that says the exception is one
(``data/one_off.yaml``: "just the one", "cheat day", 下不为例, 继续戒, 平时还是吃素) keeps no like, habit or eating
statement of it (``without_one_off_breaks``); the diet or the quit it restates is kept.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped

__all__ = ["without_one_off_breaks", "without_one_off_meals"]

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


@functools.lru_cache(maxsize=1)
def _one_off() -> re.Pattern[str]:
    """Any cue of ``data/one_off.yaml``, either language."""
    data = load_shipped("data", "one_off.yaml")
    return re.compile("|".join(p for lang in ("en", "zh") for p in data[lang]), re.IGNORECASE)


# a diet kept as said ("still vegetarian", 还是吃素): a restriction, not what was eaten
_RESTRICTION = re.compile(r"vegetarian|vegan|pescatarian|keto|sober|quit|no\s+longer|doesn't|素|戒|不再|不吃|不喝|不抽",
                          re.IGNORECASE)


def without_one_off_breaks(cands: list[Candidate], text: str) -> list[Candidate]:
    """``cands`` without what a single exception to a diet or a quit says was eaten, drunk or smoked.

    Args:
        cands: the turn's candidates.
        text: the turn as said.

    Returns:
        ``cands`` itself when the turn says no exception is one (``data/one_off.yaml``); else without its likes,
        habits and own-words statements of positive polarity and without a diet that is no restriction ("User
        eats meat again"); a restated diet or quit ("User is vegetarian", "用户戒烟了") and events are kept.
    """
    if not _one_off().search(text):
        return cands
    def kept(c: Candidate) -> bool:
        if c.is_event or c.polarity <= 0:
            return True
        if c.key.startswith(("pref:", "fact:smoking", "fact:vaping")):
            return False  # "User smokes", "User likes burgers": the exception, not a habit
        if not c.key or c.key.startswith(("gist:", "fact:diet")):  # kept when it restates the restriction
            return bool(_RESTRICTION.search(c.description)) and not _one_off().search(c.description)
        return True
    return [c for c in cands if kept(c)]
