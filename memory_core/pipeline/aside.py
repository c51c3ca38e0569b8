"""An aside that says nothing lasting about the user is no statement (issue 13).

"我老是说错哈哈" and "I always mix things up haha" were stored as who the user is; in "我朋友说我应该去学游泳，
但我不会去的" the friend's advice is reported speech (left out), and its refusal, read alone, became "用户但不会去的".
Neither is worth recalling: a slip of the tongue or of the keys said in passing (with or without a laugh, "again"
or "always"), and a refusal whose object is in another clause. ``without_asides`` drops an own-words statement (a
``gist:`` fact) whose whole content after its subject is one of these (``data/asides.yaml``); the turn keeps it
in the episodic record (its event).

Nor is a clause with no value of its own, its content in the clause beside it: a talk with someone ("跟李老师聊了，
他要去上海交大了" stored "用户跟李老师聊了"; "I talked to my sister"), no decision yet ("我还没想好 haha", "I
haven't decided yet"), a reminder ("…要备EpiPen，又提醒一次", "just reminding you") and a plan called off by its verb
alone ("不搬了", "I'm not moving after all"; what was called off is the earlier plan, ended by its own rules).

Nor is a fragment of a sentence whose rest is beside it (trial 38, finding 5):
a judgement ("和表姐都觉得不错", "这回是真的", "I mean it this time"),
an announcement whose content follows ("其实一直有个想法，想…", "I have a question"),
a verb whose object was named before ("看完了", "又开始练了"),
a count whose thing was ("看了几个铺面，有一个在…旁边"), a clause broken off ("一接就……"),
and a pet's description whose dropped subject was filled in as the user ("是一只蓝双色的布偶").
Every kind of ``data/asides.yaml`` but the laughter and the bare refusal is one alternative, in the languages it
lists.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.mood import gist_predicate
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped

__all__ = ["without_asides"]


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """The whole-content pattern per language: a slip, a talk, no decision yet, a reminder or a bare cancel, then
    laughter; or a bare refusal (Chinese)."""
    data = load_shipped("data", "asides.yaml")
    kinds = [kind for kind in data if kind not in ("laughter", "bare_refusal")]  # each in one language or both
    said = {lang: "|".join(f"(?:{data[kind][lang]})" for kind in kinds if lang in data[kind]) for lang in ("zh", "en")}
    said = {lang: f"(?:{said[lang]}){data['laughter'][lang]}" for lang in ("zh", "en")}
    return {"zh": re.compile(f"(?:{said['zh']}|{data['bare_refusal']['zh']})", re.IGNORECASE),
            "en": re.compile(said["en"], re.IGNORECASE)}


def without_asides(cands: list[Candidate]) -> list[Candidate]:
    """Return ``cands`` without the own-words facts that are only an aside (module docstring).

    Args:
        cands: the turn's candidates; only ``Kind.FACT`` candidates keyed ``gist:`` are looked at, by their
            description after the subject ("用户", "User" or the speaker's name).
    """
    return [c for c in cands if not _aside(c)]


def _aside(cand: Candidate) -> bool:
    text = gist_predicate(cand)
    if text is None:
        return False
    return _patterns()["zh" if cand.lang == "zh" else "en"].fullmatch(text) is not None
