"""A relationship begun without a name takes the name of the person the user met before it (issue 13 §2).

"相亲认识了一个男生，叫周航" and days later "我们正式在一起啦！" (or "在一起了", "I met a guy named Jake" … "we're
official now"): the second turn names nobody, so alone it keeps "用户脱单了，有对象了" (after "单身") or only the
user's own words. The person it speaks of is the one last met as a possible partner (Hobbs 1978's recency, on
the user's earlier turns): ``met_partner`` reads that person and the word of the partner from the earlier turn
(a 男生 is a 男朋友, a woman a girlfriend), and ``bond_met`` writes the name into the turn's unnamed partner
candidate, which then holds the slot in its own right (it no longer needs an earlier statement of it). The words
are data (``data/introduced_person.yaml``, section ``met``).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from datetime import timedelta

from memory_core.model import Trust, Turn
from memory_core.pipeline.slot_hit import render_form
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.word_alt import word_alternation as _alt
from memory_core.shipped_yaml import load_shipped
from memory_core.store.lookup import KeyLookup

__all__ = ["bond_met", "met_partner"]

#: How far back a person met is read as the one a relationship began with, in days.
MET_WITHIN_DAYS = 365
#: The partner word of each role gender, per language.
_PARTNER_WORD = {"en": {"he": "boyfriend", "she": "girlfriend", "any": "partner"},
                 "zh": {"he": "男朋友", "she": "女朋友", "any": "对象"}}
_FORMS = ("dating", "married", "engaged")


@functools.lru_cache(maxsize=1)
def _patterns() -> dict[str, list[re.Pattern[str]]]:
    """The compiled readings of a person met, per language (named groups ``he``/``she``/``any`` and ``name``).

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data file is missing or malformed (a packaging fault).
    """
    data = load_shipped("data", "introduced_person.yaml")["met"]
    en, zh = data["en"], data["zh"]
    en_roles = "|".join(f"(?P<{g}>{_alt(en[g])})" for g in ("he", "she", "any"))
    en_name = r"(?P<name>(?-i:[A-Z][a-z'-]+))\b"
    zh_roles = "|".join(f"(?P<{g}>{_alt(zh[g])})" for g in ("he", "she", "any"))
    zh_lead = rf"(?:{_alt(zh['before_verb'])})*(?:{_alt(zh['verbs'])})(?:一个|一位|个|位)?"
    zh_name = r"(?P<name>[A-Z][a-z]+|[\u4e00-\u9fff]{2,3}?)"
    return {
        "en": [re.compile(rf"\b(?:i\s+)?(?:{_alt(en['verbs'])})\s+(?:a|an|this|one|some)?\s*(?:[a-z-]+\s+){{0,2}}?"
                          rf"(?:{en_roles})\s*,?\s+(?:{_alt(en['naming'])})\s+{en_name}", re.IGNORECASE),
               re.compile(rf"\b(?:i\s+)?(?:{_alt(en['verbs'])})\s+(?:someone|somebody|a\s+(?:{en_roles}))[^,.;!?]{{0,30}}?\s*[,;—–-]\s*"
                          rf"(?:his|her|their)\s+name(?:'s|\s+is)\s+{en_name}", re.IGNORECASE),
               re.compile(rf"\b(?:i\s+)?(?:{_alt(en['with_name'])})\s+{en_name}(?!\s+and\s+(?:his|her)\s)",
                          re.IGNORECASE)],
        "zh": [re.compile(rf"{zh_lead}[^，,。！!？?\s]{{0,8}}?(?:{zh_roles})[，,]?\s*(?:(?:他|她)(?:的名字)?)?"
                          rf"(?:叫|名叫)\s*{zh_name}(?=[，,。！!~～\s]|$|我们|哈|的)"),
               re.compile(rf"{zh_lead}叫(?P<name>[^，,。！!？?\s的]{{1,6}})的[^，,。！!？?\s]{{0,6}}?(?:{zh_roles})")],
    }


def met_partner(text: str) -> tuple[str, str] | None:
    """(name, gender) of a possible partner a user's ``text`` (either language) says they met, or None.

    The gender is "he", "she" or "any" (the role said: 男生, woman, someone). "相亲认识了一个男生，叫周航" ->
    ("周航", "he"); "I met a guy named Jake at a party" -> ("Jake", "he"); "matched with Priya on Hinge" ->
    ("Priya", "any"); "认识了一个同事叫小李" -> None (a colleague is no date).
    """
    for lang in ("zh", "en"):
        for pattern in _patterns()[lang]:
            m = pattern.search(text)
            if m is not None:
                return m.group("name"), next((g for g in ("he", "she") if m.groupdict().get(g)), "any")
    return None


def _unnamed_form(cand: Candidate) -> str | None:
    """The form ("dating", "married", "engaged") of the user's partner candidate said with no name, or None."""
    if cand.is_event or cand.polarity <= 0 or cand.key.split("@", 1)[0] != "fact:partner":
        return None
    attr = next((a for a in lexicon().attributes if a.id == "partner"), None)
    if attr is None:
        return None
    return next((form for form in _FORMS if cand.claim == render_form(attr, f"{form}_novalue", cand.lang, "")[1]),
                None)


def _named(cand: Candidate, form: str, name: str, word: str) -> Candidate:
    """``cand`` rewritten to name the partner ``name`` (the slot's ``rel`` form for a relationship begun)."""
    attr = next(a for a in lexicon().attributes if a.id == "partner")
    subject = cand.description[:len(cand.description) - len(cand.claim)].strip() if cand.lang == "en" \
        else cand.description[:len(cand.description) - len(cand.claim)]
    description, claim = render_form(attr, "rel" if form == "dating" else form, cand.lang, subject,
                                     v=name, rel=word)
    return dataclasses.replace(cand, description=description, claim=claim, needs_existing=False,
                               aliases=(name,), notes=[*cand.notes, f"partner met before: {name}"])


def bond_met(turn: Turn, cands: list[Candidate], store: KeyLookup) -> list[Candidate]:
    """``cands`` with an unnamed beginning of the user's partner naming the person last met before ``turn``.

    Reads the user's own earlier turns (their active ``event:`` items of the last ``MET_WITHIN_DAYS`` days) only
    when the turn holds such a candidate and names no person met itself; the candidate standing in for it in the
    user's own words (``instead_of``) goes, the named one holds the slot.

    Raises:
        StoreError: the store failed while reading.
    """
    unnamed = [(c, form) for c in cands if (form := _unnamed_form(c)) is not None]
    if not unnamed or turn.role != "user":
        return cands
    found = met_partner(turn.text)
    if found is None:
        since = turn.timestamp - timedelta(days=MET_WITHIN_DAYS)
        events = [e for e in store.active_said_after(turn.user_id, "event:", since)
                  if e.trust == Trust.USER and (e.valid_from or e.created_at) < turn.timestamp]
        events.sort(key=lambda e: e.valid_from or e.created_at)
        for event in reversed(events):
            text = event.description.split(": ", 1)[-1]
            if (found := met_partner(text)) is not None:
                break
    if found is None:
        return cands
    name, gender = found
    named = {id(c): _named(c, form, name, _PARTNER_WORD[c.lang][gender]) for c, form in unnamed}
    keys = {c.key for c, _ in unnamed}
    return [named.get(id(c), c) for c in cands if not (c.instead_of and c.instead_of in keys)]
