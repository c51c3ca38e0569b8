"""Laughter closing a clause is a reaction, not part of what was said: "gave up on keto lol", "搬到成都了哈哈".

A closing 😂 is already left out of the text the rules read (``plain_text``); its typed forms ("lol", "haha",
"lmao", "哈哈哈") were read as words of the clause, so a value cue that ends at the clause's end or at a known
word missed it ("Gave up on keto lol, eating rice again" left the keto diet active). The words are data
(``data/closing_laughter.yaml``); each matches with its letters repeated ("hahaha", "lmaooo"). Only at the
end of a clause, after a word: an opening "lol," and a clause of laughter alone are left as written.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["without_closing_laughter"]

_END = r"(?=[!.~～…]*\s*(?:[,，。.!！?？;；\n]|$))"


def _stretched(word: str) -> str:
    """A pattern for ``word`` with each letter repeatable and its letters trailing ("haha" -> "hahaha")."""
    letters = "".join(sorted(set(word)))
    return "".join(re.escape(c) + "+" for c in word) + f"[{re.escape(letters)}]*"


@functools.lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    """Laughter words closing a clause, with the spaces or comma before them."""
    data = load_shipped("data", "closing_laughter.yaml")
    en = "|".join(_stretched(str(w)) for w in sorted(data["words"], key=len, reverse=True))
    zh = "|".join(re.escape(str(w)) + f"[{re.escape(str(w))}]*" for w in data["zh"])
    laughing = re.escape("".join(sorted({c for w in data["zh"] for c in str(w)})))
    return re.compile(rf"(?:(?<=[^\s,])[\s,]+(?i:\b(?:{en})\b)|(?<=[\u4e00-\u9fff])(?<![{laughing}])"
                      rf"(?:[\s,，]*(?:{zh})))" + _END)


def without_closing_laughter(text: str) -> str:
    """``text`` without laughter words that close a clause (module docstring).

    Args:
        text: a turn's reading text, any language.

    Returns:
        The text with each closing laughter word (and the spaces or comma before it) left out; ``text`` itself
        when it holds none. Never raises on text.
    """
    return _pattern().sub("", text)
