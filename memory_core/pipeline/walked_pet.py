"""A pet known only by what one does with it: "遛完 Mochi 回来累瘫", "带 Latte 去公园跑", "walked Biscuit twice".

People rarely say "I have a dog named Mochi"; they say they walked Mochi, took Biscuit to the vet, and what kind
of dog it is in passing ("柴犬的精力真的无限", "shibas are like that"). The slot engine reads a pet from a
statement of having one; this module reads the pet a walk implies (README "Memory items": an indirect statement
counts by what goes with the value). ``walked_pet`` gives the statement the turn implies, in the turn's
language ("我有一只柴犬叫Mochi", "I have a dog named Biscuit"), for the pet cues of ``slots.yaml`` to read.

Not read: someone else's pet ("帮邻居遛 Mochi", "walked my neighbour's dog Rex", a relative named in the turn),
a stroll or a child ("遛弯", "遛娃"), a question or a plan (the caller reads only statements).
A Chinese name (two characters) needs the kind of animal said in the same turn; a capitalised Latin name needs
the kind or, in English, a walk or the vet said with it ("took Biscuit for a walk"); the kind is then a dog.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["walked_pet"]

_ZH_WALKED = re.compile(r"遛(?:完|了|着|一下|一圈)?\s*"
                        r"(?P<n>[A-Z][a-z]{1,11}\b|[\u4e00-\u9fff]{2}(?=[，,。！!\s]|回|去|出|的时候))")
# "带 Latte 去公园跑了两圈", "带年糕去打疫苗": an outing one takes a pet on (the kind must be said in the turn)
_ZH_TOOK = re.compile(r"带(?:着)?\s*(?P<n>[A-Z][a-z]{1,11}\b|[\u4e00-\u9fff]{2})\s*(?:出去|出门|去)\s*"
                      r"(?:公园|遛|散步|跑|溜达|打疫苗|打针|宠物医院|看兽医|洗澡|美容|绝育|草坪|河边|海边)")
_ZH_NOT_NAME = re.compile(r"^[一两半个弯娃狗猫街食鸟完了圈会着下]|[弯娃狗猫]")
_EN_WALKED = re.compile(r"\b(?:walked|walking|walk|took|taking|take)\s+(?P<n>[A-Z][a-z]{1,11})\b"
                        r"(?P<how>\s+(?:for\s+(?:a|his|her|their)\s+walk|to\s+the\s+(?:dog\s+park|vet|groomer|park)))?")
_ASKED = re.compile(r"[?？]|如果|要是|假如|万一|打算|准备|\b(?:if|should|could|would|might|will|gonna|going\s+to)\b",
                    re.IGNORECASE)
#: someone else's animal: a helper's verb, a possessive or a relative said in the turn
_ZH_OTHERS = re.compile(r"(?:帮|替|给)[^，,。！!]{0,6}遛|[他她]家|[他她]的")
_EN_OTHERS = re.compile(r"'s\s+(?:dog|pup|puppy)\b|\b(?:his|her|their|your)\s+(?:dog|pup|puppy)\b"
                        r"|\bdog[- ]?(?:sit|walk)|\bfor\s+(?:my|a|our|the)\s+neighbou?r", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _species() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    lex = lexicon()
    en = re.compile(rf"\b(?P<s>{lex.classes['en']['SPECIES']})(?:s|es)?\b", re.IGNORECASE)
    zh = re.compile(f"(?P<s>{lex.classes['zh']['SPECIES']})")
    return (en, zh, re.compile(rf"\b(?:{lex.classes['en']['REL']})\b", re.IGNORECASE),
            re.compile(lex.classes["zh"]["REL"]))


def walked_pet(text: str, lang: str) -> str:
    """The statement of having a pet that ``text`` implies by walking it, in ``lang``; "" when none.

    Args:
        text: a user's turn, as read (``plain_text.reading_text``).
        lang: the turn's language, "en" or "zh" ("mixed" text is read as Chinese when it holds Han script).
    Returns:
        "我有一只柴犬叫Mochi" for "遛完 Mochi 回来累瘫，柴犬的精力真的无限"; "I have a dog named Biscuit" for
        "walked Biscuit twice today, he's exhausted"; "" for "帮邻居遛 Mochi" or "遛完弯回来".
    """
    en_kind, zh_kind, en_rel, zh_rel = _species()
    if _ASKED.search(text):
        return ""  # "要是遛 Mochi 的时候下雨怎么办？", "should I walk Biscuit in this heat?"
    if lang == "zh":
        m = _ZH_WALKED.search(text)
        took = _ZH_TOOK.search(text) if m is None else None
        m = m or took
        if m is None or _ZH_OTHERS.search(text) or zh_rel.search(text):
            return ""
        name = m.group("n")
        kind = zh_kind.search(text) or en_kind.search(text)
        if (not name.isascii() or took is not None) and (kind is None or _ZH_NOT_NAME.search(name)):
            return ""
        said = kind.group("s") if kind is not None else "狗"
        return f"我有一只{said}叫{name}"
    m = _EN_WALKED.search(text)
    if m is None or _EN_OTHERS.search(text) or en_rel.search(text):
        return ""
    kind = en_kind.search(text)
    if not m.group("how") and kind is None:
        return ""  # "walked Hampstead Heath", "took Anna home": no walk or vet, no animal said
    return f"I have a {kind.group('s').casefold() if kind else 'dog'} named {m.group('n')}"
