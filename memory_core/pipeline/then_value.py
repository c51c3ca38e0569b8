"""Two values of one slot said in order in one turn: the earlier is history, the later holds (issue 13 §1).

"I live in Lisbon. 后来搬到了波尔图", "I lived in Berlin, then moved to Munich",
"以前住北京，后来搬去了深圳", "我一开始住在成都，去年搬到重庆了": the turn tells
a change. Read as one statement its two homes would be joined into one item
("User lives in Lisbon，住在波尔图") or the later one lost. Here the turn is cut
at its marker of order (then, later, 后来, 去年 …) when what follows it says a
change (moved, joined, 搬, 换 …); each part is read on its own, the earlier with
its past markers taken out ("以前住北京" read as "住北京"). Where both parts give
the user's own value of one single-valued slot (home, employer, school, job
title) and the values differ, the later part's candidate stands for the slot
and the earlier one is kept aside (``Candidate.held_before``): ``held_before_ops``
stores it as history, superseded by the later value's item.

A turn with no change after its marker ("I live in Lyon, in the Croix-Rousse"),
another person's move ("my sister moved to Porto later") or a plan ("then I'll
move to Porto": read as a plan by the slot engine, no value) changes nothing.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from memory_core.model import Actor, MemoryItem, Status, Turn
from memory_core.pipeline.agreement import agrees, names_value
from memory_core.pipeline.clauses import detect_lang
from memory_core.pipeline.resolve import KeyConflictResolver
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped
from memory_core.store.write_ops import AddOp, EndOp, Op

__all__ = ["SEQUENCE_SLOTS", "held_before_ops", "in_turn_order"]

#: Slot keys (without a speaker qualifier) one value at a time, whose earlier value a turn may tell before its change.
SEQUENCE_SLOTS = frozenset({"fact:lives_in", "fact:works_at", "fact:school", "fact:occupation"})

#: A marker of order at a clause boundary, in each language; group "rest" is what follows it.
_MARK = {
    "en": re.compile(r"(?:[,.;!]\s*|\s+)(?:and\s+|but\s+)?(?:then|later(?:\s+on)?|after\s+that|afterwards|eventually|"
                     r"(?:a\s+few|two|three|\d+)\s+years\s+later|last\s+(?:year|month|spring|summer|autumn|fall|"
                     r"winter)|in\s+(?:19|20)\d\d|since|but)\b[,\s]*(?P<rest>.+)$", re.IGNORECASE),
    "zh": re.compile(r"[，,。；;！!\s]\s*(?:但是?|不过|可是)?(?P<rest>(?:后来|之后|然后|再后来|随后|去年|前年|今年|"
                     r"上个月|年初|年底|毕业后|现在|如今)(?:又|就|才)?.+)$"),
}
#: What the part after the marker must say for the turn to tell a change: a move, a new job or school.
_CHANGE = {
    "en": re.compile(r"\b(?:moved|relocated|switched|transferred|joined|started\s+(?:at|working|a\s+new)|"
                     r"became|got\s+(?:a\s+job|hired))\b", re.IGNORECASE),
    "zh": re.compile(r"搬|跳槽|换了?工作|换到|转到|转去|转岗|转学|调到|调去|入职|去了|定居|考上|当上|成了"),
}
#: Words of the past the earlier part is read without ("以前住北京" -> "住北京"; "I lived in" -> "I live in").
_PAST = {
    "en": ((re.compile(r"\bused\s+to\s+live\b|\blived\b|\bwas\s+living\b", re.IGNORECASE), "live"),
           (re.compile(r"\bused\s+to\s+work\b|\bworked\b|\bwas\s+working\b", re.IGNORECASE), "work"),
           (re.compile(r"\bused\s+to\s+study\b|\bstudied\b|\bwas\s+studying\b", re.IGNORECASE), "study"),
           (re.compile(r"\bused\s+to\s+be\b|\bwas\b", re.IGNORECASE), "am")),
    "zh": ((re.compile(r"以前|之前|原来|原先|一开始|最开始|刚开始|起初|曾经|过去|本来"), ""),),
}
#: The sequence words of the later part that say nothing of when ("后来", "then"), left out before it is read.
_SEQUENCE_WORD = {"en": re.compile(r"^(?:and\s+|but\s+)?(?:then|later(?:\s+on)?|after\s+that|afterwards|"
                                   r"eventually|but)\b[,\s]*", re.IGNORECASE),
                  "zh": re.compile(r"^(?:后来|之后|然后|再后来|随后)(?:又|就|才)?")}
_EN_SUBJECT = re.compile(r"\b(?:I|I'm|I've|we|we've|we're)\b")


def _parts(text: str) -> tuple[str, str, str] | None:
    """(earlier part, later part, language) of a turn that tells a change after a marker of order, or None."""
    lang = detect_lang(text)
    for lang_of_mark in (lang, "zh" if lang == "en" else "en"):  # "I live in Lisbon. 后来搬到了波尔图"
        for m in _MARK[lang_of_mark].finditer(text):
            rest = m.group("rest").strip()
            if _CHANGE[lang_of_mark].search(rest) and m.start() > 0:
                return text[:m.start()].strip(), rest, lang_of_mark
    return None


def _earlier_text(part: str) -> str:
    """The earlier part with its words of the past taken out, so the slot engine reads its value."""
    lang = detect_lang(part)
    for pattern, word in _PAST[lang]:
        if pattern.search(part):
            part = pattern.sub(word, part, count=1)
            break
    if lang == "zh" and not part.startswith("我"):
        part = "我" + part
    return part


def _later_text(part: str, lang: str) -> str:
    """The later part as a statement of its own: its sequence word out, its dropped subject put back."""
    part = _SEQUENCE_WORD[lang].sub("", part).strip()
    if lang == "zh":
        return part if part.startswith(("我", "我们")) else "我" + part
    return part if _EN_SUBJECT.search(part) else "I " + part


def _slot(cand: Candidate) -> str:
    """The candidate's slot key without its speaker qualifier; "" for none of ``SEQUENCE_SLOTS``."""
    key = cand.key.split("@")[0]
    return key if key in SEQUENCE_SLOTS and cand.single_valued and cand.polarity > 0 and not cand.detail else ""


