"""A city said beside the employer is where the work is, not a second employer (issue 13, trial 13 finding 5).

"我在上海工作，在阿里做产品经理" reads under two cues of ``works_at``: "在上海工作" (a city before 工作, which the
lexicon keeps as the place one works when nothing else is said: "我在天津工作") and "在阿里做产品经理" (the employer
and the title). Both are single-valued readings of one slot, so the city one could stand as the employer and a
later change ("我从阿里离职了，现在在腾讯做产品") would supersede the city. When one turn gives the user's
``works_at`` both a place (a city, a district, a country: ``value_class.is_place``) and a name that is no place,
the place reading is dropped: the organisation is the employer, and where the user lives is read by its own
cues (``lives_in``). English needs no such step: "work in Boston" is read as no employer by its cue.
"""

from __future__ import annotations

from collections.abc import Sequence

from memory_core.pipeline.types import Candidate
from memory_core.pipeline.value_class import is_place
from memory_core.pipeline.work_or_study import value_of

__all__ = ["employer_over_city"]

_WORK_KEY = "fact:works_at"


def employer_over_city(cands: Sequence[Candidate]) -> list[Candidate]:
    """Return ``cands`` without the user's positive ``works_at`` readings that name a place when the same turn
    gives ``works_at`` a value that is no place (module docstring); every other candidate passes unchanged.

    Args:
        cands: one turn's candidates, in order; only ``fact:works_at`` (the user's own, not another person's
            ``fact:<rel>/works_at``) of positive polarity is weighed.

    Returns:
        A new list; ``cands`` itself is not changed.
    """
    work = [(c, value_of(c)) for c in cands if c.key == _WORK_KEY and c.polarity > 0]
    if len(work) < 2:
        return list(cands)
    places = {id(c) for c, v in work if v and is_place(v, c.lang)}
    if not places or len(places) == len(work):
        return list(cands)
    return [c for c in cands if id(c) not in places]
