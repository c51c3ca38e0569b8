"""A thing of the user's said again with another value: the new value, not a detail (issue 13).

"my bias is 精汉 Jeonghan" … "my bias is now 元彬 Wonbin", "my coach is Mike" … "my coach is Sarah now",
"我的本命是精汉" … "我的本命现在是元彬": any "my <thing> is <value>" said a second time with a value that is not
the first one states the thing's current value. The later text was joined after the old one ("User's bias is
精汉 Jeonghan；User's bias is now 元彬 Wonbin") or taken as the same thing said again, so the old value stayed
current. A person's relation ("my sister is a nurse" … "my sister is pregnant") holds many things at once: it
changes only when the later text says it holds now (``now`` cues of ``data/attr_value.yaml``).
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped
from memory_core.text.relations import mentions_relation

__all__ = ["attribute_value", "new_attribute_value"]

_EN = re.compile(r"^\s*(?:user['’]s|my)\s+(?:(?:{before})\s+)?(?P<attr>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,2}}?)"
                 r"\s+(?:is|are)\s+(?P<val>.+?)\s*$")
_ZH = re.compile(r"^\s*(?:用户|我)的?(?:(?:{before}))?(?P<attr>(?:(?![是不没也还都就])[\u4e00-\u9fffA-Za-z]){{1,8}}?)"
                 r"(?:{now})?(?:是|改成了?|换成了?|变成了?|改为)(?P<val>.+?)\s*$")
_TRIM_ZH = re.compile(r"(?:了|啦|呀|哦|吧|[。！!～~.]|\s)+$")


@functools.cache
def _cues(lang: str) -> dict[str, str]:
    raw = load_shipped("data", "attr_value.yaml")[lang]
    return {name: "|".join(words) for name, words in raw.items()}


@functools.cache
def _shape(lang: str) -> re.Pattern[str]:
    cues = _cues(lang)
    return re.compile((_EN if lang == "en" else _ZH).pattern.format(before=cues["before"], now=cues["now"]),
                      re.IGNORECASE)


@functools.cache
def _now(lang: str) -> re.Pattern[str]:
    words = _cues(lang)["now"]
    return re.compile(rf"\b(?:{words})\b" if lang == "en" else words, re.IGNORECASE)


def _lang(text: str) -> str:
    return "zh" if re.match(r"^\s*(?:用户|我)", text) else "en"


def attribute_value(text: str) -> tuple[str, str] | None:
    """The (thing, value) a text of the shape "my <thing> is <value>" / "用户的<thing>是<value>" states, casefolded,
    with the words that say it holds now taken off the value; None for any other text.

    "User's bias is now 元彬 Wonbin" -> ("bias", "元彬 wonbin"); "用户的本命现在是元彬" -> ("本命", "元彬").
    """
    lang = _lang(text)
    m = _shape(lang).match(text.casefold())
    if m is None:
        return None
    value = m.group("val")
    if lang == "en":
        value = re.sub(rf"^(?:(?:{_cues('en')['now']})\s+)+|(?:\s+(?:{_cues('en')['now']}))+\W*$|[\s.!]+$", "",
                       value)
    else:
        value = _TRIM_ZH.sub("", value)
    return (m.group("attr").strip(), value.strip()) if value.strip() else None


def new_attribute_value(new: str, old: str) -> bool:
    """True when ``new`` gives the thing ``old`` states a value of (both "my <thing> is <value>") another value:
    neither value holds the other, and for a person's relation ("my sister is …") ``new`` says it holds now.

    "User's coach is Sarah now" after "User's coach is Mike": True; "User's coach is Mike Chen" after "User's
    coach is Mike": False (more of the same value); "User's sister is pregnant" after "User's sister is a nurse":
    False (two things of one person).
    """
    said, held = attribute_value(new), attribute_value(old)
    if said is None or held is None or said[0] != held[0]:
        return False
    a, b = said[1].replace(" ", ""), held[1].replace(" ", "")
    if a in b or b in a:
        return False
    return not mentions_relation(said[0]) or _now(_lang(new)).search(new) is not None
