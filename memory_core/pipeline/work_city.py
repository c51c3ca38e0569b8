"""A city said beside the employer is where the work is, not a second employer (issue 13, trial 13 finding 5).

"我在上海工作，在阿里做产品经理" reads under two cues of ``works_at``: "在上海工作" (a city before 工作, which the
lexicon keeps as the place one works when nothing else is said: "我在天津工作") and "在阿里做产品经理" (the employer
and the title). Both are single-valued readings of one slot, so the city one could stand as the employer and a
later change ("我从阿里离职了，现在在腾讯做产品") would supersede the city. When one turn gives the user's
``works_at`` both a place (a city, a district, a country: ``value_class.is_place``) and a name that is no place,
the place reading is dropped: the organisation is the employer, and where the user lives is read by its own
cues (``lives_in``). English needs no such step: "work in Boston" is read as no employer by its cue.

The city may also be said glued to the employer in one value ("在北京字节跳动上班", "在杭州阿里工作", "在深圳鹅厂上班"):
``employer_after_city`` splits such a value when its head names a city and the rest is an organisation the data
lists (``org_names.yaml``), so the employer is 字节跳动 and its other names (字节, ByteDance) restate it. A rest the
data does not list is left whole: "北京银行", "上海交通大学" are names of their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from memory_core.pipeline import org_names, place_names
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.value_class import is_place
from memory_core.pipeline.work_or_study import value_of

__all__ = ["employer_after_city", "employer_over_city"]

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


def employer_after_city(value: str) -> tuple[str, str]:
    """Split a Chinese ``works_at`` value said as city + listed employer ("北京字节跳动" -> ("北京", "字节跳动")).

    Args:
        value: the slot value as read.

    Returns:
        (city, employer); ("", value) when the head is no city (GeoNames, ``place_names``) or the rest is no
        organisation ``org_names.yaml`` lists.
    """
    for cut in (2, 3):
        head, rest = value[:cut], value[cut:].strip()
        if len(rest) >= 2 and place_names.names_of(head) and org_names.names_of(rest):
            return head, rest
    return "", value
