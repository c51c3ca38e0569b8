"""A Latin word inside Chinese text is read whole: a capped value never ends inside it.

Chinese cues bound a value by a count of characters ("叫\\s*(?P<v>[^，,。\\s]{1,6})" in ``data/slots.yaml``): a
Chinese name is one to four characters, but bilingual speakers name pets, partners and colleagues in Latin
letters, and a longer word was cut at the cap ("领养了一只柯基，叫Biscuit" stored as "…叫Biscui", "叫Pudding" as
"…叫Puddin"). ``whole_word(text, start, end)`` gives the span a value ends on, carried to the end of the Latin
word (letters, digits, ``'`` and ``-`` inside it) when the value stops between two of its letters; a value
ending on a Chinese character or before a space or mark is kept as matched.
"""

from __future__ import annotations

import re

__all__ = ["whole_word"]

_LATIN = re.compile(r"[A-Za-z0-9]")
_REST = re.compile(r"[A-Za-z0-9]+(?:['-][A-Za-z0-9]+)*")


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
