"""Whose fact a correction is about: a person named by relation, name or pronoun (``correction``).

``names_person`` and ``names_name`` tell whether a correction names the person of a stored key ("my sister",
"我姐", "Jason", or a pronoun of their gender); ``wrong_person`` ends the facts of a person named wrongly ("I meant
my cousin moved to Portland, not my sister"). ``PRONOUN`` is the pronoun that takes a person up.
"""

from __future__ import annotations

import re

from memory_core.model import Kind, Turn
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate
from memory_core.text.relations import relation_names
from memory_core.text.script import has_han

__all__ = ["PRONOUN", "moved_to_other", "names_name", "names_person", "wrong_person"]


# how a person is named in a correction ("my sister", "我姐", "我的妹妹")
_MY = re.compile(r"^(?:my\s+|我的?)", re.IGNORECASE)


# a person taken up by a pronoun ("说错了，她今年六岁", "sorry, he's seven"), and the gender it says
PRONOUN = re.compile(r"\b(?:she|her|he|his|him)\b|她|(?<!其)他(?!们)", re.IGNORECASE)


def names_name(key: str, text: str) -> bool:
    """True when ``text`` names the person of ``key`` by the name the key holds ("fact:friend/jason/occupation":
    "Jason is a barista, not a chef"; "fact:朋友/阿杰/works_at": 阿杰是去了中山医院)."""
    names = key.split(":", 1)[1].split("/")[1:-1]
    return any((has_han(name) and name in text)
               or re.search(rf"(?<![\w-]){re.escape(name.replace('_', ' '))}(?![\w-])", text, re.IGNORECASE)
               for name in names if name)


def names_person(owner: str, text: str) -> bool:
    """True when ``text`` names the person of the key label ``owner`` ("my sister", "我姐", "女儿"), or takes them
    up by a pronoun of their gender ("她今年六岁" for a daughter; any pronoun for a friend)."""
    folded = text.casefold()
    if any(name.replace("_", " ") in folded for name in (owner, *relation_names(owner))):
        return True
    said = PRONOUN.search(text.replace("\u2019", "'"))
    if said is None:
        return False
    word = said.group(0).casefold()
    gender = "female" if word in ("she", "her", "她") else "male"
    known = lexicon().gender.get(owner) or next((lexicon().gender[n] for n in relation_names(owner)
                                                 if n in lexicon().gender), "")
    return not known or known == gender


def wrong_person(turn: Turn, cands: list[Candidate], old: str, found: list[tuple[str, str, str]]
                  ) -> list[Candidate]:
    """``cands`` with the wrongly named person's facts ended, when ``old`` names a person the user has facts of.

    "I meant my cousin moved to Portland, not my sister": the turn's own statement about the cousin
    (``fact:cousin/lives_in``) is kept and ends the sister's ``fact:sister/lives_in``. [] when ``old``
    names no person with a fact of the attribute the turn states.
    """
    label = _MY.sub("", old.strip()).casefold().replace(" ", "_")
    if not label:
        return []
    prefix = f"fact:{label}/"
    stored = {key for _, key, _ in found if key.startswith(prefix)}
    hit = False
    for cand in cands:
        if cand.is_event or not cand.key.startswith("fact:") or "/" not in cand.key or cand.key.startswith(prefix):
            continue
        attr = cand.key.split("/", 1)[1]
        wrong = f"{prefix}{attr}"
        if wrong in stored:
            cand.ends = tuple(dict.fromkeys((*cand.ends, wrong)))
            hit = True
    if hit or not stored:
        return cands if hit else []
    # no statement of the turn names the right person ("sorry, I meant my cousin …"): the wrong one's text, said of
    # the person named next to the correction
    right = next((m.group(1) for m in _EN_PERSON.finditer(turn.text.replace("\u2019", "'"))
                  if m.group(1).casefold() != label and lexicon().others["en"].match(f"my {m.group(1)} is")), "")
    if not right:
        return []
    out = [c for c in cands if c.is_event]
    for _, key, description in found:
        if key.startswith(prefix) and re.search(rf"\b{re.escape(label)}\b", description, re.IGNORECASE):
            text = re.sub(rf"\b{re.escape(label)}\b", right, description, count=1, flags=re.IGNORECASE)
            out.append(Candidate(
                kind=Kind.FACT, description=text, theme="relationships", key=f"fact:{right.casefold()}/"
                + key[len(prefix):], polarity=1, confidence=0.9, valid_from=turn.timestamp,
                speaker=turn.speaker.strip() or turn.role, lang="en", claim=text, single_valued=True,
                ends=(key,), evidence=turn.text, notes=[f"correction: {right}, not {label}"]))
    return out if len(out) > len([c for c in cands if c.is_event]) else []


# a person the user names in English ("my cousin")
_EN_PERSON = re.compile(r"\bmy\s+([a-z]+)\b", re.IGNORECASE)


def moved_to_other(cands: list[Candidate]) -> bool:
    """True when the turn's statements move a fact from the user to another person: the user's own fact is said
    negated and the same attribute and object said of a person the user names ("我不对虾过敏，是我老公对虾过敏",
    "it's my husband who's allergic to shrimp, not me": ``fact:allergy:shellfish`` -1 beside
    ``fact:husband/allergy:shellfish`` +1). Such a turn states both facts as said; no value of it is a wrong one
    to replace."""
    denied = {c.key.split("@")[0][len("fact:"):] for c in cands
              if c.polarity < 0 and c.key.startswith("fact:") and "/" not in c.key and not c.restate_only}
    return any(c.polarity > 0 and c.key.startswith("fact:") and "/" in c.key
               and c.key.split("@")[0].split("/", 1)[1] in denied for c in cands)
