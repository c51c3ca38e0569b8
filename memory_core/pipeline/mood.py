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

The same holds for the rest of a moment said with the user as its subject (new-user trial 41): heartache, regret
or worry ("用戶好心痛", "有点可惜", "终于放心些"; traditional text read as simplified), news announced before it is
told ("有个坏消息😩", "has some big news"), the spot one is at ("在九眼桥那边", "at the gym right now") and the hour
("又是十一点多"): ``moods.yaml`` lists the words by meaning (``feelings``, ``announcements``, ``moment``).
"""

from __future__ import annotations

import dataclasses
import functools
import re

from memory_core.model import Kind
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped
from memory_core.text.han_forms import simplified

_TRAILING_PICTURES = re.compile("[\\s\U0001F300-\U0001FAFF\u2600-\u27BF\ufe0f\u200d]+$")
_DRAWN_OUT = re.compile(r"([a-z])\1{2,}", re.IGNORECASE)  # "sooo tired", "tireddd": no English word holds three


def _any(words: list[str]) -> str:
    """An alternation of ``words`` (``data/moods.yaml``), a space in one matching any run of spaces."""
    return "|".join(r"\s+".join(re.escape(part) for part in str(w).split()) for w in words)


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """The whole-content pattern of a momentary mood per language, built from ``data/moods.yaml``."""
    zh, en = (load_shipped("data", "moods.yaml")[lang] for lang in ("zh", "en"))
    zh_mood = rf"(?:{_any(zh['before'])})*(?:{_any(zh['feelings'])}|{_any(zh['announcements'])})"
    zh_figure = rf"的?(?:{_any(zh['body'])})(?:{_any(zh['before'])}|快|要)*(?:{_any(zh['figures'])})"
    en_mood = (rf"(?:(?:{_any(en['verbs'])})\s+)?(?:(?:{_any(en['degrees'])})\s+)*(?:{_any(en['feelings'])})"
               rf"|(?:{_any(en['announce_verbs'])})\s+(?:(?:{_any(en['announce_kinds'])})\s+)*"
               rf"(?:{_any(en['announce_things'])})")
    en_figure = (rf"'s\s+(?:(?:{_any(en['body'])})\s+)(?:(?:{_any(en['body_verbs'])})\s+|(?<=s)\s*)"
                 rf"(?:(?:{_any(en['degrees'])}|all|literally|completely|absolutely|officially)\s+)*"
                 rf"(?:{_any(en['figures'])})")
    moment = load_shipped("data", "moods.yaml")["moment"]
    # "在九眼桥那边", "人在公司楼下": a spot pointed at, with no verb of living, working or studying before it
    zh_spot = (rf"(?:{_any(zh['before'])})*(?:人)?在(?:(?!住|工作|上班|上学|读|念|做|干|教)[^，,。！!？?\s]){{1,12}}?"
               rf"(?:{_any(moment['zh']['spot_words'])})")
    # "又是十一点多", "已经凌晨两点了": the hour
    zh_hour = (rf"(?:{_any(zh['before'])}|已经|都)*(?:是)?(?:{_any(moment['zh']['day_parts'])})?"
               r"[零一二三四五六七八九十两\d]{1,3}点(?:多|半|钟|[一二三四五\d]?刻)?")
    en_spot = (rf"(?:is|'s)\s+(?:(?:at|in|on)\s+(?:the\s+|a\s+)?[\w' -]{{1,30}}?|out|over\s+there|there|here)"
               rf"\s+(?:{_any(moment['en']['now_words'])})")
    return {
        "zh": re.compile(rf"^(?:{zh_mood}|{zh_figure}|{zh_spot}|{zh_hour})(?:{_any(zh['after'])})*[!！~。.]*$"),
        "en": re.compile(rf"(?i)^(?:{en_mood}|{en_figure}|{en_spot})(?:\s+(?:{_any(en['after'])}))*[!.~]*$"),
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
    # traditional Chinese ("用戶好心痛") is read as simplified; emoji after the words are no words of it
    plain = dataclasses.replace(cand, description=simplified(cand.description)) if cand.lang == "zh" else cand
    text = gist_predicate(plain)
    if text is None:
        return False
    text = _TRAILING_PICTURES.sub("", text)
    if cand.lang == "zh":
        return bool(_patterns()["zh"].match(text))
    return bool(_patterns()["en"].match(_DRAWN_OUT.sub(r"\1", text)))
