"""Things of one kind named side by side are one item each (issue 13: lists keep every value).

"I'm learning Spanish and French", "I speak English, Japanese and Korean", "我在学西班牙语和法语",
"我会说英语、日语和韩语": the slot reads the first value only ("fact:language:spanish"), and the clause's own text
then makes that item say the whole list, so "I stopped learning French" ends French under its own key while the
Spanish item still says French. ``members_apart`` gives each value named beside the first, of the same kind in
the lexicon (a language beside a language; a hedge before it is passed over: "Jira and Slack and honestly too much
Notion"), a hit of its own under its own key, and each hit the clause with
the list cut down to its own value, so each item's text says its value alone ("User is learning French") and ends
alone. Pets are left to ``clause_hits`` (a count goes with each), and a value the lexicon does not know is left
in the first item's text.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from memory_core.pipeline.slot_lexicon import lexicon

if TYPE_CHECKING:
    from memory_core.pipeline.slots import SlotHit

__all__ = ["members_apart"]

# what joins two values ("Spanish and French", "English, Japanese and Korean", "英语、日语和韩语")
_JOINT = {"en": re.compile(r"\s*(?:,\s*(?:and\s+|&\s+)?|\s+and(?:\s*,)?\s+|\s*&\s*|\s+as\s+well\s+as\s+)",
                          re.IGNORECASE),
          "zh": re.compile(r"\s*(?:、|和|跟|与|以及|还有|及|，)\s*")}
_EN_WORDS = re.compile(r"[A-Za-z][\w'+-]*(?:\s+[A-Za-z][\w'+-]*){0,2}")
_ZH_RUN = re.compile(r"[^\s、，,。！!？?；;和跟与及]{1,8}")


def members_apart(hits: list[SlotHit], clause: str, lang: str) -> list[tuple[SlotHit, str]]:
    """Each hit with the clause it is read in, a hit of its own for every value named beside one (module doc).

    Args:
        hits: one clause's slot hits, in the order found.
        clause: the clause as read.
        lang: "en" or "zh".

    Returns:
        ``(hit, clause)`` pairs: a hit naming no list with ``clause`` unchanged; a hit of a list and one new hit
        per further value, each with the clause whose list says its value alone.
    """
    out: list[tuple[SlotHit, str]] = []
    for hit in hits:
        found = _members(hit, clause, lang)
        if not found:
            out.append((hit, clause))
            continue
        start, end = found[0][0], found[-1][1]
        for n, (at, stop, word, oid) in enumerate(found):
            own = clause[:start] + clause[at:stop] + clause[end:]
            if n == 0:
                out.append((hit, own))
                continue
            said = hit.claim.find(hit.value)
            claim = hit.claim[:said] + word + hit.claim[said + len(hit.value):] if said >= 0 else hit.claim
            out.append((replace(hit, value=word, obj=oid, key=f"{hit.key.rpartition(':')[0]}:{oid}", claim=claim,
                                aliases=(oid, *lexicon().names.get(oid, ()))), own))
    return out


def _members(hit: SlotHit, clause: str, lang: str) -> list[tuple[int, int, str, str]]:
    """(start, end, word, object id) of the hit's value and of each value of its kind named after it, joined to it;
    [] when the hit names no such list."""
    lex = lexicon()
    kind = lex.category.get(hit.obj, "")
    if (not kind or kind == "species" or hit.polarity <= 0 or hit.subject or hit.detail or not hit.value
            or hit.attr.single or not hit.attr.keyed or not hit.key.endswith(f":{hit.obj}")):
        return []
    at = clause.casefold().find(hit.value.casefold())
    if at < 0:
        return []
    found = [(at, at + len(hit.value), hit.value, hit.obj)]
    seen = {hit.obj}
    while True:
        joint = _JOINT[lang].match(clause, found[-1][1])
        if joint is None or joint.end() == found[-1][1]:
            break
        at = _hedged(clause, joint.end(), lang)  # "… and honestly too much Notion": Notion
        member = _member(clause, at, lang)
        if member is None or lex.category.get(member[1]) != kind or member[1] in seen:
            break
        seen.add(member[1])
        found.append((at, at + len(member[0]), member[0], member[1]))
    return found if len(found) > 1 else []


def _hedged(clause: str, at: int, lang: str) -> int:
    """Where the value said at ``at`` in ``clause`` starts, past the hedges before it (the lexicon's ``LISTHEDGE``
    class: "honestly too much Notion", "like, Jira"); ``at`` when there are none."""
    hedge = lexicon().classes[lang].get("LISTHEDGE")
    if not hedge:
        return at
    run = re.compile(rf"(?:(?:{hedge})(?=[\s,])[\s,]*)+", re.IGNORECASE).match(clause, at)
    return run.end() if run else at


def _member(clause: str, at: int, lang: str) -> tuple[str, str] | None:
    """(word, object id) of the known thing named at ``at`` in ``clause``, the longest name there; else None."""
    lex = lexicon()
    run = (_EN_WORDS if lang == "en" else _ZH_RUN).match(clause, at)
    if run is None:
        return None
    text = run.group(0)
    cuts = [m.end() for m in re.finditer(r"[\w'+-]+", text)] if lang == "en" else range(len(text), 0, -1)
    for cut in sorted(cuts, reverse=True):
        oid = lex.exact(text[:cut], lang)
        if oid:
            return text[:cut], oid
    return None
