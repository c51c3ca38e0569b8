"""The shipped synonym groups as topic terms: each member in the person an item says it in, and the phrases
(members of several words, or Chinese) a text holds, all found in one pass.

``memory_core.pipeline.gist.topic`` reads a member of a group as the group's term (``syn:<first member>``),
so "I don't eat meat" and "I'm vegetarian" share one. Single-word members are read word by word with the
other words; phrases are matched as written in the case-folded text.
"""

from __future__ import annotations

import functools
import re

import ahocorasick

from memory_core.pipeline.third_person import third_verb
from memory_core.text.script import has_han
from memory_core.text.synonyms import synonym_groups
from memory_core.text.tokenize import tokenize

__all__ = ["person_forms", "phrases_in", "synonyms"]



_FIRST_PERSON_VERB = re.compile(r"\b(don't|do\s+not|have|am)\b", re.IGNORECASE)
_THIRD_OF = {"don't": "doesn't", "do not": "does not", "have": "has", "am": "is"}


def person_forms(member: str) -> tuple[str, ...]:
    """A synonym member as said ("don't drink alcohol") and as an item says it of the user ("doesn't drink
    alcohol"): items are kept in the third person (``third_person``)."""
    third = _FIRST_PERSON_VERB.sub(lambda m: _THIRD_OF[" ".join(m.group(1).casefold().split())], member)
    if third == member and member.isascii() and " " in member:  # "work from home" -> "works from home"
        first, _, rest = member.partition(" ")
        third = f"{third_verb(first)} {rest}"
    return (member,) if third == member else (member, third)


@functools.lru_cache(maxsize=1)
def synonyms() -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
    """(single-term member -> group id, ((phrase, group id) ...)) of the shipped bilingual synonym groups."""
    single: dict[str, str] = {}
    phrases: list[tuple[str, str]] = []
    for group in synonym_groups():
        gid = "syn:" + group[0].casefold()
        for member in (form for m in group for form in person_forms(m)):
            if has_han(member):  # matched as written: no jieba load for a workload without Chinese
                phrases.append((member, gid))
                continue
            terms = tokenize(member)
            if len(terms) == 1:
                single[terms[0]] = gid
            elif terms:
                phrases.append((member.casefold(), gid))
    return single, tuple(phrases)


@functools.lru_cache(maxsize=1)
def _phrase_finder() -> tuple[ahocorasick.Automaton | None, frozenset[int]]:
    """(an automaton of the synonym phrases -> their places in ``synonyms()[1]``, or None when there is
    none; the places of empty phrases, found in any text)."""
    places: dict[str, list[int]] = {}
    for n, (phrase, _) in enumerate(synonyms()[1]):
        places.setdefault(phrase, []).append(n)
    always = frozenset(places.pop("", ()))
    if not places:
        return None, always
    finder = ahocorasick.Automaton()
    for phrase, at in places.items():
        finder.add_word(phrase, tuple(at))
    finder.make_automaton()
    return finder, always


def phrases_in(folded: str) -> frozenset[int]:
    """The places in ``synonyms()[1]`` of the phrases ``folded`` holds, all found in one pass (Aho-Corasick,
    pyahocorasick): one ``in`` test per phrase (~180) was a third of ``topic``'s cost on LoCoMo."""
    finder, found = _phrase_finder()
    if finder is None:
        return found
    return found.union(*(at for _, at in finder.iter(folded)))
