"""Which of the user's restrictions a practical question needs, by its topic (seed 001 §8.24.1).

A sensitive health value is shown only to a question that asks for its kind. But the questions an
agent asks before acting do not say "allergic": "can I give her amoxicillin?" needs her penicillin
allergy, "should I get him a kitten?" his cat allergy, "晚饭给她做点什么？" her food allergies and the
foods her doctor forbade, "what should we pack for the camping trip?" his bee-sting allergy, "anything the
dentist should know?" her latex allergy. ``memory_core/data/restriction_topics.yaml`` maps a question's
topic (food, medicine, animals, outdoors, procedure: words of the question, or an allergen of the topic's
kind it names) to the kinds of restriction it sees (``Needs``); ``sensitive.diet_shown`` and
``recall_shown.with_needed_restrictions`` read it. A question on no topic needs none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from memory_core.pipeline.allergens import kinds_named
from memory_core.shipped_yaml import load_shipped

__all__ = ["Needs", "needs_of"]


@dataclass(frozen=True)
class Needs:
    """The restrictions a question needs.

    Attributes:
        topics: the topics it is on ("food", "medicine", "animals", "outdoors", "procedure").
        allergens: allergen kinds (``allergens.KINDS``) whose allergies and intolerances it sees.
        diet: it sees a health value in a sentence stating a food restriction.
        conditions: it sees every health condition.
        diet_conditions: the conditions it sees by name (those a diet must allow for: high blood pressure,
            diabetes, gout, 高血压 …; ``diet_conditions`` of a topic), or None.
    """

    topics: frozenset[str]
    allergens: frozenset[str]
    diet: bool
    conditions: bool
    diet_conditions: re.Pattern[str] | None = None


@dataclass(frozen=True)
class _Topic:
    name: str
    words: re.Pattern[str]
    named: frozenset[str]
    named_with: re.Pattern[str] | None
    shows: frozenset[str]
    diet: bool
    conditions: bool
    diet_conditions: re.Pattern[str] | None
    had: re.Pattern[str] | None = None


@cache
def _topics() -> tuple[_Topic, ...]:
    out = []
    for name, entry in load_shipped("data", "restriction_topics.yaml").items():
        with_, named_conditions = entry.get("named_with"), entry.get("diet_conditions")
        out.append(_Topic(name, _words(entry.get("en") or [], entry.get("zh") or []),
                          frozenset(entry.get("named") or ()),
                          _words(with_.get("en") or [], with_.get("zh") or []) if with_ else None,
                          frozenset(entry.get("shows") or ()), bool(entry.get("diet")),
                          bool(entry.get("conditions")),
                          _words(named_conditions.get("en") or [], named_conditions.get("zh") or [])
                          if named_conditions else None, _shapes(entry.get("had"))))
    return tuple(out)


def _words(en: list[str], zh: list[str]) -> re.Pattern[str]:
    """One pattern of English whole words (a plural s/es too) and Chinese words inside a word, longest first."""
    en, zh = sorted(en, key=len, reverse=True), sorted(zh, key=len, reverse=True)
    alts = [r"(?<![A-Za-z])(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") + r"(?:e?s)?" for w in en)
            + r")(?![A-Za-z])"] if en else []
    alts += ["|".join(map(re.escape, zh))] if zh else []
    return re.compile("|".join(alts) or r"(?!)", re.I)


def _shapes(entry: dict[str, list[str]] | None) -> re.Pattern[str] | None:
    """One case-blind pattern of a topic's ``had`` question shapes (regexes, English and Chinese), or None."""
    shapes = [*(entry or {}).get("en", ()), *(entry or {}).get("zh", ())]
    return re.compile("|".join(f"(?:{s})" for s in shapes), re.I) if shapes else None


@lru_cache(maxsize=256)
def needs_of(query: str) -> Needs | None:
    """The restrictions ``query`` needs; None when it is on no topic ("what's my job?").

    A topic's ``had`` shapes ask which of its things the user has ("what pets does she have?") and open it not.

    >>> sorted(needs_of("can I give her amoxicillin?").allergens)
    ['drug']
    """
    named: set[str] | None = None
    on = []
    for topic in _topics():
        if topic.had is not None and topic.had.search(query):
            continue  # which pets the user has is a fact asked, not an animal to act on
        if not topic.words.search(query) and topic.named:
            if topic.named_with is not None and not topic.named_with.search(query):
                continue  # a food named in passing ("are kiwis from New Zealand?") asks for nothing to act on
            named = kinds_named(query) if named is None else named
            if not topic.named & named:
                continue
        elif not topic.words.search(query):
            continue
        on.append(topic)
    if not on:
        return None
    by_name = [t.diet_conditions for t in on if t.diet_conditions is not None]
    return Needs(frozenset(t.name for t in on), frozenset(k for t in on for k in t.shows),
                 any(t.diet for t in on), any(t.conditions for t in on),
                 re.compile("|".join(p.pattern for p in by_name), re.I) if by_name else None)
