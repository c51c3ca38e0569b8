"""A drug a doctor put the user on is a drug the user takes: "she put me on metformin", 医生给我开了二甲双胍 (issue 13).

People say how a medication started through the one who prescribed it: "Dr Patel put me on metformin 500mg twice
a day", "she started me on statins", "Dr Hughes added Jardiance 10mg on top of the metformin", "my GP prescribed
amlodipine", 医生给我开了二甲双胍, 大夫又给我加了恩格列净10毫克. Read as written, the prescriber is the clause's
subject: the item kept a pronoun ("she put User on metformin …") or nothing was read at all, so a second drug never
became an item of its own. ``own_prescription`` says such a clause as the user's own statement ("I'm on metformin
500mg twice a day", "I'm also on Jardiance 10mg …", 我在吃二甲双胍, 我也在吃恩格列净10毫克), the dose and how often
kept after the drug, so the medication cues read one item per drug (``fact:medication:<drug>``). A drug given to
someone else ("the vet put Max on …", "医生给我妈开了…") and a question are left as said.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["own_prescription"]

# who prescribes (a doctor by role or by name, or the pronoun standing for one) and the adverbs before the verb
_EN_WHO = (r"(?<![\w'])(?:(?:(?:my|the|her|his|our)\s+)?(?:new\s+|family\s+|regular\s+)?"
           r"(?:doctor|doc|gp|dr\.?\s+(?-i:[A-Z])[\w-]*|"
           r"endo|endocrinologist|cardiologist|psychiatrist|specialist|physician|consultant|nurse|diabetes\s+nurse|"
           r"hospital|clinic)|\b(?:she|he|they))(?:'s|\s+has|\s+had|\s+have|'ve)?\s+"
           r"(?:(?:just|also|then|now|finally|recently|today|already|eventually)\s+)*")
_ZH_WHO = r"(?:医生|大夫|医师|专家|主治医生|家庭医生|门诊)(?:又|也|还|就|今天|最近|刚|刚刚|已经|另外)*"
_ZH_SOME = r"(?:一种|一个|一样|一些|点)?(?:药)?[，,：:]?\s*"


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """(pattern, what it is said as) of a prescription in each language; the drug stays after the match."""
    lex = lexicon()
    en_drug = lex.expand(r"(?=(?:the\s+|some\s+|a\s+)?(?:%MED%))", "en")
    zh_drug = lex.expand(r"(?=[^，,。\s]{0,10}?(?:%DRUG%|%BRANDDRUG%))", "zh")
    return (
        # "Dr Hughes added Jardiance", "she's also prescribed me amlodipine": one more drug beside the others
        (re.compile(_EN_WHO + r"(?:added|adds|has\s+added)\s+(?:me\s+)?(?:on\s+)?" + en_drug, re.IGNORECASE),
         "I'm also on "),
        # "she put me on metformin", "my GP started me on statins", "the doctor prescribed (me) amlodipine"
        (re.compile(_EN_WHO + r"(?:(?:put|puts|started|starts|got|has\s+put)\s+me\s+(?:back\s+)?on(?:to)?|"
                    r"prescribed(?:\s+me)?|gave\s+me\s+a\s+prescription\s+for)\s+" + en_drug, re.IGNORECASE),
         "I'm on "),
        # 医生又给我加了恩格列净, 大夫给我加了一种药，恩格列净
        (re.compile(_ZH_WHO + r"(?:给我|帮我|为我)(?:加了|加上了|又加了|多加了)" + _ZH_SOME + zh_drug),
         "我也在吃"),
        # 医生给我开了二甲双胍, 大夫给我开的是二甲双胍
        (re.compile(_ZH_WHO + r"(?:给我|帮我|为我)开(?:了|的是|的)" + _ZH_SOME + zh_drug), "我在吃"),
    )


def own_prescription(text: str) -> str:
    """``text`` with each prescription said as the user's own statement of the drug taken.

    Units: characters in, characters out; ``text`` itself when no clause prescribes a drug to the user, or when
    it asks a question. Never raises.

    "Doctor's name is Dr. Patel, she put me on metformin 500mg twice a day" -> "Doctor's name is Dr. Patel, I'm on
    metformin 500mg twice a day"; "Dr Hughes added Jardiance 10mg, once a day" -> "I'm also on Jardiance 10mg, once
    a day"; "医生又给我加了恩格列净10毫克" -> "我也在吃恩格列净10毫克".
    """
    if "?" in text or "？" in text:
        return text
    out = text
    for pattern, said in _patterns():
        out = pattern.sub(said, out)
    return out
