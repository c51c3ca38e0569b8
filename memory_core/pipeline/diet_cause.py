"""The stated cause of a diet or a food restriction, kept on its item (issue 13, seventh pass).

"I am gluten-free because of celiac disease" is read by the ``diet`` slot as "User is gluten-free"; the
condition said with it ("because of celiac disease", "due to lactose intolerance", 因为有乳糜泻) is the
health fact that explains it and must not be lost. The cause is appended to the slot item's description
("User is gluten-free (because of celiac disease)"), so a question about health conditions or about what
the user can't eat finds it. Only the slots of eating (``diet``, ``allergy``, ``avoids``) get a cause; the
key and the value are left as they are, so the slot's next value still ends the item.
"""

from __future__ import annotations

import re

from memory_core.model import Turn
from memory_core.pipeline.types import Candidate

_SLOTS = ("fact:diet", "fact:allergy", "fact:intolerance", "pref:avoid",
          *(f"gist:obj:{d}" for d in ("gluten free", "dairy free", "sugar free", "vegetarian", "vegan", "keto")))
# "because of X", "due to X", "since I have X", "for my X": X up to the end of the sentence
_EN_CAUSE = re.compile(r"(?i)\b(because\s+of|due\s+to|owing\s+to|because\s+i\s+have|since\s+i\s+have)\s+"
                       r"(?:my\s+|an?\s+)?([a-z][a-z' -]{2,40}?)\s*(?=[.!?;,]|$)")
# 因为(有)乳糜泻, 由于乳糖不耐受, 我有乳糜泻所以…
_ZH_CAUSE = re.compile(r"(因为|由于)(?:我)?(?:有|得了|患有|是)?([\u4e00-\u9fff]{2,10}?)"
                       r"(?:的缘故|的原因|的关系)?(?=[，,。！!；;]|$)")


def with_cause(turn: Turn, cands: list[Candidate]) -> list[Candidate]:
    """Append the cause ``turn`` states to each positive diet or restriction candidate of ``cands`` (in place).

    Args:
        turn: the turn the candidates were read from (its text is searched for "because of X" / 因为X).
        cands: the turn's candidates; returned as given, descriptions of the eating slots extended.
    """
    text = turn.text
    zh = _ZH_CAUSE.search(text)
    en = _EN_CAUSE.search(text)
    for cand in cands:
        if cand.polarity <= 0 or not cand.key.startswith(_SLOTS):
            continue
        if cand.lang == "zh" and zh is not None and zh.group(2) not in cand.description:
            cand.description += f"（{zh.group(1)}{zh.group(2)}）"
        elif cand.lang == "en" and en is not None and en.group(2).casefold() not in cand.description.casefold():
            cand.description += f" ({en.group(1).casefold()} {en.group(2)})"
    return cands
