"""Names of one relation across English and Chinese ("daughter" = "女儿"), for whose-fact reranking.

The groups are data, ``memory_core/data/relations.yaml``. A slot key names
another person by the word the user said (``fact:daughter/hobby…``,
``fact:女儿/…``); a question in the other language names the same person
with another word, and ``names_relation`` takes that into account.
"""

from __future__ import annotations

import re
from functools import cache

from memory_core.shipped_yaml import load_shipped

__all__ = ["names_relation", "relation_names"]


@cache
def _groups() -> dict[str, tuple[str, ...]]:
    """Each relation name (casefolded, "_" for spaces as in keys) -> every name of its group."""
    raw = load_shipped("data", "relations.yaml")
    out: dict[str, tuple[str, ...]] = {}
    for group in raw["relations"]:
        names = tuple(str(n).casefold() for n in group)
        for name in names:
            out[name.replace(" ", "_")] = names
    return out


def relation_names(subject: str) -> tuple[str, ...]:
    """Every name of ``subject``'s relation (itself first when unknown): "daughter" -> ("daughter", "女儿", "闺女")."""
    word = subject.casefold()
    return _groups().get(word, (word.replace("_", " "),))


def names_relation(folded_query: str, subject: str) -> bool:
    """True when the casefolded query names the relation ``subject`` in either language.

    English names match at a word start ("wife", "wife's", "sisters"); Chinese ones anywhere.
    """
    for word in relation_names(subject):
        if word.isascii():
            if re.search(rf"(?<![a-z]){re.escape(word)}", folded_query):
                return True
        elif word in folded_query:
            return True
    return False
