"""A pet or a partner named in the sentence after the one that got them.

"We adopted a rescue greyhound!! His name is Biscuit", "Got a cat last weekend. Her name is Mochi", "got a cat!
gray tabby, named Pixel", "养了只柴犬。
它叫豆豆", "领养了一只布偶猫！名字叫年糕": the slot engine reads one clause at a time, so the name said in a sentence
of its own would be lost and the pet kept nameless. The two sentences are joined before the turn is split, so the
pet's cue reads the name with the animal ("…greyhound, His name is Biscuit"). Any kind of animal of the lexicon's
``SPECIES`` word class (``memory_core/data/slots.yaml``) qualifies, and a partner (girlfriend, 男朋友 …).
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["name_joined"]

#: a partner named in the next sentence ("got a girlfriend!! her name is Mia", "交了个女朋友。她叫小雨")
_EN_PARTNERS = "girlfriend|boyfriend|budgie|cockatiel"
_ZH_PARTNERS = "女朋友|男朋友|女友|男友|对象"


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    classes = lexicon().classes
    en = re.compile(rf"(?i:\b(?:{classes['en']['SPECIES']}|{_EN_PARTNERS})(?:s|es)?\b[^.!?\n]{{0,40}}?)"
                    r"\s*[.!]+\s+(?=(?i:(?:her|his|its)\s+name(?:'s|\s+is)|(?:she|he|it)(?:'s|\s+is)\s+"
                    r"(?:called|named))\s+[A-Z]"
                    # … or the kind said again with the name: "we adopted a cat!! a grey tabby named Ramen"
                    rf"|(?i:an?)\s+(?:[a-z]+\s+)?(?i:{classes['en']['SPECIES']}|one)\s+(?:named|called)\s+[A-Z]"
                    # … or a fragment of its looks, breed or age, then the name: "gray tabby, named Pixel",
                    # "Beagle, 3 yrs old, named Rosie" (no subject nor verb of its own)
                    r"|(?:(?!(?i:i|we|my|our|his|her|their|she|he|they|it|is|was|has|have|had|are|were|who|the|a|an)\b)"
                    r"[\w'-]+[ ,]+){0,6}?(?:named|called)\s+[A-Z])")
    zh = re.compile(rf"({classes['zh']['SPECIES']}|{_ZH_PARTNERS})"
                    r"([^。！!？?]{0,12}?)[。！!]+\s*"
                    r"(?=(?:(?:它|她|他)(?:的名字)?|名字)叫)")
    return en, zh


def name_joined(text: str) -> str:
    """``text`` with a pet's or a partner's naming sentence joined to the sentence that got them, so the slot
    reads the name with the animal or the bond ("Got a cat last weekend! Her name is Biscuit." -> "…weekend,
    Her name is Biscuit."; "养了只柴犬！名字叫豆豆" -> "养了只柴犬，名字叫豆豆").

    Args:
        text: a turn's text, as written.
    Returns:
        the text, unchanged when no naming sentence follows a pet or a partner.
    """
    en, zh = _patterns()
    text = en.sub(lambda m: m.group(0).rstrip(" .!") + ", ", text)
    return zh.sub(lambda m: m.group(1) + m.group(2) + "，", text)
