"""Living with someone now ends living alone: "I moved in with my girlfriend", "got a roommate", "和男朋友同居了".

"User lives alone" (``gist:lives_in``, in the user's words) is no value of a slot that a new household names: a
partner moved in with, a roommate found, a flat shared. ``cohabit_change(clause, lang, qualifier)`` reads such a
clause of the user's own (the caller skips questions, plans, past and another person's clauses: "I used to live
alone", "should I move in with him?", "my sister moved in with her boyfriend") into the change
(``clause_change.Change``) that ends the user's statements of living alone, found by the whole phrase
(``switch.WHOLE``) whatever key they are under; the clause is kept as their successor.
"""

from __future__ import annotations

import re

from memory_core.pipeline.clause_change import NO_CHANGE, Change
from memory_core.pipeline.switch import WHOLE
from memory_core.pipeline.third_person import EN_LEAD

__all__ = ["ALONE_PHRASES", "cohabit_change"]

_I = re.IGNORECASE
#: How a statement of living alone is worded, third person (as stored) and first: matched as whole phrases.
ALONE_PHRASES = ("lives alone", "live alone", "living alone", "lives by themselves", "lives by themself",
                 "lives by himself", "lives by herself", "live by myself", "living by myself", "lives on their own",
                 "live on my own", "living on my own", "一个人住", "独居", "自己一个人住", "自己住", "一个人生活")
_EN_PERSON = (r"(?:(?:my|our)\s+)?(?:(?:new\s+)?(?:girlfriend|boyfriend|partner|fianc[eé]e?|wife|husband|spouse|bf|gf|"
              r"so|sister|brother|cousin|friend|best\s+friend|mate|parents|mum|mom|dad|family)|[A-Z][a-z]+)")
_EN = re.compile(
    r"^(?:i|we)\s+(?:(?:just|finally|officially|recently|now|have|'ve|also)\s+)*"
    rf"(?:moved|moving|am\s+moving|'m\s+moving)\s+in\s+(?:with\s+{_EN_PERSON}|together)\b"
    r"|^(?:i|we)\s+(?:(?:just|finally|now|officially)\s+)*(?:live|are\s+living|'re\s+living)\s+together\b"
    r"|^(?:i'm|i\s+am|i've\s+been|i\s+have\s+been)\s+(?:(?:now|officially)\s+)*living\s+with\s+"
    rf"{_EN_PERSON}\s+(?:now|these\s+days)\b"
    r"|^(?:i\s+)?(?:(?:just|finally|now)\s+)*(?:got|have|found)\s+(?:a|two|some)\s+(?:new\s+)?"
    r"(?:roommates?|flatmates?|housemates?)\b"
    r"|^(?:i\s+)?(?:(?:now|just)\s+)*(?:share|sharing|'m\s+sharing|am\s+sharing)\s+(?:a|the|my)\s+"
    r"(?:flat|apartment|place|house)\s+with\b"
    rf"|^{_EN_PERSON}\s+(?:(?:just|finally|officially)\s+)*moved\s+in\s+(?:with\s+me\b|$|last|this|yesterday)", _I)
_ZH = re.compile(
    r"^(?:我)?(?:现在|目前|已经|终于|上个?月|上周|去年|今年|前几天|最近)*(?:和|跟|与)[^，,。！!？?]{1,8}?"
    r"(?:同居了?|住到?一起了|(?:一起)?住了|搬到一起|搬到一块)"
    r"|^(?:我)?(?:现在|目前|已经|终于|上个?月|上周|去年|今年|前几天|最近)*(?:搬去|搬过去|搬到)(?:和|跟)[^，,。！!？?]{1,8}?"
    r"(?:一起)?住"
    r"|^(?:我)?(?:现在|目前|已经|终于|上个?月|上周|去年|今年|前几天|最近)*(?:有(?:了|个)?室友了?|找了?(?:个|一个)?室友|"
    r"和人合租|跟人合租|合租了)"
    r"|^(?:我)?(?:男朋友|女朋友|对象|老公|老婆|男友|女友|室友)(?:已经|终于|上个?月|上周)*搬(?:进来|来和我住|过来和我住|过来了|进来了)")


def cohabit_change(clause: str, lang: str, qualifier: str, skip: str = "", other: str = "") -> Change:
    """The change ``clause`` says when it tells the user lives with someone now, else ``NO_CHANGE``.

    Args:
        clause: a user's clause, as said.
        lang: "en" or "zh".
        qualifier: the speaker's key qualifier ("" for the user, "@name" for a named speaker).
        skip: why the clause states nothing now ("question", "plan", "past" …; ``slots.read_clause``): no change.
        other: the other person the clause is said of (``slots.read_clause``): no change of the user's.

    Returns:
        (the key of a statement in the user's words about their home, -1: an end, the alone phrases as whole
        words): ``WritePipeline.plan`` adds the keys of every statement that holds one of the phrases.
    """
    if skip or other:
        return NO_CHANGE
    said = _HEADLINE.sub("", EN_LEAD.sub("", clause.strip().translate(_APOSTROPHES)))
    if not (_ZH if lang == "zh" else _EN).search(said):
        return NO_CHANGE
    return (f"gist:lives_in{qualifier}",), -1, frozenset(WHOLE + p for p in ALONE_PHRASES)


_HEADLINE = re.compile(r"^[\w ]{1,20}:\s*")  # "big step: I moved in with …"
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'"})
