"""An animal's illness is the animal's, not anyone's health data (seed 001 §8.12.2: data about a person).

"团子最近不爱吃饭，带去宠物医院说是口炎，要吃一周的药" (团子 is the user's cat) and "took Biscuit to the
vet, he has an ear infection" name a condition and a medicine, but of a pet: no person's health is told,
and neither the turn nor the pet's item is to be held as sensitive or shown masked. ``of_animal`` says so
when the sentence holding the finding names a vet or an animal (``memory_core/data/animal_health.yaml``,
and the slot lexicon's ``SPECIES`` class) and the clause holding it says it of no person: no first-person
subject ("I have asthma", 我, 用户) and no relative or friend (the lexicon's people: "my mom has the flu").
The user's own health, said in the same turn as a pet's, stays sensitive.
"""

from __future__ import annotations

import re
from functools import cache

from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.shipped_yaml import load_shipped

__all__ = ["of_animal"]

_SENTENCE_END = re.compile(r"[.!?。！？\n]")
# a clause ends at a comma or a conjunction ("my dog is fine but my mom has diabetes": the mother's)
_CLAUSE_END = re.compile(r"[.!?;,。！？；，、\n]|\b(?:and|but|while|though|whereas|so)\b"
                         r"|但是?|可是|不过|而且?|还有|另外")
# an allergy: the animal in its sentence is what the person is allergic to, never the one who is ill
_ALLERGY = re.compile(r"allerg|过敏", re.IGNORECASE)
# the user (or the user as an item names them) as the subject of the clause; a possessor ("my dog", 我家狗狗,
# 用户的猫) is no subject, nor is the speaker's label a raw turn is stored with ("user: 煤球体检 医生说它有点胖")
_SELF = re.compile(r"\b(?:i|i'm|im|i've|i'd|me|myself)\b|\buser\b(?!'s|:)|(?:我|用户)(?!家|的|们家|养|自己家)",
                   re.IGNORECASE)


@cache
def _animal() -> dict[str, re.Pattern[str]]:
    data = load_shipped("data", "animal_health.yaml")
    classes = lexicon().classes
    en = "|".join(re.escape(w) for w in data["en"])
    zh = "|".join(re.escape(w) for w in data["zh"])
    return {"en": re.compile(rf"\b(?:{en}|{classes['en']['SPECIES']})(?:s|es)?\b", re.IGNORECASE),
            "zh": re.compile(rf"{zh}|{classes['zh']['SPECIES']}")}


def of_animal(text: str, start: int) -> bool:
    """True when the health finding starting at ``text[start]`` is said of an animal, not of a person.

    Args:
        text: a turn or an item's description, English or Chinese.
        start: where the finding starts in ``text`` (a character index).

    Returns:
        True when the sentence holding ``start`` names a vet or an animal (either language), the clause
        holding it, up to ``start``, has no first-person subject and names no other person, and the finding
        is no allergy (an animal beside an allergy is what someone is allergic to).
    """
    if _ALLERGY.search(text, max(0, start - 12), start + 16):
        return False  # "阿浩对猫毛过敏", "allergic to cats": an animal named as what a person reacts to
    sentence_start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    end = _SENTENCE_END.search(text, start)
    sentence = text[sentence_start:end.start() if end else len(text)]
    animal = _animal()
    if not (animal["en"].search(sentence) or animal["zh"].search(sentence)):
        return False
    clause_start = max((m.end() for m in _CLAUSE_END.finditer(text, 0, start)), default=0)
    clause = text[clause_start:start].strip()
    lex = lexicon()
    return not (_SELF.search(clause) or lex.others["en"].search(clause) or lex.others["zh"].search(clause))
