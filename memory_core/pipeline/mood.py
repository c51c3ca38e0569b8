"""A passing mood is a state of the moment, not a lasting fact (issue 13, seventh pass).

"下周五我有一个设计评审，有点紧张" was stored as the fact "用户有点紧张" (key ``gist:点紧``), a permanent
identity fact about a mood of one evening, found later by unrelated questions. A statement in the user's
own words (a ``gist:`` fact) whose whole content is a momentary feeling, with at most a degree word or a
"now" word (有点紧张, 好累啊, 今天好开心, so tired, a bit nervous, "sooo tired tonite": letters drawn out and chat
spellings read as the word), is dropped: the turn itself keeps it in
the episodic record (its event), with its date. A feeling said over a stretch of time ("最近很焦虑",
"I've been anxious for months") names no degree-only moment and is kept.
"""

from __future__ import annotations

import re

from memory_core.model import Kind
from memory_core.pipeline.types import Candidate

_ZH_MOOD = re.compile(
    r"^(?:今天|今晚|现在|此刻|这会儿?|突然|有点儿?|有些|一点|好|很|挺|太|超|超级|特别|真|蛮|非常|还是|又|也|都)*"
    r"(?:紧张|累|困|开心|高兴|激动|兴奋|烦|烦躁|郁闷|难过|伤心|无聊|饿|撑|慌|心慌|忐忑|崩溃|爽|emo|难受|心碎|心累)"
    r"(?:了|啊|呀|哦|呢|死了|坏了|极了|得很|得不行)*[!！~。.]*$")
_EN_MOOD = re.compile(
    r"(?i)^(?:is\s+|am\s+|feels?\s+|feeling\s+|'s\s+)?(?:a\s+bit\s+|a\s+little\s+(?:bit\s+)?|kind\s+of\s+|kinda\s+|"
    r"so\s+|very\s+|really\s+|super\s+|pretty\s+|quite\s+|totally\s+|extra\s+)*"
    r"(?:nervous|tired|exhausted|sleepy|happy|excited|stressed|anxious|bored|hungry|upset|sad|grumpy|wiped\s+out|"
    r"wrecked|devastated|heartbroken|gutted|crushed|drained|shattered|miserable|burned\s+out|burnt\s+out)"
    r"(?:\s+(?:today|tonight|tonite|2nite|this\s+(?:morning|evening|week)|right\s+now|rn|atm|now|lol|lmao|haha|"
    r"ugh|af))*[!.~]*$")
_DRAWN_OUT = re.compile(r"([a-z])\1{2,}", re.IGNORECASE)  # "sooo tired", "tireddd": no English word holds three


def without_moods(cands: list[Candidate]) -> list[Candidate]:
    """Return ``cands`` without the own-words facts that state only a momentary mood.

    Args:
        cands: the turn's candidates; only ``Kind.FACT`` candidates keyed ``gist:`` are looked at, by their
            description after the subject ("用户", "User" or the speaker's name).
    """
    return [c for c in cands if not _mood_only(c)]


def gist_predicate(cand: Candidate) -> str | None:
    """What an own-words fact (``Kind.FACT`` keyed ``gist:``) says after its subject ("用户", "User" or the
    speaker's name): "User is sooo tired tonight" -> "is sooo tired tonight"; None for any other candidate or a
    description that opens on no subject."""
    if cand.kind != Kind.FACT or not cand.key.startswith("gist:"):
        return None
    text = cand.description.strip()
    for subject in ("用户", "User", cand.speaker.strip()):
        if subject and text.startswith(subject):
            return text[len(subject):].strip()
    return None


def _mood_only(cand: Candidate) -> bool:
    text = gist_predicate(cand)
    if text is None:
        return False
    if cand.lang == "zh":
        return bool(_ZH_MOOD.match(text))
    return bool(_EN_MOOD.match(_DRAWN_OUT.sub(r"\1", text)))
