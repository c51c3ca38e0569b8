"""One organisation, several names: "Tencent" and "腾讯" are the same employer (issue 13 §3).

A single-valued slot whose value is an organisation (``fact:works_at``,
``fact:school``) restated in the other language ("I work at Tencent", later
"我现在在腾讯上班") must be a hit on the item, not supersede it with itself.
The names are data: ``memory_core/data/org_names.yaml`` lists each
organisation with its English and Chinese names (well-known companies and
universities). ``names_of`` gives every name of the organisation a value
names, as the slot hit's aliases; the resolver counts an item that names
any of them as the same value (``resolve.agrees``).
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["names_of"]

#: A generic tail after an organisation's name ("腾讯公司", "Google Inc.", "阿里集团"): not part of the name.
_TAIL = re.compile(r"(?:\s*(?:公司|集团|总部|科技|有限公司|股份有限公司)|,?\s+(?:inc\.?|ltd\.?|llc|corp\.?|co\.?|"
                   r"group|company|corporation|plc|gmbh))$", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _index() -> dict[str, tuple[str, ...]]:
    """Case-folded name -> every case-folded name of its organisation."""
    out: dict[str, tuple[str, ...]] = {}
    for names in load_shipped("data", "org_names.yaml")["orgs"]:
        folded = tuple(dict.fromkeys(str(n).casefold() for n in names))
        for name in folded:
            out.setdefault(name, folded)
    return out


def names_of(value: str) -> tuple[str, ...]:
    """Every name (case-folded) of the organisation ``value`` names ("腾讯" -> ("tencent", "腾讯", "鹅厂")); () when the
    value names no organisation the data lists.

    Args:
        value: a slot value as said ("Tencent", "字节跳动", "the University of Edinburgh", "腾讯公司").
    """
    text = " ".join(value.casefold().split())
    text = re.sub(r"^the\s+", "", text)
    index = _index()
    return index.get(text) or index.get(_TAIL.sub("", text).strip()) or ()