def in_turn_order(turn: Turn, cands: list[Candidate], extract: Callable[[Turn], list[Candidate]]) -> list[Candidate]:
    """``cands`` with a value said before the turn's change kept as history of the later one.

    Args:
        turn: the turn ``cands`` were read from.
        cands: the turn's candidates, as extracted.
        extract: the extractor, run on each part of the turn as a turn of its own.

    Returns:
        ``cands`` unchanged when the turn tells no change of a ``SEQUENCE_SLOTS`` slot in order (but for the work
        held until a retirement the turn says, kept as its history: ``_retired_after``); else
        with the slot's candidates (and its own-words ``gist:`` ones) replaced by the later part's, followed by
        the earlier value's candidate marked ``held_before`` (its key kept there, ``key`` emptied so no stage
        takes it for the slot's value).
    """
    parts = _parts(turn.text) if turn.role == "user" else None
    if parts is None:
        return _retired_after(turn, cands, extract) if turn.role == "user" else cands
    earlier = [c for c in extract(replace(turn, text=_earlier_text(parts[0]))) if _slot(c)]
    later = [c for c in extract(replace(turn, text=_later_text(parts[1], parts[2]))) if _slot(c)]
    pairs = [(e, c) for c in later for e in earlier if e.key == c.key and e.claim.casefold() != c.claim.casefold()]
    if not pairs:
        return cands
    keys = {c.key for _, c in pairs}
    gists = {"gist:" + k.split(":", 1)[1] for k in keys}
    kept = [c for c in cands if c.key not in keys and c.key.split("@")[0] not in gists]
    out = kept + [c for _, c in pairs]
    for before, now in pairs:
        before.held_before, before.key = before.key, ""
        before.valid_until = now.valid_from  # "then joined Meta last spring": the old value held until then
        before.notes.append(f"said before the turn's change to: {now.claim}")
        out.append(before)
    return out


@functools.lru_cache(maxsize=1)
def _until_retiring() -> dict[str, re.Pattern[str]]:
    """The work held until retiring said beside it, per language (``data/self_intro.yaml``)."""
    data = load_shipped("data", "self_intro.yaml")["held_until_retiring"]
    return {lang: re.compile(data[lang], re.IGNORECASE) for lang in ("en", "zh")}


def _retired_after(turn: Turn, cands: list[Candidate], extract: Callable[[Turn], list[Candidate]]
                   ) -> list[Candidate]:
    """``cands`` with the work a retiring user says they held until then ("退休前在中铁二局当工程师") kept as history
    of the retirement (``held_before``); unchanged when the turn retires nobody or says no such work."""
    retired = [c for c in cands if c.key.split("@")[0] == "fact:works_at" and c.polarity < 0]
    lang = detect_lang(turn.text)
    said = _until_retiring()[lang].search(turn.text) if retired else None
    if said is None:
        return cands
    was = said.group("was") or said.groupdict().get("was2") or ""
    text = "我" + was if lang == "zh" else "I " + re.sub(r"^was\b", "am", re.sub(r"^worked\b", "work", was))
    before = [c for c in extract(replace(turn, text=text)) if c.key == retired[0].key and _slot(c)]
    for c in before[:1]:
        c.held_before, c.key = c.key, ""
        c.notes.append(f"said held until the retirement: {retired[0].claim}")
    return cands + before[:1]


def held_before_ops(turn: Turn, ops: Sequence[Op], held: Sequence[Candidate],
                    existing: Mapping[str, list[MemoryItem]]) -> list[Op]:
    """``ops`` and, for each value said before the turn's change, its item stored ended by the later value's.

    The later value's item is the one ``ops`` adds under the slot's key, or else the active item already
    holding it. An earlier value the user's active items already state, or name ("the Mazda" of "User has
    Mazda 3"), is left out: the later value ends that item itself. The history item is valid until the later
    value's start (the turn's time when none is said).

    Args:
        turn: the turn.
        ops: the ops planned for the turn's other candidates.
        held: the candidates ``in_turn_order`` kept aside (``held_before`` set).
        existing: the user's active items by key, as the resolver read them.
    """
    out = list(ops)
    maker = KeyConflictResolver(Actor.PIPELINE)
    for cand in held:
        key = cand.held_before
        olds = [o for o in existing.get(key, ()) if o.active and o.user_id == turn.user_id]
        if any(agrees(replace(cand, key=key), o) or names_value(replace(cand, key=key), o) for o in olds):
            continue  # "Sold the Mazda" of "User has Mazda 3": the item the change ends states it already
        ended = {op.item_id for op in out if isinstance(op, EndOp)}
        added = [op.item.id for op in out if isinstance(op, AddOp) and op.item.key == key]
        current = added or [o.id for o in olds if o.id not in ended]
        if not current:
            continue
        item = maker.new_item(turn, replace(cand, key=key))
        reason = (f"被同一句里后说的取代：{cand.notes[-1]}" if cand.lang == "zh"
                  else f"superseded by the change the same message tells: {cand.notes[-1]}")
        out[:0] = [AddOp(item)]
        out.append(EndOp(item.id, Status.SUPERSEDED, reason, Actor.PIPELINE, turn.turn_id, by_id=current[0],
                         valid_until=cand.valid_until or turn.timestamp, at=turn.timestamp))
    return out
