"""The change one user clause says: what it ends or reverses, and which candidate carries it (issue 13 §2).

``change_of`` reads a clause's cessation form or topicalised object into the
keys of the items it ends (``memory_core.pipeline.cessation``); the first
candidate the clause makes carries the change (``give_change``), and a clause
that makes none gets a ``carrier``: restate-only, unless the change ends
something, when it is kept as the successor the ended item's history names.
"""

from __future__ import annotations

import re

from memory_core.model import Kind, Turn
from memory_core.pipeline.cessation import (
    bare_drinking,
    category_keys,
    cessation_scope,
    ended_keys,
    resumption_scope,
    scope_terms,
)
from memory_core.pipeline.gist import third_person, topic
from memory_core.pipeline.own_words import polarity_of, without_same_day
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.taken_instead import taken_instead
from memory_core.pipeline.types import Candidate

__all__ = ["NO_CHANGE", "Change", "carrier", "change_of", "drinking_key", "give_change", "used_to_dislike",
           "with_switch"]

Change = tuple[tuple[str, ...], int, frozenset[str]]
NO_CHANGE: Change = ((), 0, frozenset())


def change_of(clause: str, lang: str, skip: str, other: str, thing: str, qualifier: str) -> Change:
    """(keys of items ``clause`` ends or reverses, the polarity it says, the terms of its thing) for a user's own
    clause; ``NO_CHANGE`` if none.

    A cessation ("no longer …", "不…了", "used to …") ends what its scope names;
    a Chinese clause that put its object first reverses the other polarity's
    items of that object; a thing taken up again ("back on …", "… again",
    "又开始…") ends the negations of it. Questions, hypotheticals, reported speech and
    another person's clauses change nothing; of past clauses only "used to".
    """
    if other or (skip and not (skip == "past" and lang == "en" and _USED_TO.search(clause))):
        return NO_CHANGE
    if skip == "past" and (disliked := _USED_TO_DISLIKE.search(clause)) is not None:
        scope = _EN_CUT_DISLIKE.split(disliked.group("x"), maxsplit=1)[0].strip()  # "I used to hate coffee": the
        if scope:  # dislike is over, and nothing holds now but what the rest of the turn says
            return ended_keys(scope, lang, qualifier), 1, scope_terms(scope, lang)
    scope = cessation_scope(clause, lang)
    if scope:
        keys = ended_keys(scope, lang, qualifier)
        if thing:  # "酒我戒了": the thing put first, which the scope's words may not name (one character)
            keys = tuple(dict.fromkeys((*ended_keys(thing, lang, qualifier), *keys)))
        if bare_drinking(scope, lang):  # "I quit drinking" ends a like said as 喝酒 / "I drink alcohol" too
            keys = tuple(dict.fromkeys((*keys, *ended_keys("alcohol", lang, qualifier))))
        return keys, -1, scope_terms(scope, lang)
    if thing:
        return ended_keys(thing, lang, qualifier), polarity_of(clause), scope_terms(thing, lang)
    again = resumption_scope(clause, lang)
    if again:  # "back on cigarettes", "又开始弹吉他了": the thing taken up again ends its negation, and a kind
        keys = ended_keys(again, lang, qualifier)  # its category's ("the odd beer again": "doesn't drink alcohol")
        if bare_drinking(again, lang):  # "started drinking again" ends a stop said as 戒酒 / 不喝酒 too
            keys = (*keys, *ended_keys("alcohol", lang, qualifier))
        return (*keys, *category_keys(keys, qualifier)), 1, scope_terms(again, lang)
    return NO_CHANGE


def with_switch(change: Change, switched: Change) -> Change:
    """``change`` with a switch's (``switch.switch_change``): the keys and terms of both; an end (-1) when the
    clause said no other polarity. ``change`` unchanged when the switch names nothing it ends."""
    if not switched[0]:
        return change
    return (tuple(dict.fromkeys((*change[0], *switched[0]))), change[1] or switched[1], change[2] | switched[2])


