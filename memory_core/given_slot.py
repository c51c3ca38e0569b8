"""An item stored as given that states one of the user's slot values gets the slot's key, as a curated item does.

``mem.add("I moved to Berlin last month", infer=False)`` (the LangChain
save tool, the LangGraph store, ``gulfstream add`` without ``--infer``)
keeps the words as given. A curated item of the same turn ("User lives in
Berlin") carries the canonical key ``fact:lives_in``, and the index adds the
key's question words (live, home, city, 住 …) to its terms, so "where does
the user live?" or "where does she live?" finds it even with no dense
vectors (``GULFSTREAM_EMBEDDER=none``). The as-given item had no key, so only
its own words could meet a question.

``add_given`` reads the text with the write pipeline's mechanical extractor
(a user turn, as the pipeline would read it; a note on the user in the third
person, "User lives in Leeds" / "用户住在利兹", as the user's own words) and keeps the first slot key
it finds on the item; the text stays as given. The key also brings the
change rule of a single-valued slot (DESIGN invariant 9): the user's other
active items of that key said no later than this one are superseded by it,
with history (a second as-given save "我搬到慕尼黑了" ends "I moved to
Berlin last month"; a later curated turn of the slot ends the as-given
item, as it ends a curated one); a value said before the one that holds is
stored already superseded by it. Value-keyed slots (``fact:allergy:peanuts``)
and text that states no slot value supersede nothing.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from memory_core.given_person import as_own_words
from memory_core.model import Actor, Kind, MemoryItem, Status, Trust, Turn, utcnow
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.slot_lexicon import single_valued_key
from memory_core.store.base import MemoryStore
from memory_core.store.write_ops import AddOp, EndOp, Op

__all__ = ["add_given", "carried_by_other_key", "given_key", "given_kind", "given_reading"]

#: Kinds whose as-given items can state a slot value (an event, a todo or a summary states none).
_SLOT_KINDS = frozenset({Kind.FACT.value, Kind.PREFERENCE.value})


def _candidates(text: str, speaker: str, when: datetime | None) -> list[Any]:
    """The write pipeline's mechanical candidates of ``text`` said by the user (a third-person note as own words)."""
    turn = Turn(user_id="given", turn_id="given", session_id="given", role="user", text=as_own_words(text, speaker),
                timestamp=when or utcnow(), speaker=speaker)
    return [c for c in MechanicalExtractor(event_roles=()).extract(turn) if c.kind != Kind.EVENT and c.key]


def given_reading(text: str, speaker: str = "", when: datetime | None = None) -> tuple[str, frozenset[str]]:
    """(the slot key of ``text`` said by the user, the keys of what it says the user stopped).

    "User quit cello and now learns violin" / "我不学大提琴了，现在学小提琴" stop the cello (its gist and hobby
    keys, ``gist:syn:cello``, ``fact:hobby:cello`` …) and are keyed by what holds now (the violin) when a
    statement of it has a key; else the key is ``given_key``'s. A statement of a stop is a negative one that
    names what it reverses, or a negative topic (``gist:``) statement; a plain negative like ("The user
    doesn't eat pork", ``pref:pork``) stops nothing. ("", empty) when the text states no slot value.
    """
    cands = _candidates(text, speaker, when)
    stopped: set[str] = set()
    for c in cands:
        if c.polarity < 0 and (c.reverses or c.reverse_terms or str(c.key).startswith("gist:")):
            stopped.update(c.reverses)
            stopped.update("gist:" + t for t in c.reverse_terms)
            stopped.add(str(c.key))
    if not cands:
        return "", frozenset()
    now = [str(c.key) for c in cands if c.polarity > 0 and str(c.key) not in stopped]
    return (now[0] if now and stopped else str(cands[0].key)), frozenset(stopped)


def given_key(text: str, speaker: str = "", when: datetime | None = None) -> str:
    """The canonical slot key the write pipeline reads in ``text`` said by the user ("" when it states none).

    The first statement with a key wins ("I live in Berlin and work at Google" is ``fact:lives_in``), unless
    the text says the user stopped something and what they do now (``given_reading``); a named ``speaker``
    keys the slot as the pipeline does (``…@<speaker>``). A note on the user in the third person ("User lives
    in Leeds", "用户搬到曼彻斯特了") is read as the user's own words (``as_own_words``).
    """
    return given_reading(text, speaker, when)[0]


