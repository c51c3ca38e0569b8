"""A value left and a new one taken in one turn: the left value is the new one's history (issue 13).

"not at Deloitte anymore!! started at Shopify", "我从美团离职了，下周一去京东报到", "Moved out of Oakland, I'm in
Berkeley now", "I'm no longer a teacher, I work as a nurse now": the turn reads as two statements of one
single-valued slot, the value left (a negative statement) and the value taken (a positive one). One value at a
time: the later statement wins the slot, and the value left was dropped, so when the user's memory never held it
the new item had no history of what it replaced. Here the left value is kept aside as the value held before the
change (``Candidate.held_before``): ``then_value.held_before_ops`` stores it as an item superseded by the new
value's, the way "I lived in Berlin, then moved to Munich" is stored. When an active item already states the left
value, the new value ends that item itself and nothing is added.

The left value is said in the words of the value taken ("User works at Shopify" -> "User works at Deloitte",
"用户在京东工作" -> "用户在美团工作"): the slot's statement is one sentence whose value changes, whatever the verb
of leaving was. A value denied without a change ("I'm not vegan", ``plain_negation``), one the user says held
once (``past_only``) and a leave naming the value taken ("joined Grab, quit Grab a week later") stay as they were.

The idea is the slot filling of a template: one attribute, one value at a time, the old filler kept with its end
(Fillmore's frames; seed 003's canonical slot key).
"""

from __future__ import annotations

import dataclasses

from memory_core.pipeline.types import Candidate

__all__ = ["left_kept"]


def _says(cand: Candidate) -> bool:
    """True when ``cand`` states a value of a single-valued slot that its description names as said."""
    return bool(cand.key) and cand.single_valued and not cand.is_event and bool(cand.value.strip()) \
        and cand.value in cand.description and not cand.detail


def _differ(a: str, b: str) -> bool:
    """True when neither value contains the other (casefold): "Google" and "Google Cloud" are no change."""
    x, y = a.strip().casefold(), b.strip().casefold()
    return x not in y and y not in x


def left_kept(cands: list[Candidate]) -> list[Candidate]:
    """``cands`` with each value a turn says it left, beside a new value of the same slot, kept as its history.

    Args:
        cands: one turn's candidates, in order (after ``job_event.leave_before_start``).

    Returns:
        A new list. For each key with a positive statement and a negative one (a change: not ``plain_negation``,
        not ``past_only``) of single-valued slot values that differ, the negative candidate is replaced by a
        positive one of its value in the words of the value taken, marked ``held_before`` (its key kept there,
        ``key`` emptied so no stage takes it for the slot's value) and valid until the new value's start. Other
        candidates are unchanged and keep their order.
    """
    out: list[Candidate] = []
    for cand in cands:
        taken = next((c for c in cands if c.key == cand.key and c.polarity > 0 and _says(c)), None) \
            if cand.polarity < 0 and _says(cand) and not (cand.plain_negation or cand.past_only) else None
        if taken is None or not _differ(cand.value, taken.value):
            out.append(cand)
            continue
        held = dataclasses.replace(
            taken, description=taken.description.replace(taken.value, cand.value),
            claim=taken.claim.replace(taken.value, cand.value), value=cand.value,
            aliases=cand.aliases or (cand.value.casefold(),), ends=(), probes=(), key="", held_before=taken.key,
            valid_until=taken.valid_from, notes=[*cand.notes])
        held.notes.append(f"said left for: {taken.claim}")
        out.append(held)
    return out
