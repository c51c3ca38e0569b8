"""Whether a text stops mid-sentence: a turn cut at the length limit or sent before it was finished.

``clauses.split_clauses`` drops the last clause of such a text (``cut_at_end``) when it is the text's end
(``folded_tail``): "I live in" says nothing yet.
"""

from __future__ import annotations

import re

from memory_core.text.script import has_han
from memory_core.validation import MAX_TEXT_CHARS

__all__ = ["cut_at_end", "folded_tail"]


# the last word of a text cut mid-sentence: a word that needs what follows it
# (a region's code in capitals after a city, "Portland, OR", "Gary, IN", closes it; so does the end of a name
# written with an apostrophe, "Xi'an", "Tai'an", "Yan'an")
_EN_OPEN_END = re.compile(r"(?<!['’])\b(?!(?-i:OR|IN)\b)(?:the|a|an|my|our|your|their|is|are|was|were|called|named|"
                          r"and|or|but|"
                          r"because|than|of|from|at|in|to|with|into)\W*$|\b(?:i|we|my)\s+(?!(?:am|do|go|ok)\b)[a-z]{1,2}$",
                          re.IGNORECASE)
_ZH_OPEN_END = re.compile(r"(?:[是叫和跟从把被给往向]|住在|搬到|来自|位于|因为|但是|所以|而且|还有|以及)$")
_CLOSED = re.compile(r"[.!?。！？…~～)）\]】」』\"'”’\u2600-\u27bf\U0001f000-\U0001faff:;：；]\s*$")


def cut_at_end(text: str) -> bool:
    """True when ``text`` stops mid-clause: not closed by punctuation, and at the length limit or on a word that
    needs what follows it ("I live in", "我住在", a fragment such as "I li")."""
    text = text.rstrip()
    if not text or _CLOSED.search(text[-2:]):
        return False
    open_end = _ZH_OPEN_END if has_han(text[-1], compatibility=True) else _EN_OPEN_END
    return len(text) >= MAX_TEXT_CHARS - 1 or bool(open_end.search(text[-24:]))


def folded_tail(text: str) -> str:
    """The last three word characters of ``text``, case-folded (what a clause and the text it ends share)."""
    return re.sub(r"\W+", "", text.casefold())[-3:]
