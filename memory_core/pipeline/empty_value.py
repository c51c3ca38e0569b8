"""Slot values that name nothing: a light verb, a pronoun or a placeholder ("User's hobby is doing", from "started
doing zumba"; new-user trial 41, issue 13).

A slot pattern whose value part stops before the thing ("started (doing) <v>") can leave only the light verb as
the value. Such a value is no fact: ``empty_value`` says so, from ``data/empty_values.yaml``, and the slot reader
(``slots.read_clause``) reads no hit there.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["empty_value"]

_ARTICLES = {"en": r"(?:(?:a|an|the|my|some)\s+)?", "zh": ""}


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    data = load_shipped("data", "empty_values.yaml")
    return {lang: re.compile(rf"{_ARTICLES[lang]}(?:{'|'.join(re.escape(str(w)) for w in words)})[\s.!。！]*",
                             re.IGNORECASE)
            for lang, words in data.items()}


def empty_value(value: str, lang: str) -> bool:
    """True when ``value`` (a slot's value as read, "doing", "the thing", "那个") is only a word that names nothing.

    Args:
        value: the value text; lang: "en" or "zh" (any other language reads as English).
    """
    return bool(_patterns()["zh" if lang == "zh" else "en"].fullmatch(value.strip()))
