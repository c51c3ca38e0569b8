"""The cue files of the readers of a change said in few words, compiled; the clause a value is said in (issue 13 §2).

``arrival`` ("到北京了，住…"), ``lease_move`` ("signed a lease in Swords"), ``frequency_change`` ("理疗改成一周一次")
and ``count_change`` ("留了九十来只") keep their cues in one YAML file each under ``memory_core/data/``, of one
shape: per language ("en", "zh") a pattern or a list of patterns under each name, and at the top two patterns read
before what the change names, ``asked`` (a question, a plan or a wish) and ``other`` (another person's). This module
compiles that shape (``one``, ``many``, ``Off``) and finds the clause of a turn a value stands in (``clause_at``),
where those two are read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

__all__ = ["LANGS", "MARKS", "Off", "clause_at", "many", "off_cues", "one"]

#: The languages of a cue file.
LANGS = ("en", "zh")
#: The marks a clause ends at, in either language.
MARKS = "，,。.!！;；\n"


def one(data: Mapping[str, Any], name: str, flags: int = re.IGNORECASE) -> dict[str, re.Pattern[str]]:
    """``{lang: pattern}``: the pattern each language of ``data`` has under ``name``, compiled with ``flags``.

    Raises:
        KeyError: a language or the name is missing (a packaging fault); re.error: a pattern does not compile.
    """
    return {lang: re.compile(data[lang][name], flags) for lang in LANGS}


def many(data: Mapping[str, Any], name: str) -> dict[str, tuple[re.Pattern[str], ...]]:
    """``{lang: (pattern, ...)}``: the list of patterns each language of ``data`` has under ``name``, in order,
    compiled case-blind.

    Raises:
        KeyError: a language or the name is missing (a packaging fault); re.error: a pattern does not compile.
    """
    return {lang: tuple(re.compile(p, re.IGNORECASE) for p in data[lang][name]) for lang in LANGS}


class Off(NamedTuple):
    """What makes a change no change of the user's, said before what it names: a question, a plan or a wish
    (``asked``: "should I…", "要是…"), another person (``other``: "my uncle…", "我朋友…")."""

    asked: re.Pattern[str]
    other: re.Pattern[str]

    def said(self, before: str) -> bool:
        """True when ``before`` (the words of the clause before the value) asks, plans or wishes, or speaks of
        another person."""
        return bool(self.asked.search(before) or self.other.search(before))


def off_cues(data: Mapping[str, Any]) -> Off:
    """``data``'s top-level ``asked`` and ``other`` patterns, compiled case-blind.

    Raises:
        KeyError: either is missing (a packaging fault); re.error: a pattern does not compile.
    """
    return Off(asked=re.compile(data["asked"], re.IGNORECASE), other=re.compile(data["other"], re.IGNORECASE))


def clause_at(text: str, at: int) -> tuple[int, int]:
    """``(start, end)`` of the clause of ``text`` holding position ``at``: after the last mark (``MARKS``) before
    it, to the first mark from it on (the end of ``text`` when there is none).

    >>> clause_at("到北京了，住闺女家附近", 7)
    (5, 11)
    """
    start = max(text.rfind(mark, 0, at) for mark in MARKS) + 1
    ends = [e for e in (text.find(mark, at) for mark in MARKS) if e >= 0]
    return start, (min(ends) if ends else len(text))
