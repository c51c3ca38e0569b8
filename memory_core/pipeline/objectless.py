"""A Chinese clause whose verb has no object of its own is no statement by itself.

A trailing clause often says how long or when of a thing the clause before it named: "我用的是华为手机，用了三年了",
"我有一辆自行车，捷安特的，周末骑". Read alone, "用了三年了" and "周末骑" were stored as the user's facts
("用户用了三年了", "用户周末骑"), true of nothing. ``objectless(clause)`` says a clause is such a fragment: apart
from its subject, adverbs, particles and words of time, count or frequency it holds one verb of a single
character and no noun, and it says a time or count. A verb that names an activity by itself ("我每天游泳"),
a noun anywhere ("我周末骑车去公园"), a copula with its complement ("是周一"), or a negation ("我不用了", read
by the cessation rules) keeps the clause.
"""

from __future__ import annotations

import re

from memory_core.text.zh_pos import pos_cut

__all__ = ["objectless"]

_NEGATION = re.compile(r"[不没别戒]")
_OBJECT_FLAGS = ("n", "vn", "eng", "an", "j", "l", "i", "s", "nz", "x")
_VERB_FLAGS = frozenset({"v", "vg", "p", "vd"})
_COPULAS = frozenset("是在有叫姓")


def objectless(clause: str) -> bool:
    """True when the Chinese ``clause`` is a verb of one character with only time or count words beside it
    ("我用了三年了", "我周末骑", "我每周去两次"); False otherwise or when jieba is missing."""
    if _NEGATION.search(clause):
        return False
    words = [w for w in pos_cut(clause.strip("，,。！!～~ ")) if w.word.strip()]
    verbs = [w for w in words if w.flag in _VERB_FLAGS]
    if len(verbs) != 1 or len(verbs[0].word) != 1 or verbs[0].word in _COPULAS:
        return False  # "是周一": a copula's complement is its object
    if any(w.flag.startswith(_OBJECT_FLAGS) for w in words):
        return False
    return any(w.flag in ("t", "m", "mq") or w.word.startswith(("每", "天天")) for w in words)
