"""Filler said back to the assistant is no fact about the user (issue 13, trial 31 W8).

"whatever, I'm fine", "not proud", "nah not really", "不是啦，我已经转到 … 了", "哈哈好吧": the clause before or
around a statement is read in the first person and kept as an own-words fact ("User is fine", "User is not
proud", "用户不是啦"), a permanent identity fact that answers later questions ("does he drink?" -> "用户不是啦").
Such a clause is a reply, a shrug or a "no" that puts the assistant right; it states nothing about the user.
An own-words fact (``Kind.FACT`` keyed ``gist:``) whose whole content after its subject is filler words is
dropped (the turn's event keeps the turn). The words are data: ``data/filler.yaml``, read once per process.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.mood import gist_predicate
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped

__all__ = ["filler_only", "like_hedge", "without_filler"]

_PUNCT = r"[\s,，、.。!！~～…:：;；]*"


def _any(words: list[str]) -> str:
    """An alternation of ``words``, longest first, a space in one matching any run of spaces."""
    return "|".join(
        r"\s+".join(re.escape(part) for part in str(w).split()) for w in sorted(words, key=lambda w: -len(str(w)))
    )


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """The whole-content pattern of filler per language, built from ``data/filler.yaml``."""
    data = load_shipped("data", "filler.yaml")
    zh, en = data["zh"], data["en"]
    return {
        "zh": re.compile(rf"^{_PUNCT}(?:(?:{_any(zh['words'])})(?:{_any(zh['after'])})*{_PUNCT})+$"),
        "en": re.compile(
            rf"(?i)^{_PUNCT}(?:(?:{_any(en['verbs'])})\s+)?"
            rf"(?:(?:{_any(en['words'])})(?![\w']){_PUNCT})+$"
        ),
    }


@functools.cache
def _like_hedge() -> re.Pattern[str]:
    return re.compile(load_shipped("data", "filler.yaml")["en"]["like_hedge"], re.IGNORECASE)


def like_hedge(clause: str) -> bool:
    """True when an English ``clause`` opens on "like" as a hedge or a simile, no liking: "like 2.3k followers",
    "like a sea of people lol", "like, so tired" (``data/filler.yaml``, ``en.like_hedge``); "like jazz a lot" is
    False (a liking with its "I" left out)."""
    return _like_hedge().match(clause.strip()) is not None


def filler_only(text: str, lang: str) -> bool:
    """True when ``text`` (what a statement says after its subject: "is fine", "不是啦") is filler only.

    Args:
        text: the predicate, in ``lang``; "" is no filler (nothing was read).
        lang: "zh" or "en"; any other value is read as English.
    """
    text = text.strip()
    return bool(text) and bool(_patterns()["zh" if lang == "zh" else "en"].match(text))


def without_filler(cands: list[Candidate]) -> list[Candidate]:
    """Return ``cands`` without the own-words facts (``gist:`` keys) whose whole content is filler."""
    out = []
    for cand in cands:
        said = gist_predicate(cand)
        if said is not None and filler_only(said.lstrip("：:"), cand.lang):
            continue
        out.append(cand)
    return out
