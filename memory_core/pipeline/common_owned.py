"""A plain "have" of an everyday thing is no fact about the user (issue 13, a new user's trial).

"我有手机" was stored as the fact "用户有手机" (``fact:owns:phone``) and "I have like 3 boxes of lab notebooks at
home" as "User has like 3 boxes of lab notebooks at home": things nearly everyone has, with no maker, model or
name, say nothing worth remembering and answer later questions about the user's phone or notes with noise. A
statement (an own-words ``gist:`` fact or a ``fact:owns:`` possession) whose whole content after its subject is
"have" (有, has) with at most counts, measure words and one plain word before one such thing, and where it is
after it, is dropped; the turn's event keeps it. A thing named by its maker or model ("有iPhone 15", "I have a
MacBook Pro"), a thing bought, switched to or sold (other verbs, read by ``owned_new`` / ``owned_end``), and
things whose having says something (a car, a house, a pet: not listed) are kept. The words are data:
``data/common_things.yaml``, read once per process.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.mood import gist_predicate
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped

__all__ = ["common_only", "without_common_things"]


def _any(words: list[str]) -> str:
    """An alternation of ``words``, longest first, a space in one matching any run of spaces."""
    return "|".join(r"\s+".join(re.escape(p) for p in str(w).split()) for w in sorted(words, key=lambda w: -len(w)))


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """The whole-predicate pattern of a plain "have" of an everyday thing per language."""
    data = load_shipped("data", "common_things.yaml")
    zh, en = data["zh"], data["en"]
    return {
        "zh": re.compile(rf"^(?:家里|家中|在家|手上|手里)?(?:也|还|都|只)*有(?:{_any(zh['measures'])})*"
                         rf"(?:{_any(zh['things'])})(?:了|呢|啊|的|而已)*[。.!！~]*$"),
        "en": re.compile(rf"(?i)^(?:has|have|'s\s+got|has\s+got|owns)\s+(?:(?:{_any(en['measures'])}|\d+)\s+)*"
                         rf"(?:(?-i:[a-z-]+)\s+)?(?:{_any(en['things'])})(?:e?s)?(?:\s+(?:{_any(en['after'])}))*[.!~]*$"),
    }


def common_only(predicate: str, lang: str) -> bool:
    """True when ``predicate`` (what a statement says after its subject) is a plain "have" of an everyday thing.

    ("有手机" -> True, "有一台电脑" -> True, "has like 3 boxes of lab notebooks at home" -> True; "有iPhone 15" ->
    False, "has a MacBook Pro" -> False, "有车" -> False, "has a dog" -> False.)

    Args:
        predicate: the statement after its subject, in ``lang``.
        lang: "zh" or "en"; any other value is read as English.
    """
    return bool(_patterns()["zh" if lang == "zh" else "en"].match(predicate.strip()))


def _predicate(cand: Candidate) -> str | None:
    """The description of an own-words fact or a possession after its subject, else None (``gist_predicate``)."""
    return None if cand.polarity < 0 else gist_predicate(cand, ("gist:", "fact:owns:"))


def without_common_things(cands: list[Candidate]) -> list[Candidate]:
    """Return ``cands`` without the statements that only say the user has an everyday thing (``common_only``)."""
    return [c for c in cands if (said := _predicate(c)) is None or not common_only(said, c.lang)]
