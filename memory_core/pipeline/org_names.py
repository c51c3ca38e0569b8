"""One organisation, several names: "Tencent" and "腾讯" are the same employer (issue 13 §3).

A single-valued slot whose value is an organisation (``fact:works_at``,
``fact:school``) restated in the other language ("I work at Tencent", later
"我现在在腾讯上班") must be a hit on the item, not supersede it with itself.
The names are data: ``memory_core/data/org_names.yaml`` lists each
organisation with its English and Chinese names (well-known companies and
universities). ``names_of`` gives every name of the organisation a value
names, as the slot hit's aliases; the resolver counts an item that names
any of them as the same value (``resolve.agrees``).

A name can hold a word that asks ("饿了么", "什么值得买", "哪吒汽车"): "我现在跑饿了么" ends on 么 and
"我在什么值得买上班" holds 什么, so both were taken for questions and kept nothing. ``unasked`` gives the text
with such listed names put out of the question tests' sight.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["names_of", "unasked"]

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


#: A word that asks, inside a name ("饿了么", "什么值得买", "哪吒汽车"): the question tests read it as a question.
_ASKING = re.compile(r"[么吗呢嘛谁哪啥]|什么|怎么|多少|\?")


@functools.lru_cache(maxsize=1)
def _asking_names() -> re.Pattern[str] | None:
    """The listed names that hold a word that asks, longest first, as one pattern (None when there is none)."""
    names = sorted({str(n) for names in load_shipped("data", "org_names.yaml")["orgs"] for n in names
                    if _ASKING.search(str(n))}, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, names)), re.IGNORECASE) if names else None


def unasked(text: str) -> str:
    """``text`` with each listed name that holds a word that asks replaced by "某家", for the question tests only
    ("我现在跑饿了么" -> "我现在跑某家"; "你在饿了么上班吗" keeps its 吗). Units: characters in, characters out;
    ``text`` itself when it names none."""
    found = _asking_names()
    return text if found is None else found.sub("某家", text)