def given_kind(text: str, speaker: str = "") -> str:
    """The kind an item stored as given takes when none is named: ``preference`` when the write pipeline reads
    ``text`` said by the user as a like or dislike ("I like tea", "我不吃香菜"), else ``fact``.

    The first statement with a key decides, as for ``given_key``; a text with none is a fact.
    """
    turn = Turn(user_id="given", turn_id="given", session_id="given", role="user", text=as_own_words(text, speaker),
                timestamp=utcnow(), speaker=speaker)
    for cand in MechanicalExtractor(event_roles=()).extract(turn):
        if cand.kind != Kind.EVENT and cand.key:
            return Kind.PREFERENCE.value if cand.kind == Kind.PREFERENCE else Kind.FACT.value
    return Kind.FACT.value


def carried_by_other_key(store: MemoryStore, user_id: str, item: MemoryItem, skip: set[str]) -> list[MemoryItem]:
    """The user's active facts keyed by another single-valued slot (one active item each), whose text also states
    ``item``'s slot ("I'm a nurse at Mass General", keyed ``fact:works_at``, also says the occupation that "User is
    now a doctor" changes): each holds the old value of ``item.key`` and is superseded with it. Items whose id is
    in ``skip`` and items of another person (``@…`` keys) are left out; one re-read per candidate item."""
    key = str(item.key)
    qualifier = key.partition("@")[2]
    found: list[MemoryItem] = []
    for old in store.list_items(user_id, kind=Kind.FACT.value):
        other = str(old.key or "")
        if old.id in skip or old.id == item.id or other == key or not single_valued_key(other) \
                or other.partition("@")[2] != qualifier or old.trust != Trust.USER:
            continue
        speaker = str(old.speaker or "")
        if any(str(c.key) == key and c.polarity > 0 for c in _candidates(old.description, speaker, old.valid_from)):
            found.append(old)
    return found


def add_given(store: MemoryStore, user_id: str, description: str, theme: str, *, reason: str,
              **fields: Any) -> str:
    """Add an item written by a person, keyed by the slot value it states; return its id.

    ``fields`` as ``MemoryStore.add`` (kind, trust, speaker, valid_from, …). A fact or preference given
    without a ``key`` gets ``given_key`` of its text; with a single-valued key, the user's active items of that
    key are superseded by it (one write); when one of them was said later, the new item is stored already
    superseded by the newest of them, as the pipeline stores a turn that arrives late.

    Raises:
        EmptyText, TextTooLong, InvalidField: for bad input (nothing stored).
    """
    kind = str(fields.get("kind", Kind.FACT.value))
    valid_from = fields.get("valid_from")
    stopped: frozenset[str] = frozenset()
    if not fields.get("key") and kind in _SLOT_KINDS and fields.get("trust", "user") == "user":
        key, stopped = given_reading(description, str(fields.get("speaker") or ""),
                                     valid_from if isinstance(valid_from, datetime) else None)
        if key:
            fields["key"] = key
    item = MemoryItem.create(user_id, description, theme, actor=Actor.USER, reason=reason, **fields)
    ops: list[Op] = [AddOp(item)]
    said = item.valid_from or item.created_at
    ended = [old for k in sorted(stopped) for old in store.find_by_key(user_id, k)
             if old.status == Status.ACTIVE and old.id != item.id and old.trust == Trust.USER
             and (old.valid_from or old.created_at) <= said]
    stop_ids = {o.id: o for o in ended}
    ops += [EndOp(old.id, Status.SUPERSEDED.value, f"the user stopped it (added as given: {reason})",
                  actor=Actor.USER, by_id=item.id, valid_until=said) for old in stop_ids.values()]
    if single_valued_key(item.key):
        said = item.valid_from or item.created_at
        held = [old for old in store.find_by_key(user_id, str(item.key))
                if old.status == Status.ACTIVE and old.id != item.id and old.id not in stop_ids]
        held += carried_by_other_key(store, user_id, item, set(stop_ids) | {o.id for o in held})
        later = [old for old in held if (old.valid_from or old.created_at) > said]
        if later:  # said before the value that holds now (history given out of order): stored already superseded
            newest = max(later, key=lambda old: old.valid_from or old.created_at)
            ops.append(EndOp(item.id, Status.SUPERSEDED.value, "a later value holds (added as given out of order)",
                             actor=Actor.USER, by_id=newest.id, valid_until=newest.valid_from or newest.created_at))
        else:
            ops += [EndOp(old.id, Status.SUPERSEDED.value, f"superseded by an item added as given ({reason})",
                          actor=Actor.USER, by_id=item.id, valid_until=said) for old in held]
    return str(store.apply(user_id, ops)[0])