def give_change(cands: list[Candidate], change: Change) -> None:
    """Let the first candidate of a clause carry the clause's change (see ``change_of``)."""
    if change[0] and cands:
        cands[0].reverses, cands[0].reverse_polarity, cands[0].reverse_terms = change


def carrier(turn: Turn, clause: str, lang: str, change: Change, subject: str, qualifier: str) -> Candidate:
    """A restate-only candidate carrying a clause's change when the clause makes no item of its own; when the
    change ends an item, the clause (third person) is kept as its successor (``Candidate.successor``); when it
    names the activity taken up instead (``taken_instead``), it is a statement of its own."""
    found = topic(without_same_day(clause, lang), lang)
    said = without_same_day(third_person(clause, subject, lang), lang)  # "quit dip today": the turn dates it
    taken = bool(taken_instead(clause, lang))  # "gave up the gym for bouldering": what holds now, ended or not
    drinking = drinking_key(clause, lang, qualifier)
    return Candidate(kind=Kind.PREFERENCE if drinking else Kind.FACT, description=said, lang=lang,
                     restate_only=not taken, topic=found,
                     key=drinking or f"gist:{found.anchor or 'statement'}{qualifier}",
                     polarity=-1 if change[1] < 0 and not taken else 1,
                     confidence=0.6, valid_from=turn.timestamp, speaker=turn.speaker.strip() or turn.role,
                     claim=said, evidence=said, reverses=change[0], reverse_polarity=change[1],
                     reverse_terms=change[2], successor=not used_to_dislike(clause),
                     notes=["a change in the user's own words"])


# sobriety said as a state of the speaker's ("I'm sober", "sober for two years", "I'm teetotal"): it keys what
# "I quit drinking" keys, so "started drinking again" ends it; read only in a clause that opens on "I"
_SOBER = re.compile(r"^(?:i'm|i\s+am|i've\s+been|i\s+have\s+been|i\s+stay(?:ed)?|i'm\s+staying)\s+"
                    r"(?:(?:still|now|completely|totally|fully|stone[-\s]cold)\s+)*(?:sober|teetotal|tee-total)\b",
                    re.IGNORECASE)


def drinking_key(clause: str, lang: str, qualifier: str) -> str:
    """The key of alcohol (``pref:alcohol`` + ``qualifier``) for an English clause that stops or takes up again
    "drinking" with no drink named ("I quit drinking", "I'm drinking again"), else "": the key the Chinese 戒酒 /
    又开始喝酒了 and the drink slot's "alcohol" are stored under, so a change said in either language ends it."""
    if lang != "en":
        return ""
    alcohol = lexicon().exact("alcohol", lang) or "alcohol"
    if _SOBER.search(clause):  # "I've been sober for two years": no drink, said as a state
        return f"pref:{alcohol}{qualifier}"
    stopped, resumed = cessation_scope(clause, lang), resumption_scope(clause, lang)
    if stopped == alcohol or bare_drinking(stopped, lang) or bare_drinking(resumed, lang):
        return f"pref:{alcohol}{qualifier}"
    return ""


_USED_TO = re.compile(r"\bused\s+to\b", re.IGNORECASE)
# a dislike that held once: "I used to hate coffee", "I used to not like jazz", "I used to be scared of dogs"
_USED_TO_DISLIKE = re.compile(r"\bused\s+to\s+(?:hate|dislike|detest|loathe|not\s+(?:like|stand|enjoy)|"
                              r"be\s+(?:scared|afraid|terrified)\s+of|be\s+(?:not\s+)?into)\s+(?P<x>.+)",
                              re.IGNORECASE)
_EN_CUT_DISLIKE = re.compile(r"[,;.!?]|\b(?:because|but|and|now|so)\b", re.IGNORECASE)


def used_to_dislike(clause: str) -> bool:
    """True for an English clause saying a dislike held once ("I used to hate coffee"): no current fact."""
    return _USED_TO_DISLIKE.search(clause) is not None
