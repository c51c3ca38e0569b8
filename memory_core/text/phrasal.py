"""English phrasal verbs as one term: "worked out" is "workout", not "work" (a job).

A phrasal verb's particle ("out", "up", "after") is an English stopword, so
``tokenize`` kept its verb alone: "Does he work out?" asked for "work" and
was glossed as 工作, "looks after his kid" as "look", "hang out" as "hang".
``data/phrasal_verbs.yaml`` lists the phrasal verbs people use of their own
lives by family (exercise and the body, starting and stopping a habit,
people and places), each with its Chinese words. A verb in any of its forms
followed by its particle (with a short object between them when the entry
allows it, "picked it up"; with one of its objects after it when the entry
names them, "put on weight") is read as one term, the stemmed joining of
verb and particle ("workout", the noun "a workout" too):

- ``phrasal_terms`` gives those terms of a text, added to what a memory is
  indexed by (its own words stay);
- ``join_phrasal`` rewrites a question so the term stands in place of the
  verb ("Does he workout?"): a question about working out asks nothing about
  work;
- ``phrasal_groups`` gives each term beside the entry's Chinese words, read
  by the everyday glosses (``everyday_glosses``), so 健身 finds "I work out
  every morning" and "work out" finds 我每天去健身, before any single word's
  gloss.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from memory_core.shipped_yaml import load_shipped
from memory_core.text.tokenize import tokenize

__all__ = ["PhrasalVerb", "join_phrasal", "phrasal_groups", "phrasal_terms", "phrasal_verbs"]

#: What may stand between a verb and its particle when an entry allows it: one word ("gave it up", "took time
#: off", "gave smoking up"), or a determiner or a number and one word ("checked the place out", "took two days off").
_OBJECT = (r"(?:(?:the|a|an|my|his|her|their|our|your|this|that|some|a\s+few|few|\d+|one|two|three|four|five|six"
           r"|seven|eight|nine|ten)\s+)?[a-z]+")


@dataclass(frozen=True)
class PhrasalVerb:
    """One entry of ``data/phrasal_verbs.yaml``.

    Attributes:
        verb: the base form ("work").
        particle: the particle ("out").
        forms: every form of the verb, base first (regular ones derived, irregular ones from the entry).
        objects: words one of which must follow the particle, after at most two words, or with ``apart`` end
            the object between verb and particle (empty: any object or none).
        apart: a short object may stand between verb and particle.
        zh: the Chinese words for it.
    """

    verb: str
    particle: str
    forms: tuple[str, ...]
    objects: tuple[str, ...]
    apart: bool
    zh: tuple[str, ...]

    @property
    def surface(self) -> str:
        """The verb and particle written as one word ("workout"); its ``tokenize`` term is the index term."""
        return self.verb + self.particle

    @property
    def term(self) -> str:
        """The index term of the joined verb ("workout", "lookaft")."""
        return tokenize(self.surface)[0]


#: A verb whose last consonant doubles before -ed and -ing: one short syllable, consonant, vowel, consonant.
_DOUBLED = re.compile(r"[a-z]?[^aeiou][aeiou][bdgklmnprt]")


def _regular_forms(verb: str) -> list[str]:
    """The third person, past and -ing forms of a regular verb ("move": moves, moved, moving; "drop": dropped)."""
    third = verb + "es" if verb.endswith(("s", "sh", "ch", "x", "o")) else verb + "s"
    if verb.endswith("e"):
        return [third, verb + "d", verb[:-1] + "ing"]
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return [verb[:-1] + "ies", verb[:-1] + "ied", verb + "ing"]
    if _DOUBLED.fullmatch(verb):  # one short syllable ending in one consonant: dropped, slimming, getting
        return [third, verb + verb[-1] + "ed", verb + verb[-1] + "ing"]
    return [third, verb + "ed", verb + "ing"]


@functools.lru_cache(maxsize=1)
def phrasal_verbs() -> tuple[PhrasalVerb, ...]:
    """The shipped phrasal verbs, in file order (cached).

    Raises:
        OSError: the shipped file is missing. yaml.YAMLError: it does not parse (a packaging fault).
    """
    out = []
    for entry in load_shipped("data", "phrasal_verbs.yaml"):
        verb = str(entry["verb"])
        forms = dict.fromkeys([verb, *_regular_forms(verb), *(str(f) for f in entry.get("forms", ()))])
        out.append(PhrasalVerb(verb, str(entry["particle"]), tuple(forms),
                               tuple(str(o) for o in entry.get("objects", ())), bool(entry.get("apart", False)),
                               tuple(str(z) for z in entry["zh"])))
    return tuple(out)


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[re.Pattern[str], PhrasalVerb], ...]:
    """Patterns of each entry: group "verb" the verb's form, "gap" the object between, "particle" the particle.

    An entry with objects that may stand apart has two: its object between verb and particle ("took two days
    off"), or after the particle ("took off work").
    """
    out = []
    for entry in phrasal_verbs():
        forms = "|".join(map(re.escape, entry.forms))
        head = rf"\b(?P<verb>{forms})"
        tail = rf"\s+(?P<particle>{re.escape(entry.particle)})"
        gap = rf"(?P<gap>\s+{_OBJECT})?" if entry.apart else r"(?P<gap>)"
        if not entry.objects:
            out.append((re.compile(head + gap + tail + r"\b", re.IGNORECASE), entry))
            continue
        objects = "|".join(map(re.escape, entry.objects))
        # after the particle, an object may follow an amount: "put on ten pounds", "put on a few pounds"
        out.append((re.compile(rf"{head}{gap}{tail}(?=\s+(?:[\w.]+\s+){{0,2}}(?:{objects})\b)", re.IGNORECASE),
                    entry))
        if entry.apart:
            between = rf"(?P<gap>\s+(?:{_OBJECT}\s+)?(?:{objects}))"
            out.append((re.compile(rf"{head}{between}{tail}\b", re.IGNORECASE), entry))
    return tuple(out)


def phrasal_terms(text: str) -> list[str]:
    """The joined terms of the phrasal verbs ``text`` says, in entry order, none repeated (``[]`` for none).

    "I worked out and then we hung out" gives ["workout", "hangout"]; "I work at the post office" gives [].
    """
    if not text.isascii() and not re.search(r"[A-Za-z]", text):
        return []
    return list(dict.fromkeys(entry.term for pattern, entry in _patterns() if pattern.search(text)))


def join_phrasal(text: str) -> str:
    """``text`` with each phrasal verb written as one word in place of verb and particle, its object kept.

    "Does he work out?" → "Does he workout?"; "When did she pick it up?" → "When did she pickup it?";
    "Has he put on weight?" → "Has he puton weight?". Text without one is returned unchanged.
    """
    for pattern, entry in _patterns():
        text = pattern.sub(_joined(entry.surface), text)
    return text


def _joined(surface: str) -> Callable[[re.Match[str]], str]:
    """The replacement of one entry's match: its joined surface, then the object that stood between."""
    return lambda match: surface + (match.group("gap") or "")


@functools.lru_cache(maxsize=1)
def phrasal_groups() -> tuple[tuple[str, ...], ...]:
    """Each entry as a gloss group: its joined surface ("workout"), then its Chinese words."""
    return tuple((entry.surface, *entry.zh) for entry in phrasal_verbs())
