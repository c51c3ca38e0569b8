"""A Chinese allergy said with the allergen first and 我 left out: "青霉素过敏", "花生也过敏", "对虾过敏".

Chinese drops the subject a listener can supply: "青霉素过敏，医生开药的时候我都会提前说" says the speaker is allergic
to penicillin as plainly as "我对青霉素过敏" does. A clause opening on the allergen was read as nobody's, so the
allergy was lost (or a restatement of it found nothing to restate). ``allergen_first`` says when a clause is such a
statement, for the clause splitter to put 我 back: the allergen must be one the slot lexicon knows as an allergen
(花生, 虾, 青霉素, 花粉, 猫毛 …) or a drug by its name's ending (阿莫西林, 头孢 …: the lexicon's DRUGNAME class), right
at the clause's start (after 对), so a clause opening on a person ("小明花生过敏", "他花生过敏") is not read as the
speaker's.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["allergen_first"]


@functools.lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    lex = lexicon()
    words = sorted((re.escape(w) for w, oid in lex.surface["zh"].items() if lex.category.get(oid) == "allergen"),
                   key=len, reverse=True)
    drug = lex.classes["zh"]["DRUGNAME"]
    return re.compile(rf"^对?(?:{'|'.join(words)}|[\u4e00-\u9fff]{{1,6}}?{drug})"
                      r"(?:也|都|有点|比较|严重)?(?:过敏|不耐受)")


def allergen_first(clause: str) -> bool:
    """True when the Chinese ``clause`` opens on an allergen and says it is allergic to it, its subject left out
    ("青霉素过敏", "对花生过敏", "阿莫西林也过敏"); False for any other clause ("小明花生过敏", "季节性过敏")."""
    return _pattern().match(clause.strip()) is not None
