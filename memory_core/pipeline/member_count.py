"""The count of what stays when one of several things said together ends (issue 13 §2).

"I have two cats, Mochi and Tofu", then "Tofu passed away last week": ``members.without_members`` takes Tofu
out of "User has two cats named Mochi and Tofu", and the count said with them must follow, or the item kept
says a false number ("User has two cats named Mochi"). ``recounted`` lowers the count by the members taken
out: to one it reads "a cat" / "一只狗" (the noun made singular), above one the smaller number ("three dogs"
-> "two dogs"). A text whose count does not stand before a kind of thing ("two years") is left as it is.
"""

from __future__ import annotations

import re

__all__ = ["recounted"]

_EN_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_ZH_NUMBERS = "零一两三四五六七八九十"
# an English count before the plural noun of a kind ("two cats", "3 dogs", "two pet rabbits")
_EN_COUNT = re.compile(r"\b(?P<n>two|three|four|five|six|seven|eight|nine|ten|[2-9]|10)\s+"
                       r"(?P<adj>(?:[a-z]+\s+)?)(?P<noun>[a-z]+(?:ies|es|s))\b", re.IGNORECASE)
_EN_NOT_THINGS = frozenset({"years", "months", "weeks", "days", "hours", "minutes", "times", "kids", "children"})
# a Chinese count before a measure word of animals and things ("两只猫", "三条狗", "2只")
_ZH_COUNT = re.compile(r"(?P<n>[两二三四五六七八九十]|[2-9]|10)(?P<m>[只条头匹个])")
_ZH_VALUES = {"两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


def _singular(noun: str) -> str:
    """The singular of an English plural noun: "puppies" -> "puppy", "boxes" -> "box", "cats" -> "cat"."""
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|z)es$", noun):
        return noun[:-2]
    return noun[:-1]


def recounted(kept: str, before: str, removed: int = 1) -> str:
    """``kept`` (the text left after ``removed`` members were taken out of ``before``) with its count lowered.

    Args:
        kept: the text with the ended members taken out ("User has two cats named Mochi").
        before: the text the members were taken out of ("User has two cats named Mochi and Tofu").
        removed: how many members were taken out.

    Returns:
        ``kept`` with the first count before a kind lowered by ``removed`` ("User has a cat named Mochi",
        "用户养了一只狗，叫旺财"); ``kept`` unchanged when it holds no such count, when ``before`` did not hold
        the same count, or when the count would fall below one.
    """
    if not kept or removed < 1:
        return kept
    zh = _ZH_COUNT.search(kept)
    if zh is not None and zh.group(0) in before:
        raw = zh.group("n")
        n = int(raw) if raw.isdigit() else _ZH_VALUES[raw]
        left = n - removed
        if left < 1:
            return kept
        said = str(left) if raw.isdigit() else _ZH_NUMBERS[left]
        return kept[:zh.start()] + said + zh.group("m") + kept[zh.end():]
    en = _EN_COUNT.search(kept)
    if en is None or en.group(0) not in before or en.group("noun").casefold() in _EN_NOT_THINGS:
        return kept
    raw = en.group("n").casefold()
    n = int(raw) if raw.isdigit() else _EN_NUMBERS.index(raw)
    left = n - removed
    if left < 1:
        return kept
    if left == 1:
        adj = en.group("adj")
        article = "an" if (adj or en.group("noun"))[:1].casefold() in "aeiou" else "a"
        said = f"{article} {adj}{_singular(en.group('noun'))}"
    else:
        said = f"{left if raw.isdigit() else _EN_NUMBERS[left]} {en.group('adj')}{en.group('noun')}"
    return kept[:en.start()] + said + kept[en.end():]
