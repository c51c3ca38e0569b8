"""A question about now finds the turn that changed the asked value, and reads it before the older value.

"转岗申请批了！下个月开始调到武汉站做客运值班员，不用跑车了" changes the user's work, but the write path read no new
occupation in it and kept "用户的职业是高铁乘务员" active. "What does she do for work now?" then found the old value
first and never the turn: it shares no word with the question (trial 36, finding 6; likewise "summer 搬出宿舍了，和
Jess 在 North York 合租了一个 condo" under the dorm, "Promoted!! … Transferring to Station 8" under "Station 12").

For a question about the present (``stale_last.asks_present``) that asks about the user's work, home or partner
(a kind of ``data/life_changes.yaml`` ``recall``, by its ``asked`` patterns, naming no other person), two things hold:

- ``change_ranking``: the user's turns saying a change of that kind (the kind's words of the write path's groups
  and its ``said`` words), newest first, are one more ranking of recall: the latest change is the likeliest answer
  to "now" however the question words it;
- ``changes_first``: such a turn ranked under a user's own item of the kind's ``slots``, or under a turn saying an
  earlier change, that was said before it moves right before that one, and such an item said after a change turn
  ranked above it moves before the turn. What was said earlier is what the later statement replaced ("I have a
  boyfriend now!!" before "和 Kevin 分手了"); the older one keeps its place after.

A clause of the turn says the user's change when it names no relation (``data/relations.yaml``) and has a
first-person word, or no other person (he / she / they, 他 / 她, a capitalised name opening it): "Tasha got a new
job", "我妈搬来跟我们一起住了" and "Jess 说她明年要搬去 Vancouver" are other people's changes. A turn that supposes,
plans or hears of a change (``recall_unsaid``: 假如, 要搬, "thinking about", 听说, "ran into") says none.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from memory_core.model import Kind, MemoryItem, Status, Trust
from memory_core.retrieval.asked_person import named_people
from memory_core.retrieval.names import key_attribute
from memory_core.retrieval.turn_shape import key_subject
from memory_core.shipped_yaml import load_shipped

__all__ = ["ChangeKind", "asked_kinds", "change_ranking", "change_turns", "change_words", "changes_first",
           "says_change"]

_SPEAKER = re.compile(r"^[^:：\n]{1,40}[:：]\s*")
_CLAUSE = re.compile(r"[，,。.！!？?；;\n]+")
_FIRST_PERSON = re.compile(r"(?<![a-z'])(?:i|i'm|im|i've|ive|my|me|we|we're|our|us)(?![a-z'])|我|咱|自己")
_OTHER_PERSON = re.compile(r"(?<![a-z'])(?:he|she|they|his|her|their|he's|she's|they're)(?![a-z'])|他|她")
_OPENING_NAME = re.compile(r"^\s*(?!I\b)[A-Z][a-z]+\b")


@dataclass(frozen=True)
class ChangeKind:
    """One kind of change recall reads for a question about now (``data/life_changes.yaml`` ``recall``).

    Attributes:
        name: the kind ("work", "move", "partner").
        asked: matches a case-folded question asking about it.
        said: matches a case-folded text saying a change of it.
        words: every word of ``said``, for the index search.
        slots: the attributes of the user's items the change makes old ("occupation", "lives_in").
    """

    name: str
    asked: re.Pattern[str]
    said: re.Pattern[str]
    words: tuple[str, ...]
    slots: frozenset[str]


def _words_pattern(en: Sequence[str], zh: Sequence[str]) -> re.Pattern[str]:
    """English words on word boundaries, Chinese ones anywhere, longest first."""
    parts = [rf"\b{re.escape(w)}\b" for w in sorted(en, key=len, reverse=True)]
    parts += [re.escape(w) for w in sorted(zh, key=len, reverse=True)]
    return re.compile("|".join(parts) or r"(?!)")


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    """``data/life_changes.yaml``, read once."""
    return load_shipped("data", "life_changes.yaml") or {}


@lru_cache(maxsize=1)
def _kinds() -> tuple[ChangeKind, ...]:
    """The ``recall`` kinds of ``data/life_changes.yaml``, each with its group's words of both languages."""
    data = _data()
    out = []
    for name, spec in (data.get("recall") or {}).items():
        en = [str(w).casefold() for w in (data.get("en") or {}).get(name) or ()]
        zh = [str(w) for w in (data.get("zh") or {}).get(name) or ()]
        en += [str(w).casefold() for w in (spec.get("said") or {}).get("en") or ()]
        zh += [str(w) for w in (spec.get("said") or {}).get("zh") or ()]
        asked = [str(p) for lang in ("en", "zh") for p in (spec.get("asked") or {}).get(lang) or ()]
        out.append(ChangeKind(str(name), re.compile("|".join(f"(?:{p})" for p in asked) or r"(?!)"),
                              _words_pattern(en, zh), tuple(dict.fromkeys(en + zh)),
                              frozenset(str(s) for s in spec.get("slots") or ())))
    return tuple(out)


def asked_kinds(query: str) -> tuple[ChangeKind, ...]:
    """The kinds ``query`` asks about for the user: its ``asked`` pattern matches, and every person the query
    names is one the kind asks about ("Does she have a boyfriend?" is the partner kind; "what does her son-in-law
    do?" asks about another person's work, and no kind holds). () for none."""
    folded = query.casefold()
    people = named_people(query)
    out = []
    for kind in _kinds():
        if not kind.asked.search(folded):
            continue
        if any(not any(kind.asked.search(n.replace("_", " ")) for n in group) for group in people):
            continue
        out.append(kind)
    return tuple(out)


