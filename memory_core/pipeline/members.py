"""One of several things said together ends; the others stay (issue 13: "I pay for Spotify and Netflix", then
"I cancelled Netflix").

A statement naming things side by side ("Spotify and Netflix", "腾讯视频和爱奇艺会员") is one item. When a
cessation ends it but names only one of them, ``kept_members`` keeps the rest: a new item with the ended one
taken out of the text ("User pays for Spotify", "用户开了腾讯视频会员"), under the ended item's key, theme and
kind. The ended item keeps its text in history. In English members are names (a capital), or single lowercase
words of a list that ends the text ("plays guitar and piano", "is into climbing, chess and baking"; a pair that is
one thing, "mac and cheese", stays whole); a "+" binds the two it joins tighter than "and" ("Monzo and Netflix +
Spotify": Netflix goes with its "+"). In Chinese a member keeps its count ("一只猫和一只狗"), is a whole name
("视频" is no member of "腾讯视频和爱奇艺"), and a known thing is found by its Chinese names ("obj:cat": 猫). An end
said with no subject ("取消了爱奇艺会员") reverses no candidate: its cessation's terms are read instead; a turn
ending all of a kind ("cancelled all my streaming", ``all_ended``) keeps none.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from memory_core.model import Kind, MemoryItem, Status, Turn
from memory_core.pipeline.all_ended import ended_all
from memory_core.pipeline.cessation import cessation_scope, scope_terms
from memory_core.pipeline.clauses import detect_lang
from memory_core.pipeline.gist import topic
from memory_core.pipeline.member_count import recounted
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.switch import provider_members
from memory_core.pipeline.types import Candidate
from memory_core.store.write_ops import AddOp, EndOp, Op
from memory_core.text.script import has_han

__all__ = ["ended_terms", "kept_members", "without_members"]

_EN_WORD = re.compile(r"[\w+&'.-]+")
# the joint before a member ("Spotify and Netflix", "Hulu, HBO Max") or after it ("Netflix and Spotify")
_EN_BEFORE = re.compile(r"(?:,\s*(?:and\s+|or\s+|&\s+)?|\s+(?:and|or|&)\s+|\s*\+\s*)$", re.IGNORECASE)
_EN_AFTER = re.compile(r"^(?:\s*,\s*(?:and\s+|or\s+|&\s+)?|\s+(?:and|or|&)\s+|\s*\+\s*)(?=\w)", re.IGNORECASE)
_ZH_JOINT = "和|、|跟|与|及|以及|还有"
# a number and a measure word before a member ("一只猫", "两条狗"): part of the member
_ZH_COUNT = re.compile(r"(?:[一两二三四五六七八九十几]|这|那)?[只条个头位匹辆台部]$")
# a name beside the ended one (read forwards, or backwards from the joint): a capital at the word's start
# a list of single lowercase words ending the text ("guitar and piano", "climbing, chess, and baking")
_PLAIN_WORD = r"(?!(?:the|a|an|my|his|her|their|our|it|them|and|or|is|are|was|into|to|for|of|in|at)\b)[a-z][\w'-]*"
# pairs said with "and" that name one thing
_ONE_THING = frozenset({"mac cheese", "salt pepper", "fish chips", "rock roll", "bread butter", "research development",
                        "peanut jelly", "rice beans", "bacon eggs", "cookies cream", "sweet sour", "hide seek"})
_PLAIN_JOINT = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+")
_PLAIN_LIST = re.compile(rf"(?<=\s)({_PLAIN_WORD}(?:(?:{_PLAIN_JOINT.pattern}){_PLAIN_WORD})+)[.!]?\s*$")
_NAME = re.compile(r"^[A-Z]|^[\w+&'.-]*[A-Z](?![\w+&'.-])")


def _han_terms(terms: frozenset[str]) -> set[str]:
    """The Chinese words of ``terms``: its Han terms of two characters or more, and the Chinese names of the known
    things it names ("obj:cat" -> 猫, 小猫, 猫咪 …: a pet of one character is a member too)."""
    names = lexicon().names
    return {t for t in terms if has_han(t) and len(t) > 1} \
        | {w for t in terms if t.startswith("obj:") for w in names.get(t[4:], ()) if has_han(w)}


def _part_of_name(description: str, at: int, term: str) -> bool:
    """True when ``term`` at ``at`` is part of a longer provider name there ("视频" of "腾讯视频")."""
    for name in provider_members():
        if name != term and term in name and not name.isascii():
            off = name.find(term)
            if description[at - off:at - off + len(name)] == name:
                return True
    return False


def without_members(description: str, terms: frozenset[str]) -> str:
    """``description`` with the side-by-side members sharing a term of ``terms`` taken out, with their joint;
    "" when no such member stands beside another one that stays.

    ("User pays for Spotify and Netflix", {"netflix"}) -> "User pays for Spotify";
    ("用户开了腾讯视频和爱奇艺会员", {"爱奇艺"}) -> "用户开了腾讯视频会员".
    """
    if has_han(description):
        for term in sorted(_han_terms(terms), key=len, reverse=True):
            at = description.find(term)
            if at < 0:
                continue
            counted = _ZH_COUNT.search(description[:at])  # "一只猫和一只狗": the member is "一只猫"
            start = counted.start() if counted is not None else at
            before = re.search(rf"(?:{_ZH_JOINT})$", description[:start])
            after = re.match(rf"(?:{_ZH_JOINT})(?=[\u3400-\u9fffA-Za-z])", description[at + len(term):])
            if _part_of_name(description, at, term):
                continue
            if before is not None:
                return description[:before.start()] + description[at + len(term):]
            if after is not None:
                return description[:start] + description[at + len(term) + after.end():]
        return ""
    words = list(_EN_WORD.finditer(description))
    ended = [m for m in words[1:] if terms & topic(m.group(0), "en").terms]  # the subject is no member
    if not ended or len(ended) == len(words) - 1:
        return ""
    start, end = ended[0].start(), ended[0].end()
    for m in ended[1:]:  # "HBO Max": one member of adjacent words
        if description[end:m.start()].strip():
            return ""  # more than one thing ends: nothing is kept by halves
        end = m.end()
    before = _EN_BEFORE.search(description[:start])
    after = _EN_AFTER.match(description[end:])
    kept = ""
    signed = after is not None and "+" in after.group(0) and before is not None and "+" not in before.group(0)
    if before is not None and not signed and _NAME.match(description[before.start() - 1::-1] or " "):
        kept = description[:before.start()] + description[end:]
    elif after is not None and _NAME.match(description[end + after.end():]):
        kept = description[:start] + description[end + after.end():]
    # names side by side ("Spotify and Netflix"), the ended one a name too; else single words ending the text
    if kept and description[start].isupper():
        return kept
    return _plain_kept(description, start, end)


def _plain_kept(description: str, start: int, end: int) -> str:
    """``description`` without the member at ``start:end`` when it is one word of a list of single words that
    ends the text ("User plays guitar and piano" -> "User plays guitar"; "User is into climbing, chess and baking"
    -> "User is into climbing and baking"); else ""."""
    found = _PLAIN_LIST.search(description)
    if found is None or not found.start() <= start < end <= found.end(1):
        return ""
    members = _PLAIN_JOINT.split(found.group(1))
    if " ".join(members[-2:]) in _ONE_THING:
        return ""  # "mac and cheese" is one dish
    kept = [m for m in members if m != description[start:end]]
    if len(kept) == len(members) or not kept:
        return ""
    said = kept[0] if len(kept) == 1 else ", ".join(kept[:-1]) + " and " + kept[-1]
    return description[:found.start()] + said


def ended_terms(text: str) -> frozenset[str]:
    """The terms of what ``text`` says ended ("取消了爱奇艺会员" -> {"爱奇艺", "会员", …}); empty when it ends
    nothing."""
    lang = detect_lang(text)
    scope = cessation_scope(text, lang)
    return frozenset(t for t in scope_terms(scope, lang) if not t.startswith("=")) if scope else frozenset()


def kept_members(turn: Turn, ops: Sequence[Op], existing: Mapping[str, list[MemoryItem]],
                 cands: Sequence[Candidate], actor: str) -> list[Op]:
    """``ops`` and, after each item a cessation of the turn ended that named other things beside the ended one,
    an ``AddOp`` of those others (see the module docstring)."""
    terms = frozenset(t for c in cands if c.reverse_polarity < 0 for t in c.reverse_terms if not t.startswith("="))
    if not terms and any(isinstance(op, EndOp) for op in ops):
        terms = ended_terms(turn.text)  # "取消了爱奇艺会员": an end said with no subject reverses no candidate
    if not terms or ended_all(turn.text):  # "cancelled all my streaming": none of them stays
        return list(ops)
    items = {i.id: i for found in existing.values() for i in found}
    out: list[Op] = []
    for op in ops:
        out.append(op)
        item = items.get(op.item_id) if isinstance(op, EndOp) and op.status == Status.SUPERSEDED else None
        if item is None or item.kind == Kind.EVENT:
            continue
        kept = recounted(without_members(item.description, terms), item.description)
        if not kept or kept == item.description:
            continue
        reason = f"其余的仍然成立：{kept}" if has_han(kept) else f"the others still hold: {kept}"
        new = MemoryItem.create(turn.user_id, kept, item.theme, actor=actor, reason=reason, turn_id=turn.turn_id,
                                kind=item.kind, valid_from=item.valid_from, confidence=item.confidence,
                                trust=item.trust, importance=item.importance, key=item.key)
        new.history[0].at = turn.timestamp
        new.meta.update(item.meta)
        out.append(AddOp(new))
    return out
