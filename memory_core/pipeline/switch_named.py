"""What a switch to a new value names as the value it replaces (issue 13: a change ends only the thing it is about).

A value taken up with a switch word ("Took up woodworking instead", "改打网球", "改学 Korean") replaces the user's
other values of its attribute (``slot_lexicon.Attribute.switches``) when it names none. When its own clause before
the switch word, the clause before it, or any piece of the turn before the switch word says a stop ("Gave up fly
fishing for now. Took up woodworking in the garage instead.", "不打羽毛球了，改打网球", "日语放弃了，改学 Korean"),
the switch replaces that thing only: volunteering at the food bank, said before, still holds. ``replaced_named``
returns the objects such a stop names, as the slot keys spell them (``cessation.ended_keys``); the write pipeline
ends only the values under those objects.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.cessation import cessation_scope, ended_keys
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.shipped_yaml import load_shipped

__all__ = ["replaced_named"]


@functools.lru_cache(maxsize=1)
def _plain_stops() -> dict[str, tuple[re.Pattern[str], ...]]:
    """The stop patterns of ``data/switch_named.yaml`` by language."""
    raw = load_shipped("data", "switch_named.yaml") or {}
    return {lang: tuple(re.compile(str(p), re.IGNORECASE) for p in raw.get(lang) or ()) for lang in ("en", "zh")}


def _stopped(text: str, lang: str) -> list[str]:
    """The words of each thing ``text`` says is stopped: a cessation's scope, else a plain stop's object."""
    if not text.strip():
        return []
    said = [scope] if (scope := cessation_scope(text, lang)) else []
    said += [m.group("x") for p in _plain_stops()[lang] for m in p.finditer(text)]
    return said


#: a break between the pieces of a turn: each piece said before the switch word is read for a stop of its own
_PIECE = re.compile(r"[.!?。！？；;，,\n]+")


def replaced_named(clause: str, before: str, lang: str, turn: str = "") -> frozenset[str]:
    """The key objects of what a switch in ``clause`` replaces, as said in it or in ``before``; empty when none.

    Args:
        clause: the clause holding the switch word ("Took up woodworking in the garage instead").
        before: the clause said before it in the turn ("Gave up fly fishing for now"), "" when none; a clause in
            another language counts too (the caller passes it only from the same turn).
        lang: "en" or "zh", the language of ``clause``.
        turn: the turn's text: each piece of it said before the switch word is read too, as the clause splitter
            may have left a stop out of the clause ("不打羽毛球了，改打网球" reads as "我改打网球") and a reason may
            stand between the stop and the switch ("Stopped singing in the choir, my voice needed a break. Picked
            up rock climbing instead.").

    Returns:
        The objects of the slot keys the stop ends ("fishing", "fly fishing", "badminton", "羽毛球", …), so a key
        ``fact:hobby:fishing`` is replaced and ``fact:hobby:volunteering`` is not; an empty set when the clause says no
        switch or no stop is named (the switch then replaces the attribute's other values, as before).
    """
    marker = lexicon().markers[lang]["switch"].search(clause.casefold())
    if marker is None:
        return frozenset()
    said = _stopped(clause[:marker.start()], lang) + _stopped(before, lang)
    at = lexicon().markers[lang]["switch"].search(turn.casefold())
    if at is not None:  # "Stopped singing in the choir, my voice needed a break. Picked up climbing instead."
        for piece in _PIECE.split(turn[:at.start()]):
            said += _stopped(piece, lang)
    return frozenset(key.rpartition(":")[2] for scope in said for key in ended_keys(scope, lang, "")
                     if not key.startswith("gist:"))
