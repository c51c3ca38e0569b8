"""A question about one area of the user's life (work, home, school, exercise, drink, partner, pets) finds that area.

"Where do I work?", 我在哪家公司上班？, "what school do I go to?", 我家在哪？ ask an area of the user's life,
and what answers them often shares no word with them: "User works at St Mary's" was found for "Where do I
work?", yet 我上什么班？ (上, 班) met nothing, 我家 (one term) met neither "用户住在苏州园区" nor its question
words, and a turn that only says the area ("从张江的米哈游下班出来已经十点了") holds 下班, not 上班 or 公司.
Without an embedder such a question was answered with nothing.

An area is read from the question's grammar (``memory_core/data/asked_areas.yaml``: question patterns in both
languages, the slot attributes that answer it, the words the area is talked about in). Two rankings then join
the fusion of ``hybrid.HybridIndex._search``:

- **the user's own items of the area**: each active curated item of the user (``turn_shape.key_subject`` "")
  whose slot attribute (``names.key_attribute``) answers the area and that no other ranking found, newest
  first, whatever language or words it is written in. An item the question's words found already keeps the
  rank those words gave it (a late-arriving turn can make the newest item stale, and the fusion of what the
  question says still weighs that turn). In an area whose item is the answer itself (``answer_first``: where
  one lives or works), the user's own items then lead the short list
  (``area_answer_first``) unless a newer turn of theirs saying the area's words came before them. A question
  about someone the memory holds an item of the area for ("where does my husband work?") or names by name
  ("老李现在在哪上班？") adds nothing: its own words and ``own_slot`` find that person.
- **the area's words in the user's own turns**, only when the memory holds no such item: the turns the user
  said (``Trust.USER``; never an assistant's or a tool's) that hold one of the area's words, newest first (what
  holds now before what held once, DESIGN invariant 9), so a job said in passing ("shift", 下班, 同事) is
  returned rather than nothing. When the question's words found one of those turns already, they are not
  ranked again: the answer they give stands (an older turn saying more of the area's words must not come
  before the newer one the question found).

A question that names another person's relation ("how old are my kids?", "我老公在哪上班？", "where does my
sister live?") asks that person's area, not the user's: the user's own items are no answer to it, and the turns
searched for the area's words are only those that name that person too ("my twins Leo and Maya turned 5",
"我老公拿到 Amazon 的 offer 了"); a question about the user searches only turns that do not open on someone
else (``opening_person.item_person``: "我老公拿到 offer 了，下个月去上班" is no answer to "Where do I work?").
An area may list the relations that ask the user's own item of it (``of_relations``: "who's my boyfriend?" asks
the user's partner).

Reading the kind of answer from the question's form is answer-type detection in question answering
(Jurafsky & Martin, Speech and Language Processing, 3rd ed. draft, ch. 14); searching a topic's vocabulary
for a question that shares no term with its answer is query expansion (Manning et al., Introduction to
Information Retrieval, 2008, ch. 9).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from memory_core.model import Kind, MemoryItem, Status, Trust
from memory_core.retrieval.names import key_attribute
from memory_core.retrieval.opening_person import item_person
from memory_core.retrieval.turn_shape import asks_about_user, asks_in_third_person, key_subject
from memory_core.shipped_yaml import load_shipped
from memory_core.text.relations import names_person, names_relation, relation_pattern
from memory_core.text.tokenize import tokenize

__all__ = ["AskedArea", "area_answer_first", "area_rankings", "asked_area", "load_areas", "others_named"]


@dataclass(frozen=True, slots=True)
class AskedArea:
    """One area of ``asked_areas.yaml``.

    Attributes:
        name: the area's name ("work", "home").
        attributes: the slot attributes (``slots.yaml`` ids) whose items answer it.
        asked: its question patterns, compiled case-insensitive, searched in the question without whitespace.
        words: the index terms of the words the area is talked about in, both languages, the file's order.
        of_relations: the relations (``relations.yaml`` names) a question names when it asks the user's own item of
            the area ("my boyfriend" of the partner); empty for most areas.
        answer_first: the user's own item of the area is the answer itself, so it leads the results
            (``area_answer_first``); false where the attributes also hold what is not asked (hobbies of exercise).
    """

    name: str
    attributes: frozenset[str]
    asked: tuple[re.Pattern[str], ...]
    words: tuple[str, ...]
    of_relations: tuple[str, ...] = ()
    answer_first: bool = False


@functools.lru_cache(maxsize=1)
def load_areas() -> tuple[AskedArea, ...]:
    """The shipped areas, in the file's order (cached).

    Raises:
        ValueError: an entry lacks its area, attributes, asked patterns or words.
        re.error: an ``asked`` pattern is no regular expression.
    """
    out = []
    for entry in load_shipped("data", "asked_areas.yaml"):
        if not isinstance(entry, dict) or not all(entry.get(f) for f in ("area", "attributes", "asked", "words")):
            raise ValueError(f"asked_areas.yaml: each entry needs area, attributes, asked and words; got {entry!r}")
        words = entry["words"]
        said = [w for lang in ("en", "zh") for w in (words.get(lang) or ())] if isinstance(words, dict) else words
        terms = tuple(dict.fromkeys(t for w in said for t in tokenize(str(w))))
        out.append(AskedArea(str(entry["area"]), frozenset(str(a) for a in entry["attributes"]),
                             tuple(re.compile(str(p), re.IGNORECASE) for p in entry["asked"]), terms,
                             tuple(str(r) for r in entry.get("of_relations") or ()), bool(entry.get("answer_first"))))
    return tuple(out)


def asked_area(query: str) -> AskedArea | None:
    """The first area whose question pattern matches ``query`` (whitespace removed), else None."""
    text = "".join(query.split())
    return next((a for a in load_areas() if any(p.search(text) for p in a.asked)), None)


def others_named(folded: str, area: AskedArea) -> tuple[str, ...]:
    """The relation names the casefolded question says that are not the user's own of ``area`` ("my kids" of the
    age area: ("kids",); "my boyfriend" of the partner area: ()), in the question's order."""
    said = [m.group(0) for m in relation_pattern().finditer(folded)]
    return tuple(name for name in said if not any(names_person(name, own) for own in area.of_relations))


