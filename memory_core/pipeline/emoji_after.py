"""An emoji of a thing put after the thing's own name illustrates it: the words already say the value.

"I started eating meat again 🍗 mostly chicken", "又开始喝点啤酒了🍺", "got a new puppy 🐶", "最近爱上喝茶了🍵":
the picture follows a statement whose value is written out. Read as its word it would say the value twice
("用户又开始喝啤酒了啤酒了"); with no word for it (🍗 has none in ``plain_text.EMOJI_MEANINGS``) it would leave
the whole clause unread, and the change it states would be lost. Where the emoji stands for the value itself
("I love 🍣", "我最爱吃🦪了", "爱上了🦪": right after the verb), ``plain_text`` reads it as before.

A picture after a place said by its name decorates it ("base 成都 🐼", "just moved to Sydney 🦘"): the statement
is whole without it (``names_place_before``).

``names_thing_before(before, zh)``: True when ``before`` (the clause up to the emoji) ends on the name of a
thing, after the adverbs and particles that may close a statement ("again", "now", 了, 啦). Names are the
slot lexicon's objects and their kinds (``data/slots.yaml``), the category lexicon's members
(``data/categories.yaml``) and the lexicon's MEAT and DIETWORD word classes, in both languages.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped
from memory_core.text.script import HAN_CHARS
from memory_core.text.zh_pos import pos_cut

__all__ = ["names_place_before", "names_thing_before"]

# what may stand between a statement's last word and its picture, the hedges a speaker closes on among them
# ("so pescatarian now I guess 🐟", "eating meat again I think 🍖")
_EN_CLOSING = re.compile(r"(?:[\s,.!~-]+|\b(?:again|now|too|today|tonight|lately|already|any\s?more|these\s+days|"
                         r"finally|lol|haha+|i\s+guess|i\s+think|i\s+suppose|i\s+reckon|tbh|honestly)\b)*$",
                         re.IGNORECASE)
_ZH_CLOSING = re.compile(r"[了啦呢呀哦吧嘛哈噢咯喽～~!！\s]*$")
_EN_WORDS = re.compile(r"[a-z][a-z' -]*$")
_HAN_RUN = re.compile(f"[{HAN_CHARS}]+$")
# the kinds of thing an emoji of ``plain_text._THING`` pictures: food and drink, animals, sports, music
_SLOT_CATS = frozenset({"drink", "food", "habit", "species", "allergen"})
_CATEGORIES = frozenset({"sport", "exercise", "instrument", "pet", "fruit", "dessert", "drink", "coffee", "tea",
                         "alcohol", "food"})


@functools.lru_cache(maxsize=1)
def _names() -> tuple[frozenset[str], frozenset[str]]:
    """(English names lower-cased, Chinese names) of things, from the shipped lexicons."""
    words: set[str] = set()
    slots = load_shipped("data", "slots.yaml")
    for spec in slots["objects"].values():
        if spec.get("cat") in _SLOT_CATS:
            for lang in ("en", "zh", "kinds"):
                words.update(str(w) for w in spec.get(lang) or ())
    for cls in ("MEAT", "DIETWORD"):  # a way of eating pictured by its food: "pescatarian now 🐟", "吃素了🥦"
        for lang in ("en", "zh"):
            names = str(slots["classes"][lang].get(cls, ""))
            words.update(w.replace("?", "").replace("\\s+", " ").replace("[- ]", "-") for w in names.split("|"))
    for entry in load_shipped("data", "categories.yaml"):
        if _CATEGORIES.intersection(map(str, entry.get("names", ()))):
            words.update(str(m) for m in entry.get("members", ()))
    en = frozenset(w.lower() for w in words if w.isascii())
    zh = frozenset(w for w in words if _HAN_RUN.fullmatch(w))
    return en, zh


def names_thing_before(before: str, zh: bool) -> bool:
    """True when the clause text ``before`` an emoji ends on a thing's name ("eating meat again", "喝点啤酒了").

    Args:
        before: the clause up to the emoji (characters); zh: the text around it is Chinese.
    Returns:
        False for a clause ending on its verb ("I love", "我最爱吃", "爱上了") or on nothing. A remark closing the
        clause ("… shellfish which is SO ironic") is passed over: the name before it counts.
    """
    en_names, zh_names = _names()
    if zh:
        run = _HAN_RUN.search(_ZH_CLOSING.sub("", before))
        if run is not None:
            return any(run.group().endswith(name) for name in zh_names)
    text = _EN_CLOSING.sub("", _ZH_CLOSING.sub("", before)).lower()  # "又开始吃chicken了🍗"
    tail_run = _EN_WORDS.search(text)
    words = tail_run.group().split() if tail_run else []
    for n in (3, 2, 1):  # "hot pot", "ice cream", "meat"
        tail = " ".join(words[-n:]) if len(words) >= n else ""
        if tail and (tail in en_names or (tail.endswith("s") and tail[:-1] in en_names)):
            return True
    remark = _EN_REMARK.search(before)  # "allergic to shellfish which is SO ironic 🦐": the thing before the remark
    return remark is not None and remark.start() > 0 and names_thing_before(before[:remark.start()], zh)


# a remark on the statement before it, closing the clause ("… which is SO ironic", "…, so excited"): a picture
# after it still illustrates the thing the statement named
_EN_REMARK = re.compile(r",?\s+(?:which|so|that's|it's)\s+[^,]*$", re.IGNORECASE)
_EN_NAME_END = re.compile(r"(?<![.!?]\s)(?<!^)\b(?-i:[A-Z][a-z'-]+)(?:\s+(?-i:[A-Z][a-z'-]+))*$")


def names_place_before(before: str, zh: bool) -> bool:
    """True when the clause text ``before`` an emoji ends on a place's name ("base 成都", "moved to Sydney").

    Args:
        before: the clause up to the emoji (characters); zh: the text around it is Chinese.
    Returns:
        True when the last Chinese word is a place name (jieba's ``ns``) or the clause ends on a capitalised
        English name that does not open it; False for a verb, a common noun or nothing ("I love", "我养了一只").
    """
    text = _ZH_CLOSING.sub("", before).rstrip()
    if zh and (run := _HAN_RUN.search(text)) is not None and run.end() == len(text):
        words = [p for p in pos_cut(run.group()) if p.word.strip()]
        return bool(words) and words[-1].flag == "ns"
    text = _EN_CLOSING.sub("", text).rstrip()
    return _EN_NAME_END.search(text) is not None and not text.lower().endswith((" i", "i"))
