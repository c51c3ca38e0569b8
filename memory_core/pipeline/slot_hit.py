"""What the slot engine reads of a clause: one ``SlotHit`` per attribute stated, in a ``ClauseReading``.

``memory_core.pipeline.slots`` reads clauses into these; ``render_form`` says a hit with one of its attribute's
templates ("", "neg", "novalue", …) and ``describe`` says a hit of a subject named as the user is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from memory_core.pipeline.slot_lexicon import Attribute

__all__ = ["ClauseReading", "SlotHit", "describe", "render_form"]


@dataclass(slots=True)
class SlotHit:
    """What one clause says about one attribute.

    Attributes:
        attr: the attribute.
        subject: "" for the user, else another person ("sister", "妈妈").
        value: the value as said (cleaned), or a canonical value ("vegetarian").
        obj: the canonical object the key holds ("" for single-valued attributes).
        polarity: +1 holds, -1 ended or negated.
        key: the canonical slot key, without a speaker qualifier.
        claim: the description without its subject.
        detail: text that adds to the slot's item rather than replacing it.
        ends: keys of other objects this statement ends (a switch of drink).
        switch: True for "switched to X" (the old value unnamed or named).
        named: the other person's name when the clause gives it ("my brother Jack" -> "Jack").
        conditional: read by a weak cue (``if_known``): it may change a slot already stated, never start one.
        default: read by a default cue (``if_unknown``): it may start a slot, never change a stated one.
    """

    attr: Attribute
    subject: str
    value: str
    obj: str
    polarity: int
    key: str
    claim: str
    detail: str = ""
    ends: tuple[str, ...] = ()
    switch: bool = False
    aliases: tuple[str, ...] = ()
    named: str = ""
    conditional: bool = False
    default: bool = False
    past_only: bool = False
    plain: bool = False  # a plain negation ("I don't smoke", plain_negation): it ends only an item naming its value

    @property
    def single_valued(self) -> bool:
        """True when a different value of the key supersedes the old one."""
        return self.attr.single or self.attr.key_group in ("species", "objects")


@dataclass(slots=True)
class ClauseReading:
    """The slot engine's reading of one clause (the ``slots`` module docstring says what each field means)."""

    skip: str = ""
    temporary: bool = False
    stay: bool = False
    subject: str = ""
    hits: list[SlotHit] = field(default_factory=list)


def render_form(attr: Attribute, form: str, lang: str, subject: str, **groups: str) -> tuple[str, str]:
    """Return (description, claim) of ``form`` ("", "neg", "novalue", ...) in ``lang``."""
    templates = attr.render
    name = f"{lang}_{form}" if form else lang
    template = templates.get(name) or templates.get(lang, "{s} {v}")
    values = {"v": "", "obj": "", "d": "", "when": "", "old": "", "job": "", "rel": "", **groups}
    description = " ".join(template.format(s=subject, **values).split()) if lang == "en" \
        else template.format(s=subject, **values).strip()
    claim = " ".join(template.format(s="", **values).split()).strip()
    return description, claim


def describe(hit: SlotHit, lang: str, user: str) -> str:
    """Return the full description of ``hit`` for a subject named ``user`` ("User", "用户", "Caroline")."""
    other = f"{hit.subject}{hit.named}" if lang == "zh" else " ".join(filter(None, (hit.subject, hit.named)))
    who = user if not hit.subject else (f"{user}的{other}" if lang == "zh" else f"{user}'s {other}")
    if not hit.claim:
        return who
    if lang == "zh":
        return who + hit.claim
    claim = _plural_verb(hit.claim) if _PLURAL_PEOPLE.search(hit.subject) else hit.claim
    return f"{who}{claim}" if claim.startswith("'s") else f"{who} {claim}"


#: Other people said as many ("my parents", "my kids", "my in-laws"): the verb agrees ("live", not "lives").
_PLURAL_PEOPLE = re.compile(r"(?:parents|kids|children|grandparents|in-laws|folks|siblings|twins)$", re.IGNORECASE)
_SINGULAR_VERB = re.compile(r"^(?:(is)|(has)|(was)|(does)|(\w+?)(ies|es|s))\b")


def _plural_verb(claim: str) -> str:
    """``claim`` ("lives in Chengdu", "is retired", "has a dog") with its first verb said of many."""
    m = _SINGULAR_VERB.match(claim)
    if m is None or claim.startswith("'s"):
        return claim
    if m.group(1) or m.group(2) or m.group(3) or m.group(4):
        plural = {"is": "are", "has": "have", "was": "were", "does": "do"}[m.group(0)]
    elif m.group(6) == "ies":
        plural = m.group(5) + "y"
    elif m.group(6) == "es" and re.search(r"(?:sh|ch|ss|x|o)$", m.group(5)):
        plural = m.group(5)
    elif m.group(6) == "es":
        plural = m.group(5) + "e"
    else:
        plural = m.group(5)
    return plural + claim[m.end():]
