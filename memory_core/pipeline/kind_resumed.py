"""A drink given up, taken up again as a daily habit of one of its kinds, ends the giving up (issue 13).

"I don't drink coffee" and later "I have a latte every morning now", "我不喝酒" and later "最近每天喝一杯红酒助眠":
the latte is a coffee and the red wine an alcohol (the lexicon's ``kinds`` of a thing, ``Lexicon.kind_of``), so
the user drinks the thing again and the stop no longer holds. The rule is kept narrow, since a stop wrongly ended
is worse than one left a while:

- only drinks (``DRINKS``: coffee, tea, alcohol, soda), the things people give up and take up again by the cup;
- the clause naming the kind must say a habit of now (every day / morning / night, lately, these days, 每天, 最近,
  现在) and the drinking itself (drink, have, 喝, 来一杯), in the user's own voice: a like with no habit ("I like
  the smell of red wine"), a one-off ("had a beer last night"), another person's habit (a ``pref:husband/…`` key)
  and a negated clause end nothing;
- a kind without its essence ("non-alcoholic beer", 无醇啤酒, "decaf latte", 低因拿铁) is no return to the thing;
- a kind beside a kind ends nothing ("I don't drink beer" … "red wine every night now": wine is no beer), since
  only the thing the kind belongs to is ended.

The candidate of the kind gains ``pref:<thing>`` in ``reverses`` with ``reverse_polarity`` +1, so the resolver ends
the user's items of the other polarity on that key (``resolve.end_opposite``), kept in history.
"""

from __future__ import annotations

import re

from memory_core.model import Turn
from memory_core.pipeline.clauses import detect_lang
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate

__all__ = ["DRINKS", "WITHOUT_ESSENCE", "kind_resumed"]

#: The things whose kinds, drunk daily again, end a stop of the thing.
DRINKS = frozenset({"coffee", "tea", "alcohol", "soda"})

_CLAUSE = re.compile(r"[，,。.!！？?；;]+")
#: A habit said as holding now, in each language.
_NOW = {"en": re.compile(r"\b(?:every\s+(?:single\s+)?(?:day|morning|evening|night|afternoon)|each\s+(?:day|morning|"
                         r"night|evening)|daily|nightly|lately|these\s+days|nowadays|now)\b", re.IGNORECASE),
        "zh": re.compile(r"每天|每晚|天天|每个?(?:早上|晚上)|每日|最近|现在|如今|这阵子|这段时间")}
#: The drinking itself.
_DRINK = {"en": re.compile(r"\b(?:drink|drinks|drinking|have|has|having|grab|grabbing)\b", re.IGNORECASE),
          "zh": re.compile(r"喝|来(?:一|两)?(?:杯|罐|瓶|小杯|小瓶)")}
#: A negation, or the thing stopped, in the same clause.
_NOT = {"en": re.compile(r"\b(?:not|no|never|don't|dont|doesn't|didn't|won't|can't|cannot|quit|quitting|stopped|"
                         r"gave\s+up|cut\s+out|without)\b|n't\b", re.IGNORECASE),
        "zh": re.compile(r"不|没|别|戒|停")}
#: A kind without what makes it the thing: no alcohol, no caffeine.
WITHOUT_ESSENCE = re.compile(r"non[-\s]?alcoholic|alcohol[-\s]free|\bzero\b|\b0\.0|decaf|caffeine[-\s]free|"
                              r"\bvirgin\b|mocktail|无醇|无酒精|不含酒精|零度|0度|低因|脱因|无咖啡因|无因",
                              re.IGNORECASE)


def kind_resumed(turn: Turn, cands: list[Candidate]) -> list[Candidate]:
    """``cands`` with the user's daily drink of a kind of a thing made to end the user's stop of that thing.

    Args:
        turn: the turn ``cands`` were read from; only a user's turn is read.
        cands: the turn's candidates; a positive ``pref:<kind>`` one whose clause passes the rule (module docstring)
            gains ``pref:<thing>`` in ``reverses`` and ``reverse_polarity`` +1. Others are returned unchanged.
    """
    if turn.role != "user":
        return cands
    lex = lexicon()
    lang = detect_lang(turn.text)
    if lang not in _NOW:
        return cands
    for cand in cands:
        if cand.kind != "preference" or cand.polarity <= 0 or not cand.key.startswith("pref:") or cand.detail \
                or cand.reverse_polarity < 0 or cand.reverses:
            continue
        said = cand.key.removeprefix("pref:")
        if "/" in said or "@" in said:  # another person's like ("pref:husband/红酒"), or a speaker's in a group
            continue
        thing = lex.kind_of["zh"].get(said) or lex.kind_of["en"].get(said.casefold())
        if thing not in DRINKS or not _habit_of_now(turn.text, said, lang):
            continue
        cand.reverses = (f"pref:{thing}",)
        cand.reverse_polarity = 1
        cand.notes.append(f"a kind of {thing} drunk daily now: the stop of {thing} ends")
    return cands


def _habit_of_now(text: str, said: str, lang: str) -> bool:
    """True when a clause of ``text`` names ``said`` with a habit of now and the drinking, and no negation nor a
    kind without its essence."""
    for clause in _CLAUSE.split(text):
        if said.casefold() not in clause.casefold():
            continue
        if _NOW[lang].search(clause) and _DRINK[lang].search(clause) and not _NOT[lang].search(clause) \
                and not WITHOUT_ESSENCE.search(clause):
            return True
    return False
