"""A reaction emoji after a statement is no part of it: "I'm Lin 👋 nice to meet you" is stored "User is Lin".

``plain_text.reading_text`` keeps a reaction inside a clause (the rules pass over it there), so a clause said in
the user's own words may end on one once split ("I'm Marco 🙂", "my name's Ana 😄"); ``third_person`` cuts it
with ``without_reaction_tail``: the reactions (faces, hands, hearts, 🎉 ✨: every emoji but one of a thing, which
may be the value itself, "I love 🍣") and the spaces between them, off the end of the text.
"""

from __future__ import annotations

import re

from memory_core.pipeline.plain_text import EMOJI_MEANINGS

__all__ = ["without_reaction_tail"]

_EMOJI = "\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF"
_GLUE = "\u200d\ufe0e\ufe0f\U0001F3FB-\U0001F3FF"
_TAIL = re.compile(rf"(?:\s*[{_EMOJI}][{_GLUE}]*)+\s*$")
_ONE = re.compile(rf"[{_EMOJI}][{_GLUE}]*")
# a word wanting a complement, after which the emoji is the predicate ("the camera is 🔥", "这家店太🔥了")
_WANTS_COMPLEMENT = re.compile(r"(?:\b(?:is|are|am|was|were|be|been|so|too|very|looks?|feels?|seems?|'s|'re)|"
                               r"[是太很好真超巨贼挺])\s*$", re.IGNORECASE)


def without_reaction_tail(value: str) -> str:
    """``value`` without the reaction emoji closing it ("Lin 👋" -> "Lin"); ``value`` as it is when it ends on no
    emoji, on an emoji of a thing ("🍣", which ``EMOJI_MEANINGS`` reads), on one that is the predicate ("is 🔥"),
    or is emoji alone."""
    m = _TAIL.search(value)
    if m is None or m.start() == 0 or _WANTS_COMPLEMENT.search(value[:m.start()]):
        return value
    if any(e.group()[0] in EMOJI_MEANINGS for e in _ONE.finditer(m.group())):
        return value
    return value[:m.start()].rstrip()
