"""Chat asides about the telling, taken off a statement: "forgot to mention", "btw", 忘了说 (issue 13).

"I'm allergic to sulfa drugs, forgot to mention" is an allergy; "forgot to mention" says how it is told, not what
holds. Read as part of the clause, the aside stayed in the item's text ("User is allergic to sulfa drugs, forgot to
mention"). ``without_chat_asides`` takes such asides (``data/chat_asides.yaml``: a whole part of a sentence, or a
"btw" ending a clause) off the text the rules read; the turn's event keeps the text as said.

A heading that announces news ("Update: …", "Change of plans - …", "更新一下：…", "说个事：…") is such an aside
too: read as a label with its value, it became a thing of the user's ("User's change of plans is to not moving to
Austin") or stayed in the item's text ("Heads up: User is allergic to peanuts"). The heading (``label`` of the same
file), set off by a colon or a dash at the text's start or after a stop, is taken off and the sentence after it
read as said; a changed plan's heading before the plan said as an intent ("Change of plans: I'm going to retire in
2029") reads as the plan ("My plan is to retire in 2029"), as the goal rules know it.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["without_chat_asides", "without_label"]

# where a part of a sentence starts and ends: the text's ends, a stop, a comma
_OPEN = r"(?P<open>^|[,，;；.。!！?？]|(?<=[\u4e00-\u9fff]))\s*"
_CLOSE = r"\s*(?=[,，;；.。!！?？]|$)"


# a heading's end: a colon, a spaced dash, a long dash, or a hyphen right after the heading in Chinese
_LABEL_END = r"\s*(?:[:：]|\s[-–—]+|[–—]+|(?<=[\u4e00-\u9fff])-+)\s*"


@functools.lru_cache(maxsize=1)
def _label() -> re.Pattern[str]:
    """A news heading opening the text or a sentence, with its colon or dash (``label`` of the data)."""
    data = load_shipped("data", "chat_asides.yaml")["label"]
    words = "|".join(p for lang in ("en", "zh") for p in data[lang])
    return re.compile(r"(?P<open>^|[.。!！?？]\s*)\W{0,3}?(?:" + words + r")" + _LABEL_END + r"(?=\S)", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _plan_label() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a changed-plan heading then the plan said as an intent, its Chinese form), from ``plan_label``."""
    data = load_shipped("data", "chat_asides.yaml")["plan_label"]

    def one(lang: str) -> re.Pattern[str]:
        return re.compile(r"(?P<open>^|[.。!！]\s*)\W{0,3}?(?:" + data[lang]["head"] + r")" + _LABEL_END
                          + r"(?:" + data[lang]["intent"] + r")(?=\S)", re.IGNORECASE)
    return one("en"), one("zh")


def without_label(text: str) -> str:
    """``text`` without the news headings that open it or its sentences ("Change of plans: I'm staying in Austin"
    -> "I'm staying in Austin"; "更新一下：我搬到杭州了" -> "我搬到杭州了"). Units: characters in, characters out;
    ``text`` itself when it holds none. Never raises."""
    if not any(mark in text for mark in ":：-–—"):
        return text
    en, zh = _plan_label()  # "Change of plans: I'm going to retire in 2029": the new plan
    text = zh.sub(lambda m: m.group("open") + "我的计划是", en.sub(lambda m: m.group("open") + "My plan is to ", text))
    return _label().sub(lambda m: m.group("open"), text)


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a whole part that is an aside, an aside ending a clause after a space)."""
    data = load_shipped("data", "chat_asides.yaml")
    parts = [p for lang in ("en", "zh") for p in data["part"][lang]]
    tails = list(data["tail"]["en"])
    whole = re.compile(_OPEN + "(?:" + "|".join(parts) + ")" + _CLOSE, re.IGNORECASE)
    tail = re.compile(r"(?<=\w)\s+(?:" + "|".join(tails) + r")\b(?=\s*(?:[,;.!?]|$))", re.IGNORECASE)
    return whole, tail


def without_chat_asides(text: str) -> str:
    """``text`` without the chat asides of ``data/chat_asides.yaml``.

    Units: characters in, characters out; ``text`` itself when it holds none, or when nothing but an aside is
    left. Never raises. "I'm allergic to sulfa drugs, forgot to mention" -> "I'm allergic to sulfa drugs";
    "对了，忘了说，我对青霉素过敏" -> "对了，我对青霉素过敏".
    """
    whole, tail = _patterns()
    text = without_label(text)
    out = tail.sub("", whole.sub(lambda m: m.group("open") if m.group("open") not in ",，" else "", text))
    out = re.sub(r"^[\s,，;；]+", "", out).strip()
    return out if re.search(r"\w", out) else text
