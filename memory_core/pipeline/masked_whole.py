"""Sobriety whose words mask to a placeholder is said as what it means, not "User [health]" (issue 13, W8).

"I'm sober" was kept as the own-words fact "User is sober", keyed ``gist:sober``. Every read surface masks
the health detail ("is sober") as its label (``shown``), so the owner's agent saw ``User [health]`` keyed
``gist:[health]``: a fact that says nothing to anyone who reads it. An own-words fact (``Kind.FACT`` keyed
``gist:``) whose content after its subject, masked (``sensitive_detect.mask``), holds no word beyond the
placeholders and a copula ("is", "has been", "是", "已经") says nothing readable. Sobriety is now keyed as the
alcohol preference (``clause_change.drinking_key``) and, when its words mask to nothing, said as what it means.
"""

from __future__ import annotations

import re

from memory_core.pipeline.sensitive_detect import mask
from memory_core.pipeline.types import Candidate

__all__ = ["unreadable_when_masked", "without_unreadable"]

_PLACEHOLDER = re.compile(r"\[[a-z_]+\]")
_COPULA = re.compile(
    r"(?i)\b(?:is|am|are|was|has|have|had|been|being|be|'s|now|still|also|too|very|so|really)\b"
    r"|是|有|已经|现在|还|也|一直|了|的|啦|呢"
)
_NOT_WORD = re.compile(r"[\W_]+")


def unreadable_when_masked(text: str) -> bool:
    """True when ``text`` (what a statement says after its subject: "is sober") masks to placeholders only.

    Args:
        text: the predicate of an own-words fact, any language. A text with no sensitive value is readable.
    """
    masked = mask(text)
    if masked == text or not _PLACEHOLDER.search(masked):
        return False
    rest = _COPULA.sub(" ", _PLACEHOLDER.sub(" ", masked))
    return not _NOT_WORD.sub("", rest)


def _own_predicate(cand: Candidate) -> str | None:
    """What the alcohol preference says after its subject ("User is sober" -> "is sober"); None for any other."""
    if not cand.key.startswith("pref:alcohol"):
        return None
    for subject in ("用户", "User", cand.speaker.strip()):
        if subject and cand.description.startswith(subject):
            return cand.description[len(subject) :].strip()
    return None


def without_unreadable(cands: list[Candidate]) -> list[Candidate]:
    """Return ``cands`` with the alcohol preference said as sobriety said as what it means.

    "I'm sober", keyed ``pref:alcohol`` by ``clause_change.drinking_key``, would read "User [health]" on every
    surface; it is said "User doesn't drink alcohol" / "用户不喝酒". Another own-words fact that masks to
    placeholders only ("User is pregnant") is kept as it is: dropping it would lose the fact.
    """
    for cand in cands:
        said = _own_predicate(cand)
        if said is not None and unreadable_when_masked(said):
            subject = cand.description[: len(cand.description) - len(said)].strip()
            cand.description = f"{subject}不喝酒" if cand.lang == "zh" else f"{subject} doesn't drink alcohol"
    return cands
