"""A pet's name given with a naming verb after the animal (issue 13: a new pet replaces the old by its name).

"We adopted a kitten last weekend, named her Miso", "got a puppy and named him Max", "we call her Pepper",
"领养了一只小猫，取名叫年糕", "养了只柴犬，给它起名豆豆", "给我家柯基起好名字了，叫豆包", "新来的猫咪我们叫它团子",
"是一只布偶，叫它糯米": the pet's cue reads the animal and a name said as "her name is …" / "叫…", so a name given by
a verb would be lost and the pet kept nameless ("User has a kitten"), and the old pet's name would still answer
"what's my cat called?". The naming phrase is said again in the form the cue reads ("…kitten, her name is
Miso"; "…小猫，叫年糕"), only after an animal of the lexicon's ``SPECIES`` class in the same sentence, so "I called
her Mom" says nothing of a pet.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["naming_said"]


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    classes = lexicon().classes
    en = re.compile(
        rf"(?i:\b(?:{classes['en']['SPECIES']})(?:s|es)?\b[^.!?\n]{{0,60}}?)"
        r"(?P<verb>[\s,;]+(?i:(?:and|&)\s+)?(?i:(?:we|i|they)\s+)?(?i:(?:just\s+)?(?:named|called|"
        r"call|name|nicknamed|decided\s+to\s+(?:call|name)))\s+(?P<who>(?i:her|him|it|them|the\s+\w+))\s+)"
        r"(?=[A-Z\u4e00-\u9fff])"
    )
    zh = re.compile(
        rf"(?:{classes['zh']['SPECIES']})[^。！!？?]{{0,16}}?"
        r"(?P<verb>(?:[，,]\s*)?(?:我们|我)?(?:给(?:它|她|他)|把(?:它|她|他))?(?:取|起)(?:好了?|了)?(?:个)?"
        r"(?:名字?|小名)(?:了)?(?:(?:[，,]\s*)?(?:叫做?|为|是))?|(?:[，,]\s*)?(?:我们|我)?叫(?:它|她|他)(?:做)?)"
        r"(?=[\"“「]?[A-Za-z\u4e00-\u9fff])"
    )
    return en, zh


def naming_said(text: str) -> str:
    """``text`` with a pet's naming verb said as the naming the pet's cue reads ("adopted a kitten, named her
    Miso" -> "adopted a kitten, her name is Miso"; "领养了一只小猫，取名叫年糕" -> "领养了一只小猫，叫年糕").

    Args:
        text: a turn's text, as written.
    Returns:
        the text, unchanged when no naming verb follows an animal in the same sentence.
    """
    en, zh = _patterns()
    text = en.sub(
        lambda m: (
            m.group(0)[: m.start("verb") - m.start()]
            + (", his name is " if m.group("who").casefold() == "him" else ", her name is ")
        ),
        text,
    )
    return zh.sub(lambda m: m.group(0)[: m.start("verb") - m.start()] + "，叫", text)
