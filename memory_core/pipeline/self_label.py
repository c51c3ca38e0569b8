"""A label said of oneself as a joke states no fact: "I'm basically a professional napper", "我就是个饭桶哈",
"my second job is being my cat's butler lol", "我已经是火锅协会会长了😂" (issue 13, the ``jest`` family).

Three kinds, in English and Chinese, the words in ``data/jest.yaml``:

- **A hedged grade of devotion**: "basically / pretty much" (简直, 根本就是) before "a professional / full-time"
  (专业, 资深, 骨灰级) label: the hedge says the label is a figure. Without the hedge ("I'm a professional
  photographer", 我是资深记者) the label is a fact and is kept.
- **A hedged label with a laugh**: "I'm basically a couch potato lol", "我就是个饭桶哈", "我简直是个废柴哈哈".
  A laugh alone ("I'm a nurse lol") or a hedge alone ("I'm basically a nurse now") keeps the label.
- **A title of a boast with a laugh** ("biggest shareholder of Starbucks lol", 火锅协会会长😂, 形象大使), and
  **a pet's or the children's servant** ("my cat's butler", "my kids' taxi", 给猫当管家), laugh or not.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.word_alt import word_alternation
from memory_core.shipped_yaml import load_shipped

__all__ = ["joke_label"]

#: a laugh anywhere in the clause, or a single 哈 closing it ("我就是个饭桶哈")
_LAUGH = re.compile(r"\b(?:lol+|lmao+|rofl|haha+|hehe+|jaja+|xd)\b|哈哈+|嘿嘿|hhh+|笑死|😂|🤣|😆|😅|🤪|"
                    r"哈+[!！~～。.]*$", re.IGNORECASE)
_SELF_EN = r"\b(?:i'?m|i\s+am|i've\s+become|i\s+became|i'm\s+now|i\s+am\s+now)\s+(?:now\s+|just\s+|so\s+)?"
_SELF_ZH = r"我(?:现在|已经|都|也|真的|真|这)?"


def _alt(words: list[str]) -> str:
    """``words`` (plain words of ``data/jest.yaml``) as one group (``word_alt.word_alternation``)."""
    return f"(?:{word_alternation(words)})"


@functools.lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    """The three kinds per language, compiled once from ``data/jest.yaml``."""
    data = load_shipped("data", "jest.yaml")
    en, zh = data["en"], data["zh"]
    flags = re.IGNORECASE
    return {
        "en_graded": re.compile(rf"{_SELF_EN}{_alt(en['hedges'])}\s+(?:an?\s+|the\s+)?{_alt(en['grades'])}\b", flags),
        "en_hedged": re.compile(rf"{_SELF_EN}{_alt(en['hedges'])}\s+(?:an?|the|my|\w+'s)\b", flags),
        "en_boast": re.compile(rf"\b{_alt(en['boasts'])}\b", flags),
        "en_servant": re.compile(rf"\b{_alt(en['servant_of'])}(?:'s|s'|')?\s+(?:own\s+|personal\s+|full-?time\s+)?"
                                 rf"{_alt(en['servants'])}\b", flags),
        "zh_graded": re.compile(rf"{_SELF_ZH}{_alt(zh['hedges'])}(?:是|成了?|变成了?)?(?:个|一个|一名|一位|位|名)?"
                                rf"[^，,。！!？?]{{0,4}}?{_alt(zh['grades'])}"),
        "zh_hedged": re.compile(rf"{_SELF_ZH}{_alt(zh['hedges'] + zh['laughed_hedges'])}(?:是|成了?|变成了?)"
                                rf"(?:个|一个|一名|一位|位|名)"),
        "zh_boast": re.compile(_alt(zh["boasts"])),
        "zh_servant": re.compile(rf"给{_alt(zh['servant_of'])}当{_alt(zh['servants'])}|"
                                 rf"{_alt(zh['owner_of'])}的{_alt(zh['owned_servants'])}"),
    }


def joke_label(clause: str, lang: str) -> bool:
    """True when ``clause`` ("en"/"zh") gives the speaker a label as a joke, of the kinds of the module docstring.

    Args:
        clause: one clause as said (a closing laugh or emoji still in it).
        lang: "en" or "zh", the clause's language.
    """
    found = _patterns()
    key = "zh" if lang == "zh" else "en"
    if found[f"{key}_graded"].search(clause) or found[f"{key}_servant"].search(clause):
        return True
    if _LAUGH.search(clause) is None:
        return False
    return bool(found[f"{key}_hedged"].search(clause) or found[f"{key}_boast"].search(clause))
