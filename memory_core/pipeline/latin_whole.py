"""A Latin word inside Chinese text is read whole: a capped value never ends inside it.

Chinese cues bound a value by a count of characters ("叫\\s*(?P<v>[^，,。\\s]{1,6})" in ``data/slots.yaml``): a
Chinese name is one to four characters, but bilingual speakers name pets, partners and colleagues in Latin
letters, and a longer word was cut at the cap ("领养了一只柯基，叫Biscuit" stored as "…叫Biscui", "叫Pudding" as
"…叫Puddin"). ``whole_word(text, start, end)`` gives the span a value ends on, carried to the end of the Latin
word (letters, digits, ``'`` and ``-`` inside it) when the value stops between two of its letters; a value
ending on a Chinese character or before a space or mark is kept as matched.

A name is read whole the same way across spaces: English cues take a name as one capitalised word
("my wife (?P<v>[A-Z][a-z]+)"), but many given names are two ("Mei Ling", "Jun Wei", "Anne Marie", "John Paul"), and
"my wife Mei Ling" was stored as "User's wife is Mei". ``whole_name`` carries a name on over the capitalised words
that follow it with nothing but a space between (at most ``NAME_WORDS`` words in all), as the readers of another
person's facts already keep "my sister Anne Marie" whole.
"""

from __future__ import annotations

import re

__all__ = ["NAME_WORDS", "whole_name", "whole_word"]

#: The most words a name read whole holds ("Mary Anne Lee").
NAME_WORDS = 3

_LATIN = re.compile(r"[A-Za-z0-9]")
_REST = re.compile(r"[A-Za-z0-9]+(?:['-][A-Za-z0-9]+)*")
# a capitalised word ending a value, and one more right after it: a capital then lower-case letters ("Ling"; never
# "I", "I'm", an acronym or a number)
_NAME_END = re.compile(r"(?<![A-Za-z])[A-Z][a-z]+(?:['-][A-Za-z]+)*$")
_NAME_NEXT = re.compile(r" (?P<w>[A-Z][a-z]+(?:-[A-Za-z]+)*)(?![\w'-])")


def whole_word(text: str, start: int, end: int) -> str:
    """``text[start:end]``, carried on to the end of the Latin word it stops inside of.

    ``start``/``end`` are the bounds of a regex group in ``text`` (character offsets). The value is carried
    on only when its last character and the next one of ``text`` are both Latin letters or digits.
    """
    value = text[start:end]
    if not value or end >= len(text) or not (_LATIN.match(value[-1]) and _LATIN.match(text[end])):
        return value
    rest = _REST.match(text, end)
    return value + rest.group(0) if rest else value


def whole_name(text: str, start: int, end: int) -> str:
    """``text[start:end]``, a name, carried on over the capitalised words that follow it ("Mei" in "my wife Mei Ling
    and my son" -> "Mei Ling").

    ``start``/``end`` are the bounds of a regex group in ``text`` (character offsets). Only a value whose last word
    is capitalised ("Mei") is carried on, one space at a time, over words of a capital and lower-case letters, up to
    ``NAME_WORDS`` words in all; "Mei and I", "Mei, who", "Mei I think" stay "Mei".
    """
    value = text[start:end]
    if not _NAME_END.search(value):
        return value
    words = len(value.split())
    while words < NAME_WORDS and (m := _NAME_NEXT.match(text, end)) is not None:
        value += " " + m.group("w")
        end = m.end()
        words += 1
    return value
