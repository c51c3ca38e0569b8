"""A statement of one occasion, a wish or a price is no lasting fact about the user (issue 13, trial 37).

An own-words fact (a ``gist:`` item, ``own_words``) is kept for what no slot reads but holds of the user for good
("I'm left-handed", "我每天用 Notion 记笔记"). A new user's trial stored as such facts clauses that tell of one
occasion: a wish ("用户自己也想养一只柯基"), a price paid or not affordable ("用户出了一万五令吉", "用户一个人付不起"),
a leg of a trip ("用户坐高铁三个小时", "User's first proper trip for BBR"), words said once ("用户说等她上了小学…",
"User's aunties asked"), one thing done too long ("用户在冰上弯腰太久"), a value only pointed at ("用户还在同一个
resort"), a verdict on one day ("User is not bad for a crab guy"), advice known and gone against ("用户知道医生说少
caffeine"), and where the user is right now ("在西安！": "用户在西安", a trip's place, no home). Each filled one of
recall's few places with nothing to recall. ``without_one_time`` drops them; the turn keeps each in the episodic
record (its event). The kinds are data (``data/one_time.yaml``); a statement said as a habit ("每天坐地铁一个小时",
"I pay rent every month") is kept whatever its kind. A place is told from another word by ``value_class.is_place``.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.mood import gist_predicate
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.value_class import is_place
from memory_core.shipped_yaml import load_shipped

__all__ = ["one_time_kind", "without_one_time"]

# "在西安！", "在 Khalifa City 啦": where the user is, said alone
_WHERE_NOW = re.compile(r"在\s*(?P<place>[^，,。！!？?~～\s][^，,。！!？?~～]{0,14}?)\s*[!！~～。.啦了呢啊呀]*")


@functools.cache
def _patterns() -> dict[str, tuple[re.Pattern[str], re.Pattern[str], tuple[tuple[str, re.Pattern[str]], ...]]]:
    """Per language: (lead words, habit words, (kind, pattern) pairs) of ``data/one_time.yaml``."""
    data = load_shipped("data", "one_time.yaml")
    out = {}
    for lang in ("zh", "en"):
        lead = data["lead"][lang]
        kinds = tuple((kind, re.compile(f"{lead}(?:{said[lang]})", re.IGNORECASE))
                      for kind, said in data["kinds"].items() if lang in said)
        out[lang] = (re.compile(lead, re.IGNORECASE), re.compile(data["habit"][lang], re.IGNORECASE), kinds)
    return out


def one_time_kind(predicate: str, lang: str) -> str:
    """The kind of one-time statement ``predicate`` makes ("wish", "cost", "trip", "where_now", …), else "".

    Args:
        predicate: what an own-words fact says after its subject ("自己也想养一只柯基", "'s aunties asked").
        lang: "zh" or "en", the language it is said in.
    """
    text = predicate.strip()
    lead, habit, kinds = _patterns()["zh" if lang == "zh" else "en"]
    if habit.search(text):  # "每天坐地铁一个小时": a routine, kept
        return ""
    for kind, pattern in kinds:
        if pattern.match(text):
            return kind
    if lang == "zh":
        opening = lead.match(text)
        where = _WHERE_NOW.fullmatch(text[opening.end():] if opening else text)
        if where is not None and is_place(where.group("place"), lang):
            return "where_now"
    return ""


def without_one_time(cands: list[Candidate]) -> list[Candidate]:
    """Return ``cands`` without the own-words facts that state one occasion, a wish or a price (module docstring).

    Args:
        cands: the turn's candidates; only ``Kind.FACT`` candidates keyed ``gist:`` are looked at, by their
            description after the subject ("用户", "User" or the speaker's name).
    """
    return [c for c in cands if not _one_time(c)]


def _one_time(cand: Candidate) -> bool:
    text = gist_predicate(cand)
    return text is not None and bool(one_time_kind(text, cand.lang))
