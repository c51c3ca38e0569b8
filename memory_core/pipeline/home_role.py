"""A role held with no employer ends when the user names an employer (issue 13: the write path stays true).

"我是全职妈妈" or "I'm a stay-at-home dad" is the user's occupation (``fact:occupation``); "下个月去阿里巴巴财务部上班"
or "I started at Stripe" is an employer (``fact:works_at``), another slot, so the role stayed active beside the new
job and "what does she do?" answered with both. ``home_role_ended`` adds to the new employer's ``ends`` the user's
active occupation when it says one of the roles of ``data/home_roles.yaml`` (a parent at home, a homemaker, between
jobs, retired); any other title ("用户的职业是会计") may carry over to the new employer and is left alone.

The other way round, a role held with no employer said now ("I quit, I'm a stay-at-home dad now", "现在是全职妈妈了",
"went freelance", "现在做自由职业") leaves no employer: ``home_role_begun`` adds the same speaker's active employer
to the role's ``ends``. So does any new title said with a change of career ("转行做咖啡师了", "career change: I'm a
barista now", ``career_change`` in the data): a new line of work is no promotion at the same employer, whose title
alone changes ("升职当了主管", "promoted to purser": the employer stands).
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.held_change import Rows, add_ends, held
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped

__all__ = ["career_changed", "home_role_begun", "home_role_ended", "is_home_role"]

_OCCUPATION = "fact:occupation"
_EMPLOYER = "fact:works_at"


@functools.lru_cache(maxsize=2)
def _words(section: str) -> re.Pattern[str]:
    """The words of ``section`` of ``data/home_roles.yaml``, both languages, as one pattern (English words whole)."""
    data = load_shipped("data", "home_roles.yaml")[section]
    en = "|".join(r"[\s-]+".join(re.escape(p) for p in re.split(r"[\s-]+", str(w)))
                  for w in sorted(data["en"], key=len, reverse=True))
    zh = "|".join(re.escape(str(w)) for w in sorted(data["zh"], key=len, reverse=True))
    return re.compile(rf"(?i:\b(?:{en})\b)|{zh}")


def _roles() -> re.Pattern[str]:
    """The home roles (homemaker, 全职妈妈, 退休 …) as one pattern."""
    return _words("roles")


def _career_change() -> re.Pattern[str]:
    """The words of a change of career (转行, "career change" …) as one pattern."""
    return _words("career_change")


def career_changed(text: str) -> bool:
    """True when ``text`` (a turn) says a change of career ("转行做咖啡师了", "changed careers"), not a new title
    at the same employer."""
    return _career_change().search(text) is not None


def is_home_role(description: str) -> bool:
    """True when ``description`` (an occupation's text, "用户的职业是全职妈妈") names a role held with no employer."""
    return _roles().search(description) is not None


def home_role_ended(cands: list[Candidate], rows: Rows) -> None:
    """Add to each of the user's new employers (``fact:works_at``, positive, in ``cands``) the key of the same
    speaker's active occupation when that occupation is a role held with no employer (``is_home_role``).

    Args:
        cands: one turn's candidates, changed in place (``Candidate.ends``).
        rows: ``prefixes -> [(id, key, description)]`` of the user's active statements; read only when the turn
            names an employer.
    """
    hired = [c for c in cands if not c.is_event and c.polarity > 0 and c.key.partition("@")[0] == "fact:works_at"]
    if not hired:
        return
    for cand in hired:
        add_ends(cand, [key for key, text in held(rows, (_OCCUPATION,), cand.key.partition("@")[2], whole=True)
                        if is_home_role(text)])


def home_role_begun(cands: list[Candidate], rows: Rows, text: str = "") -> None:
    """Add to each of the user's new occupations that is a role held with no employer (``fact:occupation``,
    positive, ``is_home_role``), or any new occupation when the turn says a change of career (``career_changed``),
    the key of the same speaker's active employer, which the role ends.

    Args:
        cands: one turn's candidates, changed in place (``Candidate.ends``); a turn that also names an employer
            (``fact:works_at``, positive) ends nothing: both are said together ("全职妈妈，在家开网店").
        rows: ``prefixes -> [(id, key, description)]`` of the user's active statements; read only when the turn
            says such a role.
        text: the turn's text, read for a change of career ("" reads none).
    """
    changed = career_changed(text)
    roles = [c for c in cands if not c.is_event and c.polarity > 0 and c.key.partition("@")[0] == _OCCUPATION
             and (changed or is_home_role(c.description))]
    if not roles or any(not c.is_event and c.polarity > 0 and c.key.partition("@")[0] == _EMPLOYER for c in cands):
        return
    for cand in roles:
        add_ends(cand, [key for key, _ in held(rows, (_EMPLOYER,), cand.key.partition("@")[2], whole=True)])
