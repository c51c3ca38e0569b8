"""What of a health finding is its value: the part a mask hides, so the kind of fact stays readable.

A health finding's span often starts with the words that say what kind of
fact it is ("allergic to penicillin", "takes metformin", 用户对青霉素 … 过敏,
每天吃二甲双胍). Masking the whole span left "User is [health]", which does
not say an allergy from a medication; the predicate is not the secret, the
condition or medicine is (seed 001 §8.12.2 masks the value, as "my PIN is
[code]" keeps "my PIN is").

An allergy is masked the same way in both languages: the allergen is the value,
the allergy word stays ("allergic to [health]", "a [health] allergy",
"对[health]过敏", "[health]过敏"); a bare 过敏 found alone hides the allergen
named before it in its clause (after 对, else a listed allergen after the person:
``allergens.names_allergen``). A value saying there is none ("no allergies", "allergic to anything",
对什么都不过敏) is no value: it stays in clear, as a mask would read as an allergy.
Who has it (儿子, 老婆, "my son") is not the value and stays in clear.
"""

from __future__ import annotations

import re

from memory_core.pipeline.allergens import names_allergen

__all__ = ["value_span"]

_LEAD = re.compile(r"[^\n]{0,40}?\bdiagnosed\s+(?:with|w/)\s+|"  # "User was diagnosed with …"
                   r"(?:(?:is|am|are|was|were|be)\s+)?(?:allergic|intolerant)\s+to\s+|"
                   r"(?:takes?|taking|took|(?:(?:is|am|are)\s+)?on|diagnosed\s+with|suffers?\s+from)\s+|"
                   r"(?:an?\s+|the\s+|my\s+|his\s+|her\s+|their\s+)?(?:(?:severe|mild|bad|serious|slight|"
                   r"life[-\s]threatening)\s+)?(?=[\w-]+(?:\s+[\w-]+)?\s+allerg(?:y|ies)$)|"  # a [shellfish] allergy
                   r"[^\s，。,；;！!？?]{0,4}?对|(?:每天|每日|一直|正在|在)?(?:吃|服用|打)|确诊(?:了|为)?|诊断(?:出|为)(?:了)?|查出来?(?:是|有)?|"
                   r"患有|得了",
                   re.IGNORECASE)
_TRAIL = re.compile(r"\s+allerg(?:y|ies)$|"
                    r"(?:有点|有些|严重|特别|非常|很|都|也|比较)*过敏$", re.IGNORECASE)
# how often a dose is taken, after the dose ("500mg twice", "10mg daily"): no part of the value
_DOSE_FREQUENCY = re.compile(r"(?<=[\dgls])\s+(?:once|twice|thrice|daily|weekly|nightly|every|each|per|a|an|at|in|"
                             r"and|with|times|morning|mornings|evening|night|nights)$", re.IGNORECASE)
_BARE = re.compile(r"(?:过敏|allergic|allerg(?:y|ies)|intolerant)", re.IGNORECASE)
#: Where the clause of a bare 过敏 starts: a stop, or the person who has it (我, 她, 用户, 儿子 …).
_ZH_CLAUSE = re.compile(r"[\s，。,.；;：:！!？?、]|user|用户|[我你他她它](?:们)?|(?:儿子|女儿|孩子|老婆|老公|"
                        r"妻子|丈夫|爸爸|妈妈|父亲|母亲|哥哥|姐姐|弟弟|妹妹|"
                        r"爷爷|奶奶|外公|外婆|宝宝|朋友|同事)|对", re.IGNORECASE)
# degree and negation words between an allergen and its 过敏 (虾有点过敏, 花生其实不过敏): no part of the allergen
_ZH_DEGREE = re.compile(r"(?:有点|有些|严重|特别|非常|很|都|也|比较|一直|容易|老是|经常|总是|"
                        r"其实|已经|早就|并|不再|不|没有|没)+$")


#: A value that says there is none ("no allergies", "allergic to anything", 对什么都不过敏, 没有任何过敏): no condition
#: to hide, and masked it would read as one ("User has [health] allergies").
_NONE = re.compile(r"\s*(?:no|none|nothing|any|anything|no\s+known|any\s+known|not\s+any)\s*|"
                   r"\s*(?:什么|任何|啥)(?:东西|食物|药物?)?(?:都|也)?(?:不|没)?(?:会|有)?\s*", re.IGNORECASE)


# an allergen said in English inside a Chinese clause, right before its 过敏 ("对 Seattle 那边的 grass pollen 过敏"):
# one or two Latin words, and the clause they end ("对" in it makes them the allergen)
_LATIN_BEFORE = re.compile(r"(?<![A-Za-z'-])([A-Za-z][A-Za-z'-]*(?:\s+[A-Za-z][A-Za-z'-]*)?)\s*$")
_CLAUSE_STOP = re.compile(r"[，。,.；;！!？?\n]")


def _latin_allergen_before(text: str, at: int) -> tuple[int, int] | None:
    """The English allergen a bare 过敏 at ``at`` names right before it in a Chinese clause (我对 pollen 过敏,
    是对 Seattle 那边的 grass pollen 过敏 → "grass pollen"), or None."""
    before = text[max(0, at - 60):at]
    m = _LATIN_BEFORE.search(before)
    if m is None:
        return None
    base = at - len(before)
    clause = before[max((s.end() for s in _CLAUSE_STOP.finditer(before, 0, m.start())), default=0):m.start()]
    if "对" not in clause and not names_allergen(m.group(1)):
        return None
    return None if _NONE.fullmatch(m.group(1)) else (base + m.start(1), base + m.end(1))


def _allergen_before(text: str, at: int) -> tuple[int, int] | None:
    """The allergen a bare 过敏 at ``at`` names before it (我对虾过敏 → 虾, 老婆海鲜过敏 → 海鲜, 我对 pollen 过敏 →
    pollen), or None."""
    latin = _latin_allergen_before(text, at)
    if latin is not None:
        return latin
    before = text[max(0, at - 12):at]
    base = at - len(before)
    clause = list(_ZH_CLAUSE.finditer(before))
    cut = clause[-1].end() if clause else 0
    stem = before[cut:]
    if not (clause and clause[-1].group() == "对") and not names_allergen(stem):
        return None  # no 对 and no listed allergen: 换季容易过敏 names none
    degree = _ZH_DEGREE.search(stem)
    end = cut + (degree.start() if degree else len(stem))
    return (base + cut, base + end) if end > cut and not _NONE.fullmatch(stem[:end - cut]) else None


def value_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The ``(start, end)`` of a health finding's value inside ``text[start:end]``: past a leading predicate
    ("allergic to ", "takes ", 对, 吃) and before a trailing allergy word ("shellfish allergy", 虾过敏); for a
    bare 过敏, the allergen named before it in its clause; None when nothing but the predicate is there."""
    value = text[start:end]
    if _BARE.fullmatch(value):
        return _allergen_before(text, start) if value == "过敏" else None
    lead = _LEAD.match(value)
    if lead is not None and lead.end() < len(value):
        start += lead.end()
        value = text[start:end]
    trail = _TRAIL.search(value)
    if trail is not None and trail.start() > 0:
        end = start + trail.start()
    freq = _DOSE_FREQUENCY.search(text, start, end)
    if freq is not None and re.search(r"\d", text[start:freq.start()]):
        end = freq.start()
    return None if _NONE.fullmatch(text[start:end]) else (start, end)