def _users_clause(clause: str, said: re.Match[str], kind: ChangeKind) -> bool:
    """True when a clause holding a change word (``said``, found in the case-folded clause) speaks of the user
    (see the module docstring); a change word opening the clause ("Transferring to Station 8") is no name, and a
    relation named beside "I" is still another person ("我妈搬来跟我们一起住了", "my sister got promoted"), unless
    the kind asks about that relation ("I have a boyfriend now!!" is the user's partner change)."""
    folded = clause.casefold()
    if any(not any(kind.asked.search(n.replace("_", " ")) for n in group) for group in named_people(clause)):
        return False
    if _FIRST_PERSON.search(folded):
        return True
    opening = _OPENING_NAME.match(clause)
    named = opening is not None and opening.end() <= said.start()
    return not (named or _OTHER_PERSON.search(folded))


@lru_cache(maxsize=1)
def _unsaid() -> re.Pattern[str]:
    """A turn that only supposes, plans or hears of a change ("假如我辞职去考公务员", "thinking about moving",
    "听说搬去深圳了"): ``data/life_changes.yaml`` ``recall_unsaid``."""
    words = _data().get("recall_unsaid") or {}
    return re.compile("|".join(f"(?:{p})" for lang in ("en", "zh") for p in words.get(lang) or ()) or r"(?!)")


@lru_cache(maxsize=4096)
def says_change(text: str, kinds: tuple[ChangeKind, ...]) -> bool:
    """True when ``text`` (a turn, with or without its "user: " label) has a clause saying a change of one of
    ``kinds`` that speaks of the user: "转岗申请批了！下个月开始调到武汉站…", "Promoted!! … Transferring to Station 8",
    not "Tasha got a new job" nor "Jess 说她明年要搬去 Vancouver". Cached: one recall asks it of a turn up to three
    times (the change ranking, the reorder, the diversity step)."""
    body = _SPEAKER.sub("", text, count=1)
    if _unsaid().search(body.casefold()):
        return False  # "假如明年升职了，我就…搬到岛外去", "听说搬去深圳了": supposed or heard
    for clause in _CLAUSE.split(body):
        folded = clause.casefold()
        for kind in kinds:
            said = kind.said.search(folded)
            if said and _users_clause(clause, said, kind):
                return True
    return False


def change_words(kinds: Sequence[ChangeKind]) -> list[str]:
    """Every word saying a change of ``kinds``, none repeated, for the index search (tokenized by the caller)."""
    return list(dict.fromkeys(w for kind in kinds for w in kind.words))


def _change_turn(item: MemoryItem | None, kinds: Sequence[ChangeKind]) -> bool:
    """True for a user's raw turn saying a change of ``kinds`` (``says_change``)."""
    return item is not None and item.kind == Kind.EVENT and item.trust == Trust.USER \
        and says_change(item.description, tuple(kinds))


def change_ranking(found: np.ndarray, items: Sequence[MemoryItem | None], times: np.ndarray,
                   kinds: Sequence[ChangeKind]) -> np.ndarray:
    """The slots of ``found`` (what the change words found in the index) that are the user's turns saying a change
    of ``kinds`` (``says_change``), newest first (``times``: epoch seconds by slot). Shape (m,), m <= len(found)."""
    keep = [j for j in found.tolist() if _change_turn(items[j], kinds)]
    keep.sort(key=lambda j: -float(times[j]))
    return np.array(keep, dtype=np.int64)


def _own_slot(item: MemoryItem | None, slots: frozenset[str]) -> bool:
    """True for the user's own active item of one of ``slots`` ("fact:occupation", not "fact:wife/occupation")."""
    return (item is not None and item.status == Status.ACTIVE and key_subject(item.key) == ""
            and key_attribute(item.key) in slots)


def changes_first(items: Sequence[MemoryItem | None], order: np.ndarray, scores: np.ndarray,
                  kinds: Sequence[ChangeKind], when: Callable[[int], float]) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (slots into ``items``, best first) and ``scores`` with each user turn saying a change of ``kinds``
    moved right before the first user's own item of the kinds' slots, or the first turn saying an earlier change,
    ranked above it and said before it (``when``: a slot's time), and each such item moved right before the first
    change turn ranked above it and said before it ("用户的老公是Kai" after "Kai proposed!"): the latest first. A moved
    slot takes the score of the one it now precedes, so scores stay in rank order. Unchanged when there is none.
    Shapes: ``order`` and ``scores`` of one length, returned so."""
    if not kinds or not order.shape[0]:
        return order, scores
    slots = order.tolist()
    wanted = frozenset(s for kind in kinds for s in kind.slots)
    changes = {n for n, j in enumerate(slots) if _change_turn(items[j], kinds)}
    olds = {n for n, j in enumerate(slots) if _own_slot(items[j], wanted)} | changes
    if not changes or len(olds) < 2:
        return order, scores
    positions = list(range(len(slots)))
    for n, j in enumerate(slots):
        if n not in olds:
            continue
        at = positions.index(n)
        for m, p in enumerate(positions[:at]):
            if p in olds and (p in changes or n in changes) and when(slots[p]) < when(j):
                positions.remove(n)
                positions.insert(m, n)
                break
    if positions == list(range(len(slots))):
        return order, scores
    ranked = sorted((scores.tolist()[p] for p in positions), reverse=True)
    return order[np.array(positions, dtype=np.int64)], np.array(ranked)


def change_turns(items: Sequence[MemoryItem | None], order: np.ndarray,
                 kinds: Sequence[ChangeKind]) -> tuple[frozenset[int], frozenset[str]]:
    """(the slots of ``order`` that are user turns saying a change of ``kinds``, the attributes the change makes
    old): ``diverse.Diverse._diverse`` shows such a turn itself, not an item of another attribute made from it."""
    found = frozenset(j for j in order.tolist() if _change_turn(items[j], kinds))
    return found, frozenset(s for kind in kinds for s in kind.slots)
