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

from memory_core.pipeline.jest import is_hyperbole
from memory_core.shipped_yaml import load_shipped
from memory_core.text.script import has_han

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
        The text with each closing laughter word (and the spaces or comma before it) left out, except where the
        laughter makes its clause a joke or a boast (``jest.is_hyperbole``: "我是首富哈哈"); ``text`` itself when it
        holds none. Never raises on text.
    """
    return _pattern().sub(lambda m: _kept_if_joke(text, m), text)


_CLAUSE_START = re.compile(r"[,，。.!！?？;；\n][^,，。.!！?？;；\n]*$")


def _kept_if_joke(text: str, m: re.Match[str]) -> str:
    """"" for the laughter ``m``, or the laughter itself when it makes its clause a joke the rules must still see
    ("我是首富哈哈", "I'm a millionaire lol": ``jest.is_hyperbole``)."""
    before = text[:m.start()]
    opened = _CLAUSE_START.search(before)
    clause = text[opened.start() + 1 if opened else 0:m.end()]
    return m.group(0) if is_hyperbole(clause, "zh" if has_han(clause) else "en") else ""
