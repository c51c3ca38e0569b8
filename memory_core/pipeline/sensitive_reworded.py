"""A health value an item says in other words than the turn did (seed 001 §8.12.2, §8.24.1).

``SensitiveGuard`` writes a sensitive value only in the user's own words; a health value is a statement,
not a secret string, so a third-person rewrite of it ("Bo takes metformin" from "I take metformin",
"User is allergic to milk" from "I have a milk allergy") still counts as the user's words when it
says nothing the turn did not. A correction keeps the kind of the value it puts right ("actually I meant
cashews, not peanuts" makes "User is allergic to cashews" of "User is allergic to peanuts"): ``put_right``.
"""

from __future__ import annotations

from collections.abc import Sequence

from memory_core.pipeline.correction import read_correction
from memory_core.pipeline.sensitive_detect import Finding
from memory_core.text.tokenize import tokenize

__all__ = ["put_right", "restated"]


#: Categories whose value an item may say in other words than the turn (a statement, not a secret string).
_REWORDED = frozenset({"health"})
#: Verbs of taking or having, which a third-person rewrite changes ("take" -> "takes", 吃 -> 在服用).
_TAKE_WORDS = frozenset({"take", "takes", "took", "taking", "on", "have", "has", "服用", "在", "吃", "用", "有", "患"})
#: Words of when a dose is taken, which a dose's value runs on to ("Euthyrox 75 mcg every"): an item whose dose
#: a turn changed ("doc upped my Euthyrox to 75 mcg") keeps the schedule it held, no value of the turn's.
#: As ``tokenize`` gives them ("every" -> "everi").
_SCHEDULE_WORDS = frozenset(tokenize("every daily nightly once twice a day morning mornings evening evenings night"))


def restated(finding: Finding, said: Sequence[Finding], own: str = "") -> bool:
    """True when a health ``finding`` of an item says again what a finding of the turn said in the user's words:
    the item's value and one of the turn's share every word but the verbs of taking ("Bo takes metformin" from
    "I take metformin every morning"; "Bo在服用二甲双胍" from "我每天早上吃二甲双胍"). Secrets and codes must match
    the turn's text exactly; a drug the turn names outside a finding of its own is the user's word too ("Bo
    takes atorvastatin" from "I switched from metformin to atorvastatin")."""
    if finding.category not in _REWORDED:
        return False
    words = {w for w in tokenize(finding.value) if w not in _TAKE_WORDS and w not in _SCHEDULE_WORDS}
    return bool(words) and (_all_said(words, set(tokenize(own))) or any(
        f.category == finding.category and _all_said(words, set(tokenize(f.value))) for f in said))


def _all_said(words: set[str], said: set[str]) -> bool:
    """True when every word is said, one word's other form counting ("allergic" / "allergy": stems of
    ``_STEM_SHARED`` letters or more, one the other's start)."""
    return all(w in said or (len(w) >= _STEM_SHARED and any(
        len(s) >= _STEM_SHARED and (s.startswith(w) or w.startswith(s)) for s in said)) for w in words)


#: The shortest stem two forms of one word share ("allerg" of "allergic" and "allergy"; "diabet").
_STEM_SHARED = 6


#: The words naming the kind of a health value (as ``tokenize`` gives them) that a correction keeps from the item
#: it puts right without saying them again: an allergy, an intolerance.
_KIND_KEPT = frozenset({"allerg", "allergi", "过敏", "intoler", "耐受"})


def put_right(finding: Finding, own: str, text: str) -> bool:
    """True when a health ``finding`` of the item ``text`` is a value the user's turn ``own`` puts right: the turn
    corrects one value by another (``correction.read_correction``: "actually I meant cashews, not peanuts",
    不对，我是说腰果，不是花生), ``text`` names the right one, and the finding says no other word than it and the
    kind of value (``_KIND_KEPT``: "allergic to cashews", 过敏). The kind was said in the user's own words by the
    item the correction ends; the turn need not say it again."""
    if finding.category not in _REWORDED:
        return False
    pair = read_correction(own)
    if pair is None or pair[0].casefold() not in text.casefold():
        return False
    new = set(tokenize(pair[0]))
    return bool(new) and set(tokenize(finding.value)) - new <= _KIND_KEPT
