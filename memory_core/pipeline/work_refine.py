"""A place of work said again with more of its name is a refinement, not a new employer.

"我在 ICU 当护士" and later "我是瑞金医院 ICU 的"; "I work at Google" and later "I'm at Google Zurich, in the
Maps team" (read as "Google Zurich"): the second value holds the first one whole, so it says more about the same
place of work, not that the user left it. Superseding the first item would drop what only it said (the job:
"做护士", "as a nurse"). ``refined_workplace`` finds the item the longer value refines, and the resolver revises
that item with the longer value put in the old one's place ("用户在瑞金医院 ICU工作，做护士"); its history keeps
the old text (README "Memory items": an added detail revises).
A change said with a verb of changing ("跳槽到", "joined", "moved to") is a change as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memory_core.model import MemoryItem
from memory_core.pipeline.types import Candidate

__all__ = ["refined_workplace"]

#: the value of an employer's item as rendered (``slots.yaml``, works_at: "{s} works at {v}", "{s}在{v}工作")
_EN_AT = re.compile(r"\bworks\s+at\s+(?P<v>.+?)(?=\s+as\s+|[,;.]|$)")
_ZH_AT = re.compile(r"在(?P<v>[^，,。；;]+?)工作")
_CHANGE = re.compile(r"\b(?:joined|joining|moved|moving|switched|new\s+job|hired|started|starting|left|quit)\b|"
                     r"跳槽|入职|换|新公司|新工作|离职|辞职|调到|去了", re.IGNORECASE)
_FOLD = re.compile(r"[\s'’.]+")


def _value(description: str) -> str:
    m = _ZH_AT.search(description) or _EN_AT.search(description)
    return m.group("v").strip() if m else ""


def refined_workplace(cand: Candidate, turn_text: str, olds: Iterable[MemoryItem]) -> tuple[MemoryItem, str] | None:
    """(the user's current employer item that ``cand``'s value refines, that item's text with the longer value),
    or None.

    Args:
        cand: a positive candidate; only the user's own ``fact:works_at`` is refined.
        turn_text: the turn (a verb of changing jobs makes it a change, not a refinement).
        olds: the user's active items under the key that ``cand`` does not restate.

    ("用户在ICU工作，做护士", "用户在瑞金医院 ICU工作") -> "用户在瑞金医院 ICU工作，做护士";
    ("User works at Google as an engineer", "User works at Google Zurich") -> "User works at Google Zurich as an
    engineer".
    """
    if not cand.key.startswith("fact:works_at") or "/" in cand.key or cand.polarity < 0 or cand.detail \
            or _CHANGE.search(turn_text):
        return None
    new = _value(cand.description)
    folded_new = _FOLD.sub("", new).casefold()
    for old in olds:
        was = _value(old.description)
        folded_old = _FOLD.sub("", was).casefold()
        if len(folded_old) >= 2 and folded_old != folded_new and folded_old in folded_new:
            return old, old.description.replace(was, new, 1)
    return None
