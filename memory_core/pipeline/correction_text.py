"""A stored text put right by a correction: the wrong value replaced by the right one (``correction``).

``replaced`` puts the right value where the wrong one was (and in place of the place of the same level said before
it: "海淀区五道口" corrected by "朝阳区望京"); ``fitted`` cuts the right value to what the stored text does not
already say around the wrong one ("silver Toyota, not red" of "red Toyota" is "silver"); ``said_alike`` measures
how closely a stored text, put right, says what the correction said.
"""

from __future__ import annotations

import re

from memory_core.text.script import has_han

__all__ = ["fitted", "replaced", "said_alike"]


# where a Chinese place name of one level ends ("海淀区", "北京市"), and what opens it ("住在", a higher level)
_ZH_LEVEL = re.compile(r"(?:^|(?<=[在住，,；;市省州县区]))[^在住，,；;市省州县区]{1,6}(?P<level>[区县市省镇])$")


def replaced(description: str, old: str, new: str) -> str:
    """``description`` with its ``old`` value put right: ``new`` where ``old`` was, and when ``new`` names its own
    place of the level said before ``old`` ("海淀区五道口" corrected by "朝阳区望京"), in place of that one too
    (not "海淀区朝阳区望京"). ``description`` unchanged when it does not name ``old``."""
    at = description.casefold().find(old.casefold())
    if at < 0:
        return description
    new, head = fitted(description, old, new), description[:at]
    level = _ZH_LEVEL.search(head)
    if level is not None and level.group("level") in new:
        head = head[:level.start()]
    return head + new + description[at + len(old):]


def fitted(description: str, old: str, new: str) -> str:
    """``new`` without the words around it that ``description`` already says around ``old``: "silver Toyota, not
    red" of "red Toyota" is "silver"; "是对螃蟹过敏，不是虾" of "用户对虾过敏" is 螃蟹, not 对螃蟹过敏."""
    at = description.casefold().find(old.casefold())
    if at < 0:
        return new
    new = _without_tail(new, description[at + len(old):])
    if has_han(new):
        new = next((new[n:] for n in range(min(len(new) - 1, 3), 0, -1) if description[:at].endswith(new[:n])), new)
    return new


def _without_tail(new: str, tail: str) -> str:
    """``new`` without the words (characters, in Chinese) it ends on that ``tail`` (what follows the old value in the
    stored text) opens on: "silver Toyota" before " Toyota" is "silver", "银色的丰田" before "丰田" is "银色的"."""
    zh = has_han(new)
    units = list(new) if zh else new.split()
    rest = tail.casefold() if zh else tail.casefold().strip()
    if not zh and not tail.startswith(" "):
        return new
    for n in range(1, len(units)):
        said = ("" if zh else " ").join(units[n:]).casefold()
        if rest.startswith(said) and (zh or rest[len(said):len(said) + 1] in ("", " ", ",", ".")):
            return ("" if zh else " ").join(units[:n])
    return new


def said_alike(text: str, new: str, said: str) -> int:
    """How many characters around ``new`` in ``text`` the correction ``said`` (casefolded) says with it: "在苏州工作"
    picks "用户在苏州工作" over "用户住在苏州" for "说错了，是在苏州工作，不是上海"."""
    folded = text.casefold()
    at = folded.find(new.casefold())
    if at < 0:
        return -1
    start, end = at, at + len(new)
    while start > 0 and folded[start - 1:end] in said:
        start -= 1
    while end < len(folded) and folded[start:end + 1] in said:
        end += 1
    return end - start - len(new)
