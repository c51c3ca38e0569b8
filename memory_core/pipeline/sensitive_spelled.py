"""Health values by their spellings, English and Chinese: conditions known by name, and a hidden value's other
names in the same text (seed 001 §8.12.2, §8.24.1; the README's "every read surface shows sensitive values masked").

Two rules on ``memory_core/data/health_terms.yaml``'s groups (one value each: its names in both languages and
its synonyms):

- ``conditions``: a condition named by one of its names is a health detail wherever it is said ("ENT says it's
  tinnitus", 我有腰椎间盘突出, 半月板损伤), the whole name one value (妊娠糖尿病, not 妊娠 and a masked 糖尿病);
  ``sensitive_detect`` drops it when a medium is about it (``sensitive_topic``).
- ``same_value``: once a health value is found, every other name of its group in the same text is the same
  value ("医生说我其实是对豚草过敏" also hides the "ragweed" said a clause earlier; "用户对花粉过敏；… grass pollen
  过敏" hides both), so a read surface never shows in one spelling what it masks in another.

English names match whole words, any case, with a plural s; Chinese names anywhere; the longest name wins.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from memory_core.pipeline.sensitive_gate import Gate, Words, word_set
from memory_core.shipped_yaml import load_shipped

__all__ = ["conditions", "same_value"]


def _pattern(names: Sequence[str]) -> re.Pattern[str]:
    en = [n for n in names if n.isascii()]
    zh = [n for n in names if not n.isascii()]
    alts = [r"(?<![A-Za-z])" + re.escape(n).replace(r"\ ", r"[\s-]+") + r"(?:e?s)?(?![A-Za-z])"
            for n in sorted(en, key=len, reverse=True)]
    alts += [re.escape(n) for n in sorted(zh, key=len, reverse=True)]
    return re.compile("|".join(alts), re.IGNORECASE)


@cache
def _groups() -> tuple[tuple[re.Pattern[str], ...], re.Pattern[str], Words]:
    """Each group's pattern (conditions first, then allergens), one pattern for every condition name, and the
    English words one of which a text must hold for a condition name to be there (``sensitive_gate``)."""
    raw = load_shipped("data", "health_terms.yaml")
    groups, condition_names = [], []
    for part in ("conditions", "allergens"):
        for group in raw[part]:
            names = [*group.get("en", ()), *group.get("zh", ())]
            groups.append(_pattern(names))
            if part == "conditions":
                condition_names += names
    needs = word_set(*(n.split()[0].split("'")[0] for n in condition_names if n.isascii()))
    return tuple(groups), _pattern(condition_names), needs


def conditions(text: str, gate: Gate) -> list[tuple[int, int]]:
    """The ``(start, end)`` spans of the known conditions ``text`` names ("tinnitus", 腰椎间盘突出, 妊娠糖尿病).

    Args:
        text: any text, full-width letters already read as ASCII.
        gate: ``Gate(text)``: the rule runs only on Chinese text or one holding a condition's English word.
    """
    _, names, needs = _groups()
    if not (gate.wide or gate.words(needs)):
        return []
    return [m.span() for m in names.finditer(text)]


def same_value(text: str, values: Sequence[tuple[int, int]], taken: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of the other names of the health values at ``values`` (each a value's own span, past its
    predicate: "花粉" of "对花粉过敏"), outside every span of ``taken`` (the findings already made).

    Args:
        text: the text the values were found in.
        values: the ``(start, end)`` of each health value found.
        taken: the ``(start, end)`` of every finding of the text.

    Returns:
        ``(start, end)`` spans, in text order; empty when no value is a name of a group.
    """
    out: list[tuple[int, int]] = []
    for pattern in _groups()[0]:
        if not any(pattern.search(text, s, e) for s, e in values):
            continue
        for m in pattern.finditer(text):
            s, e = m.span()
            if not any(a < e and s < b for a, b in [*taken, *out]):
                out.append((s, e))
    return sorted(out)
