"""A diagnosis or an allergy found in childhood still holds.

"I was diagnosed with epilepsy as a kid", "I'm allergic to penicillin, found out the hard way as a kid",
"我小时候就被诊断出有哮喘", "我从小就对花生过敏".

A clause that says when something was ("as a kid", "when I was little", "growing up", 小时候) is read as the
past (``markers.past`` of the slot lexicon): "I played piano as a kid" is no hobby now. A diagnosis is
different: the time dates when the condition was found, and a condition found then (epilepsy, asthma, ADHD,
哮喘, 癫痫) is one the speaker has; so is an allergy said now and found then. Not when they say it is over
("… but I grew out of it", read by the health rules as its end). ``diagnosed_young`` takes the childhood time
out of a clause that reports the speaker's diagnosis or allergy, so the health and allergy rules read it as
what it is; any other past clause, and a diagnosis of another person ("my brother was diagnosed with ADHD as
a kid", 我朋友小时候被诊断出哮喘), are left as they are.
"""

from __future__ import annotations

import re

__all__ = ["diagnosed_young"]

# the speaker's own diagnosis: "I was / got / have been diagnosed with", 我(小时候)(就)被诊断出
_EN_DIAGNOSED = re.compile(r"^\W*(?:(?:and|so|but|also|oh|well)\s+)?i\s+(?:\w+\s+)?"
                           r"(?:was|got|have\s+been|'ve\s+been)\s+"
                           r"(?:first\s+|officially\s+)?diagnosed\s+(?:with|as)\b", re.IGNORECASE)
_EN_YOUNG = re.compile(r"\s*,?\s*\b(?:as\s+a\s+(?:kid|child|little\s+(?:kid|girl|boy)|baby|toddler|teen(?:ager)?)|"
                       r"(?:(?:ever\s+)?since|when)\s+i\s+was\s+(?:a\s+)?(?:little|young|small|kid|child|baby|toddler|teen(?:ager)?|"
                       r"\d{1,2}|(?:five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen))"
                       r"(?:\s+years?\s+old)?|growing\s+up|in\s+(?:my\s+)?childhood|at\s+(?:age\s+)?\d{1,2})\b,?",
                       re.IGNORECASE)
# the speaker's allergy said now, found then ("I'm allergic to penicillin, found out the hard way as a kid")
_EN_ALLERGIC = re.compile(r"^\W*(?:(?:and|so|but|also|oh|well)\s+)?(?:i'm|i\s+am)\s+(?:\w+\s+)?"
                          r"(?:allergic|intolerant)\b", re.IGNORECASE)
_ZH_DIAGNOSED = re.compile(r"^我(?:就|也|是|已经|早就)*"
                           r"(?:被?(?:医生)?(?:诊断|确诊|查出)|对?[^，,。\s]{1,8}?过敏)")
_ZH_YOUNG = re.compile(r"(?:在)?(?:小时候|从小|小学的?时候|初中的?时候|上学的?时候|"
                       r"[一二三四五六七八九十\d]{1,2}岁(?:的)?时候?)"
                       r"(?:就|便)?")
# the condition said to be over: the health rules read the end, the time stays
_OVER = re.compile(r"\b(?:grew\s+out\s+of|outgrew|cured|gone|went\s+away|no\s+longer)\b|好了|痊愈|没了",
                   re.IGNORECASE)


def diagnosed_young(clause: str, lang: str, context: str = "") -> str:
    """``clause`` without the childhood time of a diagnosis or an allergy it reports.

    "I was diagnosed with epilepsy as a kid" -> "I was diagnosed with epilepsy"; "我小时候就被诊断出有哮喘" ->
    "我被诊断出有哮喘". ``clause`` itself when it reports neither, says no childhood time, or when it or its
    turn (``context``) says the condition is over ("… as a kid but I grew out of it"). Units: characters."""
    if _OVER.search(context or clause):
        return clause
    if lang == "zh":
        young = _ZH_YOUNG.sub("", clause, count=1)
        return young if young != clause and _ZH_DIAGNOSED.match(young) else clause
    if not (_EN_DIAGNOSED.search(clause) or _EN_ALLERGIC.search(clause)):
        return clause
    return _EN_YOUNG.sub("", clause, count=1).strip()
