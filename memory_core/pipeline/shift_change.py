"""A move of shift ends the night or day work the user said with their workplace ("I work nights at a warehouse").

"I work nights at a warehouse" says the work and the shift in one breath; it is kept as the user's own words
(``gist:works_at``), not as a shift item, so that one turn does not answer twice (``shift_beside_job``). A later
"moved to days" or "switched to the day shift" is a ``fact:work_shift`` item of its own and left the night work
active beside it: two items saying opposite things. ``shift_gist_ended`` adds to the new shift's ``ends`` the
user's own-words statements that say the other shift, so the resolver supersedes them by it (history kept).

"moved to days" also reads as a move of home to a place called "days"; ``without_shift_as_home`` drops a home
whose value is only a shift word when the same turn states the shift.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.pipeline.types import Candidate

__all__ = ["shift_gist_ended", "without_shift_as_home"]

_NIGHT = re.compile(r"\b(?:nights|night\s*shifts?|overnights?|graveyard\s+shift)\b|夜班", re.IGNORECASE)
_DAY = re.compile(r"\b(?:days|day\s*shifts?)\b|白班|长白班", re.IGNORECASE)
_SHIFT_ONLY = re.compile(r"(?:the\s+)?(?:days|nights|day\s*shifts?|night\s*shifts?)", re.IGNORECASE)
_HOME = re.compile(r"\blives\s+in\s+(?P<v>.+)$|住在(?P<z>.+)$")
_NOT = re.compile(r"\b(?:no\s+longer|not|never|used\s+to)\b|不再|不上|以前", re.IGNORECASE)


def _whose(key: str) -> str:
    return key.partition("@")[2]


def shift_gist_ended(cands: list[Candidate], gists: Callable[[], list[tuple[str, str, str]]]) -> None:
    """Add to a new shift's ``ends`` the keys of the same person's own-words work statements that say the other
    shift ("User works nights at a warehouse" for "User works day shifts"); changes ``cands`` in place.

    Args:
        cands: the turn's candidates.
        gists: gives the user's active ``gist:`` rows as ``(id, key, description)``; called only for a turn that
            states a shift (one light read).
    """
    shifts = [c for c in cands if c.key.split("@", 1)[0] == "fact:work_shift" and c.polarity > 0 and not c.is_event]
    if not shifts:
        return
    rows = gists()
    for cand in shifts:
        other = _NIGHT if _DAY.search(cand.description) and not _NIGHT.search(cand.description) else \
            _DAY if _NIGHT.search(cand.description) and not _DAY.search(cand.description) else None
        if other is None:
            continue
        ended = [key for _, key, description in rows
                 if key.split("@", 1)[0] == "gist:works_at" and _whose(key) == _whose(cand.key)
                 and other.search(description) and not _NOT.search(description)]
        cand.ends = tuple(dict.fromkeys((*cand.ends, *ended)))


def without_shift_as_home(cands: list[Candidate]) -> list[Candidate]:
    """``cands`` without a ``fact:lives_in`` candidate whose place is only a shift word ("User lives in days" of
    "moved to days") when the turn states the same person's shift; unchanged otherwise."""
    shifts = {_whose(c.key) for c in cands if c.key.split("@", 1)[0] == "fact:work_shift"}
    if not shifts:
        return cands

    def shift_home(c: Candidate) -> bool:
        m = _HOME.search(c.description) if c.key.split("@", 1)[0] == "fact:lives_in" else None
        place = (m.group("v") or m.group("z") or "").strip(" .") if m else ""
        return bool(place) and _whose(c.key) in shifts and bool(_SHIFT_ONLY.fullmatch(place))

    return [c for c in cands if not shift_home(c)]
