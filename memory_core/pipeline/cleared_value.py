"""The wrong value of a correction said as harmless: "I meant cephalosporins, penicillin is fine for me" (issue 13).

A correction names the wrong value with "not" ("cashews, not peanuts", 是腰果，不是花生), or, for a thing
that does the user no harm, by saying it is fine: "penicillin is fine for me", "penicillin's no problem",
"I'm fine with penicillin", "青霉素没事", "青霉素没问题", "青霉素可以吃", "青霉素不过敏". ``as_not`` says
the second shape as the first, so ``correction.read_correction`` reads the pair (new, old) from either. A
parenthesised gloss after a value ("cephalosporins (头孢)") is left out: it names the same value again.
Only a turn with a correction cue is read this way (the caller checks it): "penicillin is fine for me"
alone corrects nothing.
"""

from __future__ import annotations

import re

__all__ = ["as_not", "without_gloss"]

_THING_EN = r"(?!not\b)[A-Za-z][\w&'-]*(?:\s+[A-Za-z][\w&'-]*){0,2}"
# "<Y> is fine (for me)", "<Y>'s ok", "<Y> is totally fine", "<Y> is no problem", "<Y> doesn't bother me"
_FINE_EN = re.compile(rf"(?P<lead>[,;]\s*|\s(?:and|but)\s+)(?P<y>{_THING_EN})\s*(?:'s|\s+is|\s+are)\s+"
                      r"(?:(?:totally|actually|perfectly|completely|all)\s+)?"
                      r"(?:fine|ok|okay|no\s+problem|not\s+a\s+problem|safe)(?:\s+for\s+me)?\b"
                      rf"|(?P<lead2>[,;]\s*|\s(?:and|but)\s+)i'?m\s+(?:totally\s+)?(?:fine|ok|okay)\s+with\s+"
                      rf"(?P<y2>{_THING_EN})\b",
                      re.IGNORECASE)
# "，<Y>没事", "，<Y>没问题", "，<Y>可以吃", "，<Y>不过敏", "，<Y>倒是没事"
_FINE_ZH = re.compile(r"(?P<lead>[，,；;])\s*(?P<y>[^，,。！!？?；;、\s]{1,10}?)(?:倒是|其实|是)?"
                      r"(?:没事|没问题|没关系|不过敏|可以(?:吃|用|打)?|能(?:吃|用|打))(?:的|了)?(?=$|[，,。！!？?；;\s])")
_GLOSS = re.compile(r"\s*[（(][^（）()]{1,20}[）)]")


def as_not(text: str) -> str:
    """Return ``text`` with a value said to be fine said as the wrong one ("…, not penicillin", "…，不是青霉素").

    Args:
        text: one user turn that holds a correction cue.

    Returns:
        The turn rewritten; the turn without its parenthesised glosses when it says nothing is fine.
    """
    plain = without_gloss(text)

    def en(m: re.Match[str]) -> str:
        return f", not {m.group('y') or m.group('y2')}"
    plain = _FINE_EN.sub(en, plain)
    return _FINE_ZH.sub(lambda m: f"{m.group('lead')}不是{m.group('y')}", plain)


def without_gloss(text: str) -> str:
    """``text`` without its parenthesised glosses ("cephalosporins (头孢)" -> "cephalosporins"): the language a
    turn is said in is the one of its words, not of a gloss beside one."""
    return _GLOSS.sub("", text)
