"""Lasting values said of the user's household: a member's age, name or number (``data/circle_values.yaml``).

"大仔8岁，细仔5岁", "我们给娃儿取了小名叫糖糖", "my older son is 8", "we named her Chai", "we have two kids":
each says something that stays true of the people or animals the user lives with, often in a turn whose
curated item holds another clause ("我住在沙田" read as the home) or none at all. Maintenance keeps a raw turn
that is the only record of such a value (``only_record``); this module finds them.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["circle_values"]


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """``(family, pattern)`` of every family of ``data/circle_values.yaml``, ``%WHO%`` filled in (cached).

    Raises:
        yaml.YAMLError: the shipped file does not parse. re.error: an entry is no regular expression.
    """
    data = load_shipped("data", "circle_values.yaml")
    who = data["who"]
    words = {lang: "(?:" + "|".join(str(w).replace(" ", r"\s+")
                                     for w in sorted(who[lang], key=len, reverse=True)) + ")" for lang in ("en", "zh")}
    out = []
    for family, langs in data.items():
        if family == "who":
            continue
        for lang in ("en", "zh"):
            for entry in langs.get(lang, ()):
                out.append((family, re.compile(entry.replace("%WHO%", words[lang]), re.IGNORECASE)))
    return tuple(out)


@functools.lru_cache(maxsize=8192)
def circle_values(text: str) -> frozenset[str]:
    """The household values ``text`` (a turn's reading text: simplified, regional words in Mandarin) says.

    Returns:
        keys ``"value:<family>:<words said>"`` (family: age, name or count), e.g.
        ``{"value:age:大仔8岁", "value:age:细仔5岁"}``; empty for none. Never raises on the shipped data.
    """
    return frozenset(f"value:{family}:{' '.join(m.group(0).split()).casefold()}"
                     for family, pattern in _patterns() for m in pattern.finditer(text))
