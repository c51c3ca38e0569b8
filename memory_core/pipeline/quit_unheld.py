"""A quit that names an employer the user does not work at ends nothing (issue 13, new-user trial 34).

"蜜雪冰城的兼职辞了", "quit Tencent last month", "quit the Starbucks gig" name the job by its employer, and the slot
rules read them as the end of ``fact:works_at`` with that value. The resolver then superseded whatever employer
was held, so a user at Google who says "quit the Starbucks gig" (a side job, or one never mentioned) lost Google.
When the user holds employers and the quit names one of them, that one ends as before; when it names none of
them, the statement is kept as what it says and the held job (and the occupation that goes with it) stands.

A quit with no employer named ("I quit my job", "辞职了") is not weighed here: it ends the job held; nor is a
quit whose turn names a held employer ("Big change: I quit Deloitte." said by a user at Deloitte, whose quit the
rules render with the wrong value): the turn says which job ends.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_core.model import MemoryItem
from memory_core.pipeline.org_names import names_of
from memory_core.pipeline.types import Candidate

__all__ = ["quit_value", "quits_unheld"]

_WORK_KEY = "fact:works_at"

# "the bank" and "a bank" are one employer ("the" only: "a startup" names a kind of employer)
_THE = re.compile(r"^the\s+", re.IGNORECASE)
# the value of a held ``works_at`` as rendered (en, en_with_job, zh, zh_with_job)
_HELD = (re.compile(r"\bworks\s+at\s+(?:the\s+|a\s+|an\s+)?(?P<v>.+?)(?:\s+as\s+.+)?\s*$", re.IGNORECASE),
         re.compile(r"在(?P<v>.+?)工作"))


def quit_value(cand: Candidate) -> str:
    """The employer a negative ``fact:works_at`` candidate names, casefolded ("" for a quit with none named).

    The value the slot cue read (``Candidate.value``), not its rendered claim read back: "no longer works at
    Starbucks" and "已从蜜雪冰城离职" were parsed for what the slot reader had in hand.

    Args:
        cand: a candidate; any other key or polarity gives "".
    """
    if cand.key != _WORK_KEY or cand.polarity >= 0:
        return ""
    return _THE.sub("", cand.value.strip()).casefold()


def _held_value(item: MemoryItem) -> str:
    for pattern in _HELD:
        m = pattern.search(item.description)
        if m:
            return m.group("v").strip().casefold()
    return ""


def _same_employer(quit: str, held: str) -> bool:
    """True when the two employers are one: the same text, one inside the other ("字节" / "字节跳动", "the bank" /
    "a bank"), or two names of one listed organisation ("鹅厂" / "Tencent")."""
    if not quit or not held:
        return True  # nothing to tell them apart by: the quit ends the job, as before
    if quit in held or held in quit:
        return True
    names = names_of(quit)
    return bool(names) and held in names


def quits_unheld(cand: Candidate, held: Sequence[MemoryItem], text: str = "") -> bool:
    """True when ``cand`` ends the user's job at an employer none of the ``held`` items names (module docstring).

    Args:
        cand: one candidate of the turn.
        held: the user's active items under ``cand.key`` (what the quit would supersede).
        text: the turn's text; a held employer named in it makes the quit that employer's.

    Returns:
        False for any candidate that is no named quit of ``works_at``, and when ``held`` is empty or names the
        quit's employer.
    """
    value = quit_value(cand)
    if not value or not held:
        return False
    said = text.casefold()
    return not any(_same_employer(value, name) or (name and name in said) for name in map(_held_value, held))
