"""A switch to another pastime ends the routine of the one it replaces (issue 13, new-user trials).

"I run every morning" then "Switched to cycling", "我每天早上跑步" then "改骑车了": the switch is a hobby taken up
in place of another (``data/slots.yaml`` hobby, ``switches: true``), which ends the user's other hobbies; the
running said as a routine ("User's routine: run every morning") or in the user's own words ("User goes running
every morning") is no hobby item and stayed active beside the new one. ``replaced_routines`` gives the keys of
those statements: a routine or own-words statement naming another member of a kind of pastime the new one is
a member of (``data/categories.yaml`` entries marked ``switched: true``: sports, exercise, martial arts,
instruments). Only when a single statement names one (the switch says which was given up); a statement
naming several, or two statements, are left alone, as a switch of provider does (``switch.ONE_HELD``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from memory_core.pipeline.held_change import own_key
from memory_core.pipeline.switch import holds
from memory_core.shipped_yaml import load_shipped
from memory_core.text.tokenize import tokenize

__all__ = ["HELD_PREFIXES", "other_kind", "pastime_kinds", "replaced_routines"]

#: The statements a pastime may be held in besides the hobby slot: a routine, the user's own words.
HELD_PREFIXES = ("fact:routine:", "gist:")


@functools.lru_cache(maxsize=1)
def pastime_kinds() -> tuple[tuple[str, ...], ...]:
    """The members of each kind of pastime one switches between (``switched: true`` in data/categories.yaml),
    with the English word stems too ("running" and "run": a routine says "I run every morning")."""
    out = []
    for entry in load_shipped("data", "categories.yaml"):
        if isinstance(entry, dict) and entry.get("switched"):
            words = [str(m) for m in entry.get("members", ())]
            stems = [s for w in words if w.isascii() and " " not in w for s in tokenize(w) if len(s) > 2]
            out.append(tuple(dict.fromkeys([*words, *stems])))
    return tuple(out)


def replaced_routines(new: str, rows: Iterable[tuple[str, str, str]], qualifier: str) -> list[str]:
    """Keys of the user's routine or own-words statement of the pastime a switch to ``new`` replaces.

    Args:
        new: the pastime switched to, as its hobby key's object ("cycling", "游泳").
        rows: ``(id, key, description)`` of the user's active statements (``HELD_PREFIXES``).
        qualifier: the speaker's key suffix ("@mia"), "" for the user.

    Returns:
        The one key whose statement names another member of a kind ``new`` is a member of, or [] (none, or
        several: the switch names none of them).
    """
    others = {m for kind in pastime_kinds() if any(holds(new, m) or holds(m, new) for m in kind)
              for m in kind if not (holds(new, m) or holds(m, new))}
    if not others:
        return []
    found = [key for _, key, description in rows
             if key.startswith(HELD_PREFIXES) and own_key(key, qualifier)
             and "/" not in key and any(holds(description, m) for m in others)]
    return found if len(found) == 1 else []


def other_kind(new: str, old: str) -> bool:
    """True when ``new`` and ``old`` are both members of kinds of pastime and share none ("swimming" and "piano"):
    a switch to the one ("switched to swimming") replaces no hobby of the other kind."""
    def kinds(word: str) -> set[int]:
        return {n for n, kind in enumerate(pastime_kinds()) if any(holds(word, m) or holds(m, word) for m in kind)}
    of_new, of_old = kinds(new), kinds(old)
    return bool(of_new and of_old and not of_new & of_old)
