"""A stored turn's text against a redelivered one, once the turn log holds it masked (``pipeline.sensitive_turns``),
and the mark of a turn redelivered under a new id.

Under ``GULFSTREAM_SENSITIVE_POLICY`` ``mask`` or ``drop`` a curated turn keeps its text masked and the
SHA-256 (hex) of what was said in ``meta[TEXT_SHA_META]``; the turn id stays the idempotency key, so the
turn log compares a redelivered turn's text with that hash (``same_turn_text``).

A turn with the same user, session, role, time and text as a stored one but
a new turn id (a client that makes new ids on retry) is a redelivery too: the
turn log stores it, so its id has a status, with ``meta[DUPLICATE_META]``
naming the first copy's id; the curator applies nothing for it (no hit, no
supersede) and no session window shows it (``is_duplicate_turn``).
"""

from __future__ import annotations

import hashlib

from memory_core.model import Turn

__all__ = ["DUPLICATE_META", "TEXT_SHA_META", "is_duplicate_turn", "same_turn_text", "text_sha256"]

#: ``Turn.meta`` key of the SHA-256 (hex) of a masked turn's original text.
TEXT_SHA_META = "text_sha256"
#: ``Turn.meta`` key of a redelivered turn's first copy (its turn id), set by the turn log.
DUPLICATE_META = "duplicate_of"


def text_sha256(text: str) -> str:
    """The SHA-256 of ``text`` (UTF-8), in hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def same_turn_text(stored: Turn, text: str) -> bool:
    """True when ``text`` is what ``stored`` was given: its text, or, once masked, the text its hash is of."""
    sha = stored.meta.get(TEXT_SHA_META) if isinstance(stored.meta, dict) else None
    return text_sha256(text) == sha if sha else stored.text == text


def is_duplicate_turn(turn: Turn) -> bool:
    """True for a turn the log stored as a redelivery of an earlier one under a new id (``DUPLICATE_META``)."""
    return isinstance(turn.meta, dict) and isinstance(turn.meta.get(DUPLICATE_META), str)
