"""A fact moved to another person by a cleft or an ellipsis, read as that person's plain statement (issue 13).

A correction often says whose fact it is by stressing the person: "no, it's my husband who's allergic to shrimp,
not me", "I'm not allergic to shrimp, my husband is", "my sister is the one who lives in Leeds", 不对，我不对虾过敏，
是我老公对虾过敏. Read as said, the person's clause opens on "it's" or 是 and names no subject the rules know, and
the ellipsis "my husband is" names no predicate, so only the user's negation was kept and the other person's fact
was lost. ``person_cleft`` says each such clause as the plain statement ("my husband is allergic to shrimp",
我老公对虾过敏), and a trailing "not me" after a copula as the user's own negation ("I'm not allergic to shrimp"),
so both the other person's fact and the user's correction are read.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["person_cleft"]


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(English cleft, English "the one", English ellipsis, Chinese 是 + person) patterns."""
    en_rel, zh_rel = lexicon().classes["en"]["REL"], lexicon().classes["zh"]["REL"]
    who = rf"(?P<who>my\s+(?:(?:older|younger|big|little|elder|best)\s+)?(?:{en_rel})(?:\s+(?-i:[A-Z])[a-z]+)?)"
    cleft = re.compile(
        rf"\b(?:it's|it\s+is|it\s+was)\s+{who}\s+(?:who|that)(?:(?P<cop>'s|\s+is|\s+was)|(?P<has>'s\s+got|\s+has)|"
        rf"\s+(?P<verb>\w+))\s+(?P<pred>[^,.;!?]+?)(?P<notme>\s*,?\s*(?:and\s+)?not\s+me\b)?(?=\s*(?:[,.;!?]|$))",
        re.IGNORECASE)
    one = re.compile(rf"\b{who}(?P<cop>'s|\s+is)\s+the\s+one\s+(?:who(?:'s|\s+is)\s+|that(?:'s|\s+is)\s+)?"
                     rf"(?=(?:allergic|intolerant|sensitive|vegan|vegetarian|pregnant|diabetic|a\s|an\s))",
                     re.IGNORECASE)
    ellipsis = re.compile(
        rf"\b(?P<i>i'm|i\s+am|im)\s+not\s+(?P<pred>(?:allergic|intolerant|sensitive)\s+to\s+[^,.;!?]+?|"
        rf"(?:a|an)\s+[^,.;!?]+?|vegan|vegetarian|pregnant|diabetic)\s*[,;]\s*(?:but\s+|it's\s+)?{who}"
        rf"(?:'s|\s+is)(?=\s*(?:[.!;]|$|,|\s+(?:though|lol|haha)\b))",
        re.IGNORECASE)
    zh = re.compile(rf"(?:(?<=^)|(?<=[，,。；;！!]))\s*(?:而?是|其实是)(?=我(?:的)?(?:{zh_rel}))")
    return cleft, one, ellipsis, zh


def person_cleft(text: str) -> str:
    """``text`` with each clause that moves a fact to another person said as that person's plain statement.

    Units: characters in, characters out; ``text`` itself when it holds no such clause. Never raises.

    "no, it's my husband who's allergic to shrimp, not me" -> "no, my husband is allergic to shrimp, I'm not
    allergic to shrimp"; "I'm not allergic to shrimp, my husband is" -> "I'm not allergic to shrimp, my husband is
    allergic to shrimp"; "我不对虾过敏，是我老公对虾过敏" -> "我不对虾过敏，我老公对虾过敏".
    """
    cleft, one, ellipsis, zh = _patterns()
    if "my" in text.casefold():

        def plain(m: re.Match[str]) -> str:
            pred = m.group("pred").strip()
            if m.group("cop"):
                said = f"{m.group('who')} is {pred}"
                return said + (f", I'm not {pred}" if m.group("notme") else "")
            if m.group("has"):
                return f"{m.group('who')} has {pred}"
            return f"{m.group('who')} {m.group('verb')} {pred}"

        text = cleft.sub(plain, text)
        text = one.sub(lambda m: f"{m.group('who')} is ", text)
        text = ellipsis.sub(lambda m: f"{m.group(0)} {m.group('pred').strip()}", text)
    if "是我" in text:
        text = zh.sub("", text)
    return text
