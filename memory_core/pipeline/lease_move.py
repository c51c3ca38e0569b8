"""A move said by the home taken in the new place: a lease signed, a rental found (issue 13 §2: a move keeps the
home true).

"Signed a lease in Swords, two bed apartment, €2,250 a month. Moving on the 25th of June", "found a rental in South
Hobart", "签了滨江的房子，下个月搬", "在松山湖租了套两室一厅": the turn never says "moving to", yet it is the user's
planned move, and "We're in! Boxes everywhere" a few weeks later is that move done. Read alone, neither turn states
anything a slot reads, so the old home stayed current.

``leased_place`` finds such a home and when the move is said to be; ``lease_said`` adds to the turn the plan it
stands for ("I'm moving to Swords on the 25th of June.", "我下个月要搬到滨江了。"), which the extractor reads as any
plan of a move (a dated to-do); ``plan_done`` takes the same cues as the value of a move plan, and ``done_cue`` the
short ways a move is said done ("we're in!", 入住了). A lease of a shop, an office or a unit for a business is no home,
nor is a lease in a question, a wish or another person's. The cues are data (``data/lease_move.yaml``).
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from memory_core.pipeline.change_cues import Off, clause_at, many, off_cues, one
from memory_core.pipeline.clauses import detect_lang
from memory_core.pipeline.value_class import is_generic_place, is_place
from memory_core.shipped_yaml import load_shipped

__all__ = ["done_cue", "lease_said", "leased_place"]

#: A move already said in the turn ("we're moving to Hobart, found a rental in South Hobart"): nothing to add.
_MOVE_SAID = re.compile(r"\b(?:mov(?:e|ed|ing)|relocat(?:e|ed|ing))\s+(?:back\s+|over\s+)?to\b|搬(?:到|去|回|往)",
                        re.IGNORECASE)
#: Where a Chinese home is beside something, not a place of its own ("公司附近").
_ZH_NEAR = re.compile(r"附近|旁边|对面|边上|周边|那边|这边|公司|学校|单位")


class _Cues(NamedTuple):
    """``data/lease_move.yaml`` compiled: per language the lease patterns, the date of the move, a business's words
    and a move said done in short; a question or wish, and another person, said before the place."""

    leased: dict[str, tuple[re.Pattern[str], ...]]
    when: dict[str, re.Pattern[str]]
    business: dict[str, re.Pattern[str]]
    done: dict[str, re.Pattern[str]]
    off: Off


@functools.lru_cache(maxsize=1)
def _cues() -> _Cues:
    """The cues, read and compiled once per process.

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data file is missing or malformed (a packaging fault).
    """
    data = load_shipped("data", "lease_move.yaml")
    return _Cues(leased=many(data, "leased"), when=one(data, "when"), business=one(data, "business"),
                 done=one(data, "done"), off=off_cues(data))


def done_cue(lang: str) -> re.Pattern[str]:
    """The short ways a move is said done, matched on a whole clause ("We're in", "入住了"), for ``lang``."""
    return _cues().done["zh" if lang == "zh" else "en"]


def _a_place(value: str, lang: str) -> bool:
    """True when ``value`` names a place a home is in: a city or district ("Swords", "朝阳区"), a part of one named
    with it ("South Hobart"), or in Chinese a short name that is no generic place and no "near X" ("滨江", "望京")."""
    if is_place(value, lang):
        return True
    if lang == "en":
        words = value.split()
        return len(words) > 1 and (is_place(words[-1], lang) or is_place(" ".join(words[1:]), lang))
    return not is_generic_place(value, lang) and not _ZH_NEAR.search(value)


def leased_place(text: str) -> tuple[str, str]:
    """The place of the home a user's turn says was leased, rented or found, and when the move is said to be.

    Args:
        text: a user's turn as said.

    Returns:
        ``(place, when)``: ("Swords", "on the 25th of June"), ("滨江", "下个月"), ("South Hobart", ""); ``("", "")``
        when the turn leases no home (a shop, an office, a unit for a business), asks or wishes it, or tells
        another person's.
    """
    lang = detect_lang(text)
    cues = _cues()
    for pattern in cues.leased[lang]:
        for m in pattern.finditer(text):
            # "…in Swords. Moving on …": the sentence's end is no part of the place
            place = re.split(r"\.\s", m.group("v"))[0].strip().rstrip(".'-")
            start, end = clause_at(text, m.start("v"))
            clause, before = text[start:end], text[start:m.start("v")]
            if cues.business[lang].search(clause) or cues.off.said(before) or not _a_place(place, lang):
                continue
            when = cues.when[lang].search(text)
            return place, (when.group("w").strip() if when else "")
    return "", ""


def lease_said(text: str) -> str:
    """``text`` with the planned move its lease stands for said after it ("…Moving on the 25th of June. I'm moving
    to Swords on the 25th of June."); ``text`` itself when it leases no home or already says the move."""
    if _MOVE_SAID.search(text):
        return text
    place, when = leased_place(text)
    if not place:
        return text
    if detect_lang(text) == "zh":
        return f"{text.rstrip().rstrip('。！!~')}。我{when.rstrip('就要')}要搬到{place}了。"
    return f"{text.rstrip()} I'm moving to {place}{' ' + when if when else ''}."
