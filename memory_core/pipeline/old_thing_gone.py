"""An old thing's end said in passing is no fact about the user: "My old iPhone 12 finally gave up", "旧手机终于坏了".

Said beside the new thing ("Got a new phone, a Pixel 9. My old iPhone 12 finally gave up."), the clause was read
in the user's own words and stored as a lasting statement ("User's old iPhone 12 finally gave up") that answered
"what phone does he use?" beside the new one. What it says is why the thing was replaced: the turn's event keeps
it, and the new thing is the fact. ``without_old_thing_gone`` drops such own-words statements: an *old* (旧, 老
before a device word) thing said to have died, broken or given up.
"""

from __future__ import annotations

import re

from memory_core.pipeline.types import Candidate

__all__ = ["old_thing_gone", "without_old_thing_gone"]

_EN = re.compile(
    r"\bold\s+(?:[\w'-]+\s+){0,3}?(?:(?:has\s+)?(?:finally|just|officially|completely|totally)\s+)?"
    r"(?:gave\s+up|given\s+up|died|has\s+died|broke(?:\s+down)?|is\s+(?:dead|broken|toast|done)|"
    r"stopped\s+working|kicked\s+the\s+bucket|bit\s+the\s+dust|conked\s+out|packed\s+(?:it\s+)?in|gave\s+out)\b",
    re.IGNORECASE,
)
_ZH = re.compile(
    r"(?:旧|老(?=手机|电脑|笔记本|车|平板|iPhone|iphone))[^，,。！!？?]{0,10}?(?:终于|彻底|还是|又|已经)?"
    r"(?:坏了|坏掉了|挂了|罢工了|报废了|寿终正寝|不行了|开不了机了?|用不了了|歇菜了|没救了)"
)


def old_thing_gone(text: str) -> bool:
    """True when ``text`` says an old thing of the user's died, broke or gave up ("my old laptop died",
    "旧电脑彻底罢工了"); a question never does."""
    if re.search(r"[?？]", text):
        return False
    return bool(_EN.search(text) or _ZH.search(text))


def without_old_thing_gone(cands: list[Candidate]) -> list[Candidate]:
    """``cands`` without the own-words statements (``gist:`` keys) that say an old thing's end.

    Args:
        cands: the turn's candidates; events and slot statements (the new thing, an ended one) stay.
    """
    return [c for c in cands if not (c.key.startswith("gist:") and old_thing_gone(c.description))]
