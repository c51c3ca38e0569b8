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
from typing import NamedTuple

from memory_core.model import Turn
from memory_core.pipeline.change_cues import Off, clause_at, many, off_cues, one
from memory_core.pipeline.clauses import detect_lang
from memory_core.pipeline.plans import is_plan
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.value_class import is_place
from memory_core.shipped_yaml import load_shipped

__all__ = ["arrival_place", "arrived_home"]

_LIVES_IN = "fact:lives_in"


class _Cues(NamedTuple):
    """``data/arrival.yaml`` compiled: per language the arrival patterns, a home's and a trip's words; the part of
    the place the home is in (Chinese, group ``d``); a question or wish, and another person, said before the place."""

    arrived: dict[str, tuple[re.Pattern[str], ...]]
    home: dict[str, re.Pattern[str]]
    trip: dict[str, re.Pattern[str]]
    home_at: re.Pattern[str]
    off: Off


@functools.lru_cache(maxsize=1)
def _cues() -> _Cues:
    """The cues, read and compiled once per process.

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data file is missing or malformed (a packaging fault).
    """
    data = load_shipped("data", "arrival.yaml")
    return _Cues(arrived=many(data, "arrived"), home=one(data, "home"), trip=one(data, "trip"),
                 home_at=re.compile(data["zh"]["home_at"]), off=off_cues(data))


def arrival_place(text: str, lang: str) -> str:
    """The place a user's turn says they arrived in to live, or "".

    Args:
        text: the turn as said; lang: "en" or "zh".

    Returns:
        The place ("北京", "Denver") when a clause says the arrival (``data/arrival.yaml`` ``arrived``), the turn
        speaks of a home (``home``) and of no trip or stay (``trip``), and the place is a city or a place by its
        form (``value_class.is_place``); "" otherwise, also for a question, a plan or another person's arrival.
    """
    cues, side = _cues(), "zh" if lang == "zh" else "en"
    if not cues.home[side].search(text) or cues.trip[side].search(text):
        return ""
    for pattern in cues.arrived[side]:
        m = pattern.search(text)
        if m is None:
            continue
        place = m.group("v").strip()
        before = text[clause_at(text, m.start("v"))[0]:m.start("v")]
        if cues.off.said(before) or not is_place(place, lang):
            continue
        return place
    return ""


def _clause_of(text: str, place: str) -> str:
    """The clause of ``text`` that names ``place`` (its sentence, to the next mark), else ``text``."""
    at = text.find(place)
    if at < 0:
        return text
    start, end = clause_at(text, at)
    return text[start:end]


def arrived_home(turn: Turn, cands: list[Candidate], extract: Callable[[Turn], list[Candidate]]) -> list[Candidate]:
    """``cands`` and the home a user's turn tells by arriving in a place to live (``arrival_place``).

    Args:
        turn: the turn; cands: its candidates, as extracted; extract: the extractor, run on the statement the turn
            implies ("I moved to Denver", "我搬到了北京").

    Returns:
        ``cands`` unchanged when the turn is no user's, states a home already, is a plan, or tells no arrival;
        else with the implied statement's home candidates added (their evidence the turn's own words); in Chinese
        the part of the place the home is said to be in goes with it ("到深圳了，在南山租了个单间": 深圳南山).
    """
    if turn.role != "user" or any(c.key.split("@")[0] == _LIVES_IN for c in cands):
        return cands
    lang = detect_lang(turn.text)
    place = arrival_place(turn.text, lang)
    if not place or is_plan(_clause_of(turn.text, place), lang):
        return cands
    part = _cues().home_at.search(turn.text[turn.text.find(place) + len(place):]) if lang == "zh" else None
    district = part.group("d") if part and part.group("d") != place else ""
    said = f"我搬到了{place}{district}" if lang == "zh" else f"I moved to {place}"
    added = [c for c in extract(replace(turn, text=said)) if c.key.split("@")[0] == _LIVES_IN and c.polarity > 0]
    for cand in added:
        cand.claim = cand.evidence = cand.claim or cand.description
        cand.notes.append(f"an arrival with a home: {turn.text}")
    return [*cands, *added]
