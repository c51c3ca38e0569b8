"""A bond changed without a name ("we got married", "我们结婚了") keeps the partner's name.

The partner slot holds one value; "we got married" said after "my girlfriend
is Sarah" is a new value of it (the bond changed) that names nobody, so read
alone it leaves "User got married" current and the name in history only.
``named_bond`` writes the name of the partner the user has now into the new
value ("User is married to Sarah", "用户和阿杰结婚了"): the person is the same,
only the bond is new (issue 13 §2; the partner slot of ``slots.yaml``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memory_core.model import MemoryItem

__all__ = ["named_bond"]

_EN_NO_NAME = re.compile(r"\s+got\s+(married|engaged)$")
_EN_NAME = re.compile(r"(?:\bis|\bto|\bwith)\s+(?P<n>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s*$")
_ZH_NAME = re.compile(r"(?:是|叫)(?P<n>[^，,。\s]{1,8})$|[和跟](?P<m>[^，,。\s]{1,6}?)(?:结婚|订婚|在一起)")


def _name(description: str) -> str:
    """The partner's name a partner item states ("User's girlfriend is Sarah" -> "Sarah"), or ""."""
    text = re.split(r"[,，;；]", description, maxsplit=1)[0].strip()
    m = _EN_NAME.search(text) or _ZH_NAME.search(text)
    if m is None:
        return ""
    return (m.groupdict().get("n") or m.groupdict().get("m") or "").strip()


def named_bond(description: str, lang: str, olds: Iterable[MemoryItem]) -> str:
    """``description`` of a new partner value naming nobody, with the name of the partner an old item states.

    ("User got married", ["User's girlfriend is Sarah"]) -> "User is married to Sarah";
    ("用户结婚了", ["用户的男朋友是阿杰"]) -> "用户和阿杰结婚了"; ``description`` unchanged when it names
    someone already or no old item names a partner.
    """
    if lang == "zh":
        if not description.endswith(("结婚了", "订婚了")) or re.search(r"[和跟]", description):
            return description
    elif _EN_NO_NAME.search(description) is None:
        return description
    name = next((n for o in olds if (n := _name(o.description))), "")
    if not name:
        return description
    if lang == "zh":
        return f"{description[:-3]}和{name}{description[-3:]}"
    return _EN_NO_NAME.sub(lambda m: f" is {m.group(1)} to {name}", description)
