"""A place inside the current place is a refinement: "住在静安区" after "I live in Shanghai" keeps the city.

A home said first by its city and later by a district, a county or a
neighbourhood alone ("静安区", "海淀区", "the Mission district") says where in
the city, not a move: superseding the city with the district loses the city
(the district names no city of its own). ``refined_home`` finds the item the
district refines: the user's current home said as a place that is not itself
a district. The resolver then adds the district to that item as a detail
("User lives in Shanghai, 静安区") instead of ending it. A move said with a
verb of moving ("搬到海淀区了", "we moved to the Mission district") is a move
as before, and so is a district named with its city ("杭州西湖区").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memory_core.model import MemoryItem
from memory_core.pipeline.types import Candidate
from memory_core.text.script import has_han

__all__ = ["refined_home"]

#: a district, county, town or neighbourhood said alone: a short name and its suffix (a city named before it is
#: longer: "杭州西湖区")
_ZH_DISTRICT = re.compile(r"^[\u4e00-\u9fff]{2,3}(?:新区|区|县|镇|街道|乡)$")
_EN_DISTRICT = re.compile(r"^(?:the\s+)?[\w'’-]+(?:\s+[\w'’-]+)?\s+(?:district|neighbou?rhood|area|borough|quarter)$",
                          re.IGNORECASE)
_MOVE = re.compile(r"\b(?:moved|moving|move|relocat\w*)\b|搬", re.IGNORECASE)
_HOME = re.compile(r"(?:\blives?\s+in\s+|住在)(?P<v>[^,，;；。]+)")


def _district(value: str) -> bool:
    value = value.strip()
    return bool(_ZH_DISTRICT.match(value) or _EN_DISTRICT.match(value))


def refined_home(cand: Candidate, turn_text: str, olds: Iterable[MemoryItem]) -> tuple[MemoryItem, str] | None:
    """(the user's current home item the district ``cand`` states refines, its text with the district), or None.

    Args:
        cand: a positive home candidate (only ``fact:lives_in`` of the user is refined).
        turn_text: the turn (a verb of moving makes it a move, not a refinement).
        olds: the user's active items under the key that ``cand`` does not restate.

    ("User lives in Shanghai", "用户住在静安区") -> "User lives in Shanghai, 静安区";
    ("用户住在北京", "用户住在海淀区") -> "用户住在北京海淀区".
    """
    said = _HOME.search(cand.description)
    value = said.group("v").strip() if said else ""
    if not cand.key.startswith("fact:lives_in") or "/" in cand.key or not _district(value) \
            or _MOVE.search(turn_text):
        return None
    for old in olds:
        m = _HOME.search(old.description)
        if m is not None and not _district(m.group("v")) and value.casefold() not in old.description.casefold():
            text = old.description.rstrip("。. ")
            if has_han(text[-1:]) and has_han(value[:1]):
                return old, text + value  # 用户住在北京海淀区
            return old, f"{text}, {value}"
    return None
