"""A turn said again in other letter case, punctuation, width or emoji is read as it was first written (issue 13 §3).

"I just moved to Denver and I work at Ball Aerospace as a machinist" said again as "i just moved to denver and i
work at ball aerospace as a machinist!" is the same turn: its event shares the first one's key
(``extract.event_key`` ignores case, spacing, punctuation and emoji), so the event is a hit. Its statements,
read as written, are not: the rules read names by their capitals, so the lower-case saying loses the employer
and the place and falls back to a sentence-long statement that supersedes the occupation. ``as_first_said``
gives the pipeline the turn with the earlier wording when the user's active event with the same key holds it:
the same statements come out, and each is a hit. The earlier wording is taken when it differs only in what the
key ignores and has at least as many capitals (a name written "Denver" is kept over "denver"; a turn that adds
capitals keeps its own).
"""

from __future__ import annotations

import dataclasses
import re

from memory_core.model import Turn
from memory_core.pipeline.extract import event_key
from memory_core.store.lookup import KeyLookup
from memory_core.validation import MAX_TEXT_CHARS

__all__ = ["as_first_said", "earlier_wording"]

_LATIN = re.compile(r"[A-Za-z]")


def earlier_wording(text: str, earlier: str) -> str | None:
    """``earlier`` when it is ``text`` again in other case, punctuation, width or emoji and no poorer in capitals.

    Args:
        text: the new turn's text ("i work at ball aerospace!").
        earlier: an earlier turn's text with the same event key ("I work at Ball Aerospace").

    Returns:
        ``earlier``, or None when the two are the same text, when the keys differ, or when ``text`` has more
        capital letters than ``earlier`` (it is the better written of the two).
    """
    now, then = text.strip(), earlier.strip()
    if not then or now == then or event_key("", now) != event_key("", then):
        return None
    return then if _capitals(then) >= _capitals(now) else None


def as_first_said(turn: Turn, store: KeyLookup) -> Turn:
    """``turn`` with the wording of the user's earlier active event that says it again (module docstring).

    Only a user turn without an image caption, written in Latin letters with no capital at all ("i just moved
    to denver …", as people type on a phone): a turn with capitals is read as written, without the extra key
    read (the write path reads a store once per turn, ``tests/pipeline/test_pipeline_resolve.py``). The event's
    description is "<speaker>: <text>", and one cut at ``MAX_TEXT_CHARS`` is never taken for the whole text.

    Raises:
        StoreError: the store failed while reading.
    """
    text = turn.text.strip()
    if turn.role != "user" or not _LATIN.search(text) or _capitals(text) or (turn.meta or {}).get("image_caption"):
        return turn
    speaker = turn.speaker.strip() or turn.role
    key = event_key(speaker, f"{text}\0")
    prefix = f"{speaker}: "
    for item in store.find_by_keys(turn.user_id, [key]).get(key, ()):
        said = item.description
        if not said.startswith(prefix) or len(said) >= MAX_TEXT_CHARS:
            continue
        wording = earlier_wording(text, said[len(prefix):])
        if wording is not None:
            return dataclasses.replace(turn, text=wording)
    return turn


def _capitals(text: str) -> int:
    return sum(ch.isupper() for ch in text)
