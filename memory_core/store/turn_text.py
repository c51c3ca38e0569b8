"""A stored turn's text against a redelivered one, once the turn log holds it masked (``pipeline.sensitive_turns``).

Under ``GULFSTREAM_SENSITIVE_POLICY`` ``mask`` or ``drop`` a curated turn keeps its text masked and the
SHA-256 (hex) of what was said in ``meta[TEXT_SHA_META]``; the turn id stays the idempotency key, so the
turn log compares a redelivered turn's text with that hash (``same_turn_text``).
"""

from __future__ import annotations

import hashlib

from memory_core.model import Turn

__all__ = ["TEXT_SHA_META", "same_turn_text", "text_sha256"]

#: ``Turn.meta`` key of the SHA-256 (hex) of a masked turn's original text.
TEXT_SHA_META = "text_sha256"


def text_sha256(text: str) -> str:
    """The SHA-256 of ``text`` (UTF-8), in hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def same_turn_text(stored: Turn, text: str) -> bool:
    """True when ``text`` is what ``stored`` was given: its text, or, once masked, the text its hash is of."""
    sha = stored.meta.get(TEXT_SHA_META) if isinstance(stored.meta, dict) else None
    return text_sha256(text) == sha if sha else stored.text == text