def _own_of_area(item: MemoryItem | None, area: AskedArea) -> bool:
    """True when ``item`` is the user's own active curated item of one of ``area``'s attributes."""
    return (item is not None and item.status == Status.ACTIVE and item.kind != Kind.EVENT
            and key_attribute(item.key) in area.attributes and key_subject(item.key) == "")


def _newer_word(item: MemoryItem | None, area: AskedArea, since: float, said_at: float) -> bool:
    """True when ``item`` is the user's own (a turn or an item in their words), said after ``since``, holding one of
    ``area``'s words and opening on no one else: it may tell a change the slot item has not taken in
    ("新公司比亚迪的班车好早")."""
    return (item is not None and item.trust == Trust.USER and said_at > since
            and item_person(item) is None and not set(tokenize(item.description)).isdisjoint(area.words))


def area_answer_first(query: str, items: Sequence[MemoryItem | None], order: np.ndarray,
                      scores: np.ndarray, said_at: Callable[[int], float] | None = None
                      ) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (slots, best first) and ``scores`` with the user's own active items of the asked area first, or,
    when the question names someone else, after the first item that names them.

    For an area whose item is the answer itself (``answer_first``: where one lives, where one works), a question
    asking it of the user is answered by that curated item, whatever else its words met first: a raw turn that
    only says one of its words ("我们终于住一起了" for 我住在哪？), another person's item of it ("用户的妈妈住在
    成都"). A question asking it of someone the user names ("where does my mum live?", 我老公在哪上班？) is not
    answered by the user's own item: it goes after the first item naming that person. A turn or item of the
    user's own in the list said after the newest such item that holds one of the area's words and came before it
    stays ahead of it (``said_at``: when a slot was said; None reads none as newer): it may tell a change the item
    has not taken in. The moved items keep their order among themselves, the rest theirs; a moved item's score
    becomes its new neighbour's, so scores stay in rank order. Unchanged when the question asks no such area
    (or asks it of no one: "帮我写一首诗"), or nothing is to move.
    """
    area = asked_area(query)
    if area is None or not area.answer_first or not (asks_about_user(query) or asks_in_third_person(query)):
        return order, scores
    slots = order.tolist()
    own = [n for n, j in enumerate(slots) if _own_of_area(items[j], area)]
    others = others_named(query.casefold(), area)
    if not own:
        return order, scores
    rest = [n for n in range(len(slots)) if n not in set(own)]
    if not others:
        newest = max(said_at(slots[n]) for n in own) if said_at is not None else float("inf")
        ahead = [n for n in rest if n < own[0] and said_at is not None
                 and _newer_word(items[slots[n]], area, newest, said_at(slots[n]))]
        positions = ahead + own + [n for n in rest if n not in set(ahead)]
    else:
        naming = next((m for m, n in enumerate(rest) if (item := items[slots[n]]) is not None
                       and any(names_relation(item.description.casefold(), name) for name in others)), None)
        if naming is None:
            return order, scores
        positions = rest[:naming + 1] + own + rest[naming + 1:]
    if positions == list(range(len(slots))):
        return order, scores
    values = scores.tolist()
    new_scores: list[float] = []
    for m, n in enumerate(positions):
        new_scores.append(min(values[n], new_scores[-1]) if m else max(values))
    return order[np.array(positions, dtype=np.int64)], np.array(new_scores)


def _standing(items: Sequence[MemoryItem | None], mask: np.ndarray | None, j: int) -> MemoryItem | None:
    item = items[j]
    if item is None or (mask is not None and (j >= mask.shape[0] or not mask[j])):
        return None
    return item if mask is not None or item.status == Status.ACTIVE else None


def area_rankings(query: str, items: Sequence[MemoryItem | None], mask: np.ndarray | None,
                  ranked: Callable[[list[str]], np.ndarray], said_at: Callable[[int], float],
                  found: Sequence[np.ndarray], weight: float,
                  keyed: Callable[[], Iterable[tuple[str, Iterable[int]]]] | None = None
                  ) -> list[tuple[np.ndarray, float]]:
    """The (slots, RRF weight) rankings of the area ``query`` asks of the user; [] when it asks none, asks it of
    someone else, or ``weight`` is 0.

    Args:
        query: the question's text; it asks about the user when it speaks in the first person or of "he", "she",
            "the user" (``turn_shape.asks_about_user``, ``asks_in_third_person``) and names no relation whose
            item of the area the memory holds, nor any other relation than the area's own (``of_relations``).
        items: the index's items by slot (None for a free slot).
        mask: shape (n_slots,) bool of the slots the filters allow, or None (active items only).
        ranked: BM25 ranking of some index terms over the allowed slots, best first (``LiveBM25.ranked``).
        said_at: when a slot was said (epoch seconds).
        found: the slots of the rankings made so far: an item among them was found by the question's words
            already and is not ranked again (the area adds what they missed, never re-weighs what they found).
        weight: the RRF weight of each ranking (``HybridSettings.w_category``).
        keyed: the index's (slot key, slots of its curated items) pairs, so that only the items of the area's keys
            are read (an index loaded from columns makes an item when it is first read); None reads every slot.

    Returns:
        [(the user's own items of the area the other rankings missed, newest first, ``weight``)] when the memory
        holds own items of the area (none when every one is found) and the
        question names no one else (``others_named``); else [(the user's own turns holding the area's words,
        newest first, ``weight``)] when some do and the other rankings found none of them (for a question naming
        someone else, the turns naming them; else the turns opening on no one else); else [].
    """
    area = asked_area(query) if weight else None
    if area is None or not (asks_about_user(query) or asks_in_third_person(query)):
        return []
    folded = query.casefold()
    others = others_named(folded, area)
    own: list[int] = []
    slots = range(len(items)) if keyed is None else sorted(
        j for key, held in keyed() if key_attribute(key) in area.attributes for j in held)
    for j in slots:
        item = _standing(items, mask, j)
        if item is None or item.kind == Kind.EVENT or key_attribute(item.key) not in area.attributes:
            continue
        subject = key_subject(item.key)
        if subject == "" and not others:
            own.append(j)
        elif subject and names_relation(folded, subject):
            return []  # "where does my husband work?": that person's items, found by the question's own words
    seen = set(np.concatenate([np.asarray(r, dtype=np.int64) for r in found]).tolist()) if found else set()
    if own:
        missed = sorted((j for j in own if j not in seen), key=said_at, reverse=True)
        return [(np.array(missed, dtype=np.int64), weight)] if missed else []
    said = [j for j in ranked(list(area.words)).tolist()
            if (item := items[j]) is not None and item.kind == Kind.EVENT and item.trust == Trust.USER
            and (any(names_relation(item.description.casefold(), name) for name in others) if others
                 else item_person(item) is None)]
    if not said or not seen.isdisjoint(said):
        return []
    return [(np.array(sorted(said, key=said_at, reverse=True), dtype=np.int64), weight)]
