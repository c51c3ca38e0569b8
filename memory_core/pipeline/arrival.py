"""A move said on arrival (issue 13 §2: a move keeps the home true).

"到北京了，住闺女家附近租的一居室，在朝阳区", "finally here in Denver, the new place is in Capitol Hill": the turn
names the place arrived in and the home there, never "moved to". ``arrived_home`` reads such a turn as the statement
"I moved to <place>" / "我搬到了<place>" (run through the extractor, so the old home ends like at any move). An
arrival with no home of the user's said ("made it to Denver!"), a trip, a visit or a stay ("到北京了，住酒店",
"here in Denver for the conference"), someone else's arrival, a plan or a question is no move. The cues are data
(``data/arrival.yaml``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import replace

from memory_core.model import Turn
from memory_core.pipeline.clauses import detect_lang
from memory_core.pipeline.plans import is_plan
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.value_class import is_place
from memory_core.shipped_yaml import load_shipped

__all__ = ["arrival_place", "arrived_home"]

_LIVES_IN = "fact:lives_in"
@functools.lru_cache(maxsize=1)
def _cues() -> dict[str, tuple[tuple[re.Pattern[str], ...], re.Pattern[str], re.Pattern[str]]]:
    """Per language: the arrival patterns, the words of a home, the words of a trip (``data/arrival.yaml``)."""
    data = load_shipped("data", "arrival.yaml")
    return {lang: (tuple(re.compile(p, re.IGNORECASE) for p in data[lang]["arrived"]),
                   re.compile(data[lang]["home"], re.IGNORECASE), re.compile(data[lang]["trip"], re.IGNORECASE))
            for lang in ("en", "zh")}


@functools.lru_cache(maxsize=1)
def _home_at() -> re.Pattern[str]:
    """The part of the arrival's place the home is in, said after it (``arrival.yaml`` ``zh.home_at``, group ``d``)."""
    return re.compile(load_shipped("data", "arrival.yaml")["zh"]["home_at"])


@functools.lru_cache(maxsize=1)
def _not_mine() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A question or a wish, and another person, said before the place (``data/arrival.yaml``)."""
    data = load_shipped("data", "arrival.yaml")
    return re.compile(data["asked"], re.IGNORECASE), re.compile(data["other"], re.IGNORECASE)


def arrival_place(text: str, lang: str) -> str:
    """The place a user's turn says they arrived in to live, or "".

    Args:
        text: the turn as said; lang: "en" or "zh".

    Returns:
        The place ("北京", "Denver") when a clause says the arrival (``data/arrival.yaml`` ``arrived``), the turn
        speaks of a home (``home``) and of no trip or stay (``trip``), and the place is a city or a place by its
        form (``value_class.is_place``); "" otherwise, also for a question, a plan or another person's arrival.
    """
    arrived, home, trip = _cues()["zh" if lang == "zh" else "en"]
    if not home.search(text) or trip.search(text):
        return ""
    for pattern in arrived:
        m = pattern.search(text)
        if m is None:
            continue
        place = m.group("v").strip()
        start = max(text.rfind(mark, 0, m.start("v")) for mark in "，,。.!！;；\n")
        before = text[start + 1:m.start("v")]
        asked, other = _not_mine()
        if asked.search(before) or other.search(before) or not is_place(place, lang):
            continue
        return place
    return ""


def _clause_of(text: str, place: str) -> str:
    """The clause of ``text`` that names ``place`` (its sentence, to the next mark), else ``text``."""
    at = text.find(place)
    if at < 0:
        return text
    start = max(text.rfind(mark, 0, at) for mark in "，,。.!！;；\n") + 1
    ends = [e for e in (text.find(mark, at) for mark in "，,。.!！;；\n") if e >= 0]
    return text[start:min(ends)] if ends else text[start:]


def arrived_home(turn: Turn, cands: list[Candidate], extract: Callable[[Turn], list[Candidate]]) -> list[Candidate]:
    """``cands`` and the home a user's turn tells by arriving in a place to live (``arrival_place``).

    Args:
        turn: the turn; cands: its candidates, as extracted; extract: the extractor, run on the statement the turn
            implies ("I moved to Denver", "我搬到了北京").

    Returns:
        ``cands`` unchanged when the turn is no user's, states a home already, is a plan, or tells no arrival;
        else with the implied statement's home candidates added (their evidence the turn's own words).
    """
    if turn.role != "user" or any(c.key.split("@")[0] == _LIVES_IN for c in cands):
        return cands
    lang = detect_lang(turn.text)
    place = arrival_place(turn.text, lang)
    if not place or is_plan(_clause_of(turn.text, place), lang):
        return cands
    part = _home_at().search(turn.text[turn.text.find(place) + len(place):]) if lang == "zh" else None
    district = part.group("d") if part and part.group("d") != place else ""
    said = f"我搬到了{place}{district}" if lang == "zh" else f"I moved to {place}"
    added = [c for c in extract(replace(turn, text=said)) if c.key.split("@")[0] == _LIVES_IN and c.polarity > 0]
    for cand in added:
        cand.claim = cand.evidence = cand.claim or cand.description
        cand.notes.append(f"an arrival with a home: {turn.text}")
    return [*cands, *added]
