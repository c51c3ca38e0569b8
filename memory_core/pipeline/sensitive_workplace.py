"""A hospital unit named as where someone works is no health value (``data/workplace_units.yaml``).

"I got a job at Sunnybrook! starting June 2, in the ICU" says where the user will work: the care rules read "in
the ICU" as a stay in intensive care and masked it as "[health]". A unit is a workplace when its sentence, or
the sentence before it, has a word of working there (a job, a shift, a rotation; 上班, 轮转, 值班) and its own
sentence no word of being cared for (admitted, surgery, visiting; 住进, 抢救, 探望): "was in the ICU for three
days after the surgery", "住进了ICU" stay health, and so does any condition (only a unit's words are read).
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["is_workplace"]

_SENTENCE_END = re.compile(r"[.!?。！？\n]+")


def _words(words: list[str], lang: str) -> str:
    alternation = "|".join(re.escape(str(w)).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))
    return rf"\b(?:{alternation})\b" if lang == "en" else f"(?:{alternation})"


@functools.lru_cache(maxsize=1)
def _classes() -> dict[str, re.Pattern[str]]:
    """``units``, ``work`` and ``patient`` of the data file, each one pattern over both languages (cached).

    Raises:
        yaml.YAMLError: the shipped file does not parse.
    """
    data = load_shipped("data", "workplace_units.yaml")
    return {name: re.compile("|".join(_words(lists[lang], lang) for lang in ("en", "zh") if lists.get(lang)),
                             re.IGNORECASE) for name, lists in data.items()}


def is_workplace(text: str, start: int, end: int) -> bool:
    """True when ``text[start:end]`` (a health finding) is a hospital unit said as a workplace (module docstring).

    The finding must name a unit and no patient word; its sentence and the one before must name work; its own
    sentence must name no patient word. Character offsets; never raises on the shipped data.
    """
    classes = _classes()
    value = text[start:end]
    if not classes["units"].search(value) or classes["patient"].search(value):
        return False
    bounds = [m.end() for m in _SENTENCE_END.finditer(text, 0, start)]
    own_start = bounds[-1] if bounds else 0
    before_start = bounds[-2] if len(bounds) > 1 else 0
    after = _SENTENCE_END.search(text, end)
    own = text[own_start:after.start() if after else len(text)]
    if classes["patient"].search(own):
        return False
    return bool(classes["work"].search(text[before_start:own_start]) or classes["work"].search(own))
