"""Two clauses of one turn naming one object of an attribute in two ways are one statement.

An attribute may key several names as one object (``Attribute.key_objects``: an intolerance of
lactose, of milk or of cheese is ``fact:intolerance:dairy``). "我乳糖不耐受，喝牛奶就拉肚子" then
gives two candidates under one key; the deduper (``resolve.BatchDeduper``) keeps the later one, and the
named condition (乳糖) was lost. Here they are joined into the first, the later one's claim after it, when
both hold (positive polarity) and neither is a mention.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate

__all__ = ["joined_objects"]


@functools.cache
def _grouping() -> frozenset[str]:
    """The attribute ids that key several names as one object."""
    return frozenset(a.id for a in lexicon().attributes if a.key_objects)


def joined_objects(cands: Sequence[Candidate]) -> list[Candidate]:
    """Return ``cands`` with each later positive candidate under the key of an earlier one (of an attribute
    with ``key_objects``, the same speaker's) joined into the earlier one (module docstring); the rest
    unchanged, in order."""
    grouping = _grouping()
    first: dict[str, Candidate] = {}
    out: list[Candidate] = []
    for cand in cands:
        head, _, rest = cand.key.partition(":")
        attr = rest.split(":", 1)[0]
        if head != "fact" or attr not in grouping or cand.polarity <= 0 or cand.restate_only or cand.is_event:
            out.append(cand)
            continue
        held = first.get(cand.key)
        if held is None:
            first[cand.key] = cand
            out.append(cand)
            continue
        if cand.claim and cand.claim not in held.description:
            sep = "，" if held.lang == "zh" else "; "
            held.description = f"{held.description}{sep}{cand.claim}"
            held.claim = f"{held.claim}{sep}{cand.claim}"
    return out
