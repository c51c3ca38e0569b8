"""Lists of words from the shipped data as one regex alternation.

The lexicons in ``memory_core/data`` give cue words as plain strings; a pattern built from them must try the
longest first (so "put to sleep" wins over "put") and match a space in a phrase as any run of spaces. A part
``*`` of a phrase stands for any one word ("president of the * club").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["word_alternation"]


def word_alternation(words: Iterable[str]) -> str:
    """``words`` as one regex alternation (no group around it): each escaped, the longest first, a space inside a
    phrase matching any run of whitespace, a part ``*`` any one word (``\\w+``). ``["put down", "put"]`` →
    ``put\\s+down|put``; ``["human *"]`` → ``human\\s+\\w+``."""
    return "|".join(r"\s+".join(r"\w+" if part == "*" else re.escape(part) for part in str(w).split())
                    for w in sorted(words, key=lambda w: len(str(w)), reverse=True))
