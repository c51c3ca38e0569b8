"""A passing mood is a state of the moment, not a lasting fact (issue 13, seventh pass).

"下周五我有一个设计评审，有点紧张" was stored as the fact "用户有点紧张" (key ``gist:点紧``), a permanent
identity fact about a mood of one evening, found later by unrelated questions. A statement in the user's
own words (a ``gist:`` fact) whose whole content is a momentary feeling, with at most a degree word or a
"now" word (有点紧张, 好累啊, 今天好开心, so tired, a bit nervous, "sooo tired tonite": letters drawn out and chat
spellings read as the word), or a figure of speech about a part of the body said of the moment ("my brain is
fried", "my forearms are dead", "脑子都炸了", "腿废了") or of the whole person ("累成狗", "dead tired"), is dropped:
the turn itself keeps it in
the episodic record (its event), with its date. A feeling said over a stretch of time ("最近很焦虑",
"I've been anxious for months") names no degree-only moment and is kept. The words (feelings, and the degree,
"now" and chat words allowed around them) are data: ``data/moods.yaml``, read once per process.
"""

from __future__ import annotations

import functools
import re

from memory_core.model import Kind
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped

_DRAWN_OUT = re.compile(r"([a-z])\1{2,}", re.IGNORECASE)  # "sooo tired", "tireddd": no English word holds three


def _any(words: list[str]) -> str:
    """An alternation of ``words`` (``data/moods.yaml``), a space in one matching any run of spaces."""
    return "|".join(r"\s+".join(re.escape(part) for part in str(w).split()) for w in words)


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """The whole-content pattern of a momentary mood per language, built from ``data/moods.yaml``."""
    zh, en = (load_shipped("data", "moods.yaml")[lang] for lang in ("zh", "en"))
    zh_mood = rf"(?:{_any(zh['before'])})*(?:{_any(zh['feelings'])})"
    zh_figure = rf"的?(?:{_any(zh['body'])})(?:{_any(zh['before'])}|快|要)*(?:{_any(zh['figures'])})"
    en_mood = rf"(?:(?:{_any(en['verbs'])})\s+)?(?:(?:{_any(en['degrees'])})\s+)*(?:{_any(en['feelings'])})"
    en_figure = (rf"'s\s+(?:(?:{_any(en['body'])})\s+)(?:(?:{_any(en['body_verbs'])})\s+|(?<=s)\s*)"
                 rf"(?:(?:{_any(en['degrees'])}|all|literally|completely|absolutely|officially)\s+)*"
                 rf"(?:{_any(en['figures'])})")
    return {
        "zh": re.compile(rf"^(?:{zh_mood}|{zh_figure})(?:{_any(zh['after'])})*[!！~。.]*$"),
        "en": re.compile(rf"(?i)^(?:{en_mood}|{en_figure})(?:\s+(?:{_any(en['after'])}))*[!.~]*$"),
    }


def without_moods(cands: list[Candidate]) -> list[Candidate]:
    """Return ``cands`` without the own-words facts that state only a momentary mood.

    Args:
        cands: the turn's candidates; only ``Kind.FACT`` candidates keyed ``gist:`` are looked at, by their
            description after the subject ("用户", "User" or the speaker's name).
    """
    return [c for c in cands if not _mood_only(c)]


def gist_predicate(cand: Candidate, prefixes: tuple[str, ...] = ("gist:",)) -> str | None:
    """What an own-words fact (``Kind.FACT`` keyed ``gist:``, or by another of ``prefixes``) says after its subject
    ("用户", "User" or the speaker's name): "User is sooo tired tonight" -> "is sooo tired tonight"; None for any
    other candidate or a description that opens on no subject."""
    if cand.kind != Kind.FACT or not cand.key.startswith(prefixes):
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
        return bool(_patterns()["zh"].match(text))
    return bool(_patterns()["en"].match(_DRAWN_OUT.sub(r"\1", text)))
