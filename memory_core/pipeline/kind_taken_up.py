"""A kind of a thing taken up as a habit ends the negation of the whole thing, in either language.

"I dont drink alcohol" … "最近每天喝一杯红酒助眠"; "我不喝酒" … "I've been having a beer with dinner every night
lately"; "I don't eat meat" … "I eat chicken a few times a week now": wine and beer are kinds of alcohol and
chicken a kind of meat (``kinds`` in ``data/slots.yaml``), so the user drinks (eats) the thing again and the
negation no longer holds. The like is keyed by the kind (``pref:红酒``) and the negation by the thing
(``pref:alcohol``), so no key conflict ends it: ``kinds_taken_up`` adds the thing's key to what the like
reverses (``cessation.category_keys``, the rule "… again" already follows).

Only a like said as what the user does now or regularly (every day, most nights, a few times a week, lately,
最近, 每天, 经常) ends it: "I like red wine" after "I don't drink alcohol" may be a taste remembered, not a habit
taken up. Never the other way round: giving up beer leaves wine, and a negation of a kind ("I don't drink beer")
ends nothing of the thing. Only the user's own likes (keys with no ``@`` of another person).
"""

from __future__ import annotations

import re

from memory_core.pipeline.cessation import category_keys
from memory_core.pipeline.types import Candidate

__all__ = ["kinds_taken_up"]

# a like said as a habit of now: a frequency, or a word placing it in the present
_EN_NOW = re.compile(r"\b(?:every\s+(?:single\s+)?(?:day|night|morning|evening|week|weekend)|daily|nightly|"
                     r"(?:a\s+few|a\s+couple\s+of|two|three|several|\d+)\s+times\s+a\s+(?:day|week|month)|"
                     r"most\s+(?:days|nights|evenings|weekends)|with\s+(?:dinner|lunch|every\s+meal|meals)|"
                     r"lately|these\s+days|nowadays|now|again|every\s+so\s+often|regularly|often)\b", re.IGNORECASE)
_ZH_NOW = re.compile(r"每天|每晚|每周|每个?(?:星期|礼拜|周末)|天天|经常|常常|最近|现在|如今|又开始|又|"
                     r"一周\S{0,2}次|睡前")


def kinds_taken_up(cands: list[Candidate], text: str) -> None:
    """Add to each positive like of a known kind in ``cands`` the like key of the thing it is a kind of, as a key
    it reverses with polarity +1, when ``text`` (the turn, as the rules read it) says it as a habit of now.

    Candidates are changed in place; one that already carries a cessation (``reverse_polarity`` -1) is left.
    """
    if not (_EN_NOW.search(text) or _ZH_NOW.search(text)):
        return
    for cand in cands:
        if cand.polarity <= 0 or cand.is_event or not cand.key.startswith("pref:") or "@" in cand.key \
                or cand.reverse_polarity < 0:
            continue
        found = category_keys((cand.key,), "")
        if found:
            cand.reverses = tuple(dict.fromkeys((*cand.reverses, *found)))
            cand.reverse_polarity = 1
