"""Likes of the examples a like names after its value, kept as likes of their own (``examples``).

"I love salty snacks, chips every night": beside "User loves salty snacks", "User loves chips (salty snacks)".
``example_likes`` reads them for a like the slot engine found (each read as the like's clause with the example in
the value's place); ``example_like`` makes one from a like the general rules found. The category stays in the
example's text, so the category's end ends it too.
"""

from __future__ import annotations

from dataclasses import replace

from memory_core.model import Turn
from memory_core.pipeline.examples import example_of, named_examples
from memory_core.pipeline.slot_candidate import slot_candidate
from memory_core.pipeline.slots import SlotHit, canon_object, read_clause
from memory_core.pipeline.types import Candidate

__all__ = ["example_like", "example_likes"]


def example_likes(turn: Turn, clause: str, lang: str, hits: list[SlotHit], subject: str,
                  qualifier: str) -> list[Candidate]:
    """The likes of the examples a like names after its value ("salty snacks, chips every night": "User
    loves chips"), each read as the like's clause with the example in the value's place (``examples``)."""
    out: list[Candidate] = []
    kind = "（{}）" if lang == "zh" else " ({})"
    for hit in hits:
        if not hit.attr.pref or hit.polarity <= 0 or hit.subject or hit.value not in clause:
            continue
        for example in named_examples(turn.text, hit.value, lang):
            said = read_clause(clause.replace(hit.value, example, 1), lang, subject, context=turn.text)
            for found in said.hits:
                if found.attr.pref and found.polarity > 0 and found.key != hit.key:
                    cand = slot_candidate(turn, found, lang, subject, qualifier)
                    cand.description += kind.format(example_of(hit.key))  # the category's end ends it too
                    out.append(cand)
    return out


def example_like(like: Candidate, value: str, example: str, lang: str, qualifier: str) -> Candidate:
    """A like of one example of ``like``'s value ("User loves chips (salty snacks)" beside "User loves salty
    snacks"): its category stays in its text, so the category's end ends it too."""
    kind = f"（{example_of(like.key)}）" if lang == "zh" else f" ({example_of(like.key)})"
    description = like.description.replace(value, example, 1) + kind
    claim = like.claim.replace(value, example, 1) + kind
    return replace(like, description=description, claim=claim, evidence=claim, notes=["an example the like names"],
                   key="pref:" + canon_object(example, lang) + qualifier)
