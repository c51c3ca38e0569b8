"""The things a like names as examples of its kind, kept as likes of their own (issue 13).

"I love salty snacks, chips every night", "I love salty snacks, especially chips and pretzels", "我爱吃零食，尤其是
薯片": a person names the category and then the member they mean. Stored as the category alone, the member's
end ("no more chips", "我现在不吃薯片了") would find nothing to end, and ending the whole category for one
member would be wrong ("no more chips" says nothing of pretzels). So each named example is a like of its own
("User loves chips", key ``pref:chips``): a cessation of that member ends it and leaves the category's like,
as the user said it.

``named_examples`` reads the examples that follow the like's value in the turn: after a marker (English
"especially", "like", "such as", "mostly", "including"; Chinese 尤其是, 特别是, 比如, 最爱) or, in English, said
as a habit ("chips every night").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["example_of", "examples_ended", "named_examples"]

_EN_MARK = r"(?:especially|particularly|mostly|mainly|like|such\s+as|including|e\.g\.)\s+"
_EN_HABIT = r"\s+(?:every|each|most)\s+(?:day|night|evening|morning|afternoon|week|weekend)\b"
_EN_END = r"(?=\s+(?:every|each|most|all|at|on|in|with|for|when|while|because|but|so)\b|\s*[.,;!?)]|\s*$)"
_EN_ITEM = re.compile(r"^(?:(?:some|the|a|an|my)\s+)?(?P<x>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})$", re.IGNORECASE)
_EN_NOT = frozenset({"it", "them", "that", "this", "those", "these", "things", "stuff", "one", "ones", "all",
                     "everything", "anything", "something", "really", "very", "so", "too", "a", "lot", "me", "you",
                     "him", "her", "i", "we", "he", "she", "they"})
_ZH_MARK = r"[，,：:、]?\s*(?:尤其是|尤其|特别是|特别爱|比如说?|例如|最爱|最喜欢的是|最喜欢)"
_ZH_LIST = r"(?P<x>[\u4e00-\u9fff、和跟]{1,20}?)(?=[，,。！!？?]|$|每|天天|了)"
_ZH_ITEM = re.compile(r"^[\u4e00-\u9fff]{1,6}$")
_ZH_NOT = frozenset({"这个", "那个", "这些", "那些", "它", "它们", "东西"})


def named_examples(text: str, value: str, lang: str) -> list[str]:
    """The examples ``text`` names right after the like's ``value`` (see the module docstring); [] when none.

    ("I love salty snacks, chips every night.", "salty snacks") -> ["chips"];
    ("我爱吃零食，尤其是薯片和辣条", "零食") -> ["薯片", "辣条"].
    """
    if not value:
        return []
    if lang == "zh":
        m = re.search(re.escape(value) + _ZH_MARK + _ZH_LIST, text)
        if m is None:
            return []
        parts = re.split(r"[、和跟]", m.group("x"))
        return [p for p in parts if _ZH_ITEM.match(p) and p not in _ZH_NOT and p != value]
    m = re.search(re.escape(value) + r"\s*(?:,|—|–|-|:)\s*(?P<mark>" + _EN_MARK + r")?(?P<x>[a-z][a-z' ,&-]*?)"
                  + _EN_END + r"(?P<habit>" + _EN_HABIT + r")?", text, re.IGNORECASE)
    if m is None or not (m.group("mark") or m.group("habit")):
        return []
    out = []
    for part in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+", m.group("x")):
        item = _EN_ITEM.match(part.strip())
        if item is None:
            return []  # not a list of things ("… like I said", "… when I can")
        words = item.group("x").casefold().split()
        if any(w in _EN_NOT for w in words) or item.group("x").casefold() == value.casefold():
            return []
        out.append(item.group("x"))
    return out


def example_of(key: str) -> str:
    """The category an example's like names in its text: the object of the category's like key
    ("pref:salty snacks@mia" -> "salty snacks"), so "User loves chips (salty snacks)" is found by it."""
    return key.removeprefix("pref:").split("@", 1)[0]


def examples_ended(key: str, rows: Iterable[tuple[str, str, str]]) -> list[str]:
    """Keys of the rows ``(id, key, description)`` that are examples of the like under ``key`` ("User loves
    chips (salty snacks)" for ``pref:salty snacks``): a category given up ends the examples it named."""
    category = example_of(key)
    qualifier = key[len("pref:") + len(category):]
    ends = (f" ({category})", f"（{category}）")
    return [k for _, k, description in rows if k.startswith("pref:") and k.endswith(qualifier)
            and description.endswith(ends) and k != key]
