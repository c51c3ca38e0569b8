"""A resumed statement said as taken up again ("用户又开始吃辣了", "User smokes again").

When a clause takes a thing up again (``cessation.resumption_scope``), the statements it makes say so in their
text (``said_again``): the item that ends the earlier negation reads as what the user said, not as the first
statement of the thing. A statement the clause makes before what it takes up again ("moved to London, started
having the odd beer again") is left as said (``_said_before``).
"""

from __future__ import annotations

import re

from memory_core.pipeline.types import Candidate

__all__ = ["said_again"]


def _said_before(claim: str, clause: str, lang: str, resumed: str) -> bool:
    """True when ``clause`` says ``claim`` before what it takes up again (``resumed``), and not after: in "moved
    to London, started having the odd beer again" or "我搬到上海了又开始喝咖啡了" the move is no return."""
    folded = clause.casefold()
    if lang == "zh":
        mark = _ZH_AGAIN_MARK.search(clause)
        start = mark.start() if mark else -1
        pieces = [claim[i:i + 2] for i in range(len(claim) - 1) if _HAN_PAIR.fullmatch(claim[i:i + 2])]
    else:
        start = folded.find(resumed.casefold())
        pieces = _WORD.findall(claim.casefold())
    if start <= 0:
        return False
    return any(p in folded[:start] for p in pieces) and not any(p in folded[start:] for p in pieces)


def said_again(cands: list[Candidate], subject: str, lang: str, clause: str, resumed: str) -> None:
    """Say in a resumed statement's text that it was taken up again ("用户又开始吃辣了", "User smokes again"): the
    item that ends the negation reads as what the user said, not as the first statement of the thing. A
    statement the clause makes before what it takes up again (``_said_before``) is left as said."""
    for cand in cands:
        said = cand.description
        if cand.polarity < 0 or cand.detail or not said.startswith(subject) \
                or _said_before(cand.claim, clause, lang, resumed):
            continue
        if lang == "zh" and "又" not in said and "重新" not in said:
            broken = "破戒了，" if "破戒" in clause else ""  # the user's own word for it: "破戒了，昨晚喝了几杯"
            cand.description = f"{subject}{broken}又开始{said[len(subject):].removesuffix('了')}了"
        elif lang == "en" and not _AGAIN.search(said):
            cand.description = f"{said} again"


_AGAIN = re.compile(r"\b(?:again|back\s+on)\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z][a-z'-]{2,}")
_HAN_PAIR = re.compile(r"[\u3400-\u9fff]{2}")
_ZH_AGAIN_MARK = re.compile(r"又|重新|恢复")
