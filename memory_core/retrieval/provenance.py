"""What the context block says beside a recalled item: the value it replaced, and the user's own words.

Issue 13 §5: a current value whose old value was superseded shows the
change ("(was: Ben works at KPMG, until 2025-03-01)"), so the agent sees
that it changed and when. A curated item stands in its raw turn's place in
recall (``rerank``); its text is a one-line summary of that turn ("User
likes hot pot") and loses what the turn said around it ("…especially
Sichuan hot pot"). When the source turn holds words the item does not, the
turn's text goes with the item as its provenance.

A raw turn (an event) whose statement a later turn superseded ("I drink
two cups of coffee every morning." after "I gave up coffee") never reads as
current: its note carries the superseded item's value and end, shown as
"(outdated: User drinks coffee, until 2026-03-02)" ("已过时：…，至 …"), the
same value and date the current item shows as "was: …, until …". The turn
stays a result (a question about the past still finds the user's words).
A summary that repeats such a value (an extractive one copies its items'
texts) carries the same note.

An item whose ``valid_until`` has passed on the user's timeline (a trip
"this week", a temporary state, a deadline: the newest item's time, as
recall's recency counts it) is over, whether maintenance archived it yet or
not; its note says when it ended (``ended``), and its line reads
"ended" / "已结束" with the span it held, never as a current fact.

``context_notes`` reads a hybrid index (the superseded items it keeps by
slot key, the turn texts it indexes); ``context.build_context`` renders the
notes within its token budget.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from memory_core.correction_mark import was_corrected
from memory_core.model import Kind, MemoryItem, Status
from memory_core.text.tokenize import tokenize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from memory_core.retrieval.hybrid_state import HybridState

__all__ = ["MAX_SAID_CHARS", "MIN_NEW_WORDS", "ContextNote", "context_notes"]

#: The source turn's words are cut to this many characters (ending in "…").
MAX_SAID_CHARS = 160
#: A summary holding this many first characters of a turn quotes it (its extractive points are cut at 60).
QUOTED_CHARS = 30
#: The source turn goes with a curated item only when it holds at least this many words the item lacks.
MIN_NEW_WORDS = 2


@dataclass(slots=True, frozen=True)
class ContextNote:
    """Notes on one recalled item for its context line.

    Attributes:
        was: the description of the value this item superseded ("" for none).
        until: when that old value stopped holding (its ``valid_until``), or None.
        said: the source turn's text when it says more than the item ("" for none).
        outdated: for a raw turn, the superseded value(s) it stated ("" for none); ``until`` is then
            when the latest of them stopped holding.
        said_outdated: values the quoted turn (``said``) states that were superseded since ("" for
            none), so a quote never brings an old value back unmarked.
        ended: when the item's own validity ended, when that is past on the user's timeline, else None.
    """

    was: str = ""
    until: datetime | None = None
    said: str = ""
    outdated: str = ""
    said_outdated: str = ""
    ended: datetime | None = None


def _ended(state: HybridState, item: MemoryItem) -> datetime | None:
    """``item``'s ``valid_until`` when it passed on the user's timeline (not a record of the past), else None."""
    until = item.valid_until
    if until is None or item.kind == Kind.SUMMARY or item.status not in (Status.ACTIVE, Status.ARCHIVED):
        return None
    said = item.valid_from or item.created_at
    return until if said < until and until.timestamp() <= state.table.newest else None


def _previous(state: HybridState, item: MemoryItem) -> tuple[str, datetime | None]:
    """The latest superseded item of ``item``'s slot key: (its description, its valid_until); one the user
    corrected as a mistake (``correction_mark``) never held, so it is no former value and is passed over."""
    if not item.key or item.status != Status.ACTIVE or item.kind == Kind.EVENT:
        return "", None
    items = state.table.items
    best: MemoryItem | None = None
    for slot in state._ended_by_key.get(item.key, ()):
        old = items[slot]
        if old is None or old.description == item.description or was_corrected(old):
            continue
        if best is None or (old.valid_until or old.updated_at) > (best.valid_until or best.updated_at):
            best = old
    return ("", None) if best is None else (best.description, best.valid_until)


def _said(state: HybridState, item: MemoryItem) -> str:
    """The source turn's text when it holds ``MIN_NEW_WORDS`` words the curated item lacks, else ""."""
    if item.kind == Kind.EVENT or len(item.source) != 1:
        return ""
    pos = state._turn_pos.get(item.source[0])
    if pos is None or not _raw_turn_live(state, item.source[0]):
        return ""
    text = " ".join(state._turn_text[pos].split())
    new = set(tokenize(text, state.lexicon)) - set(tokenize(item.description, state.lexicon))
    if len(new) < MIN_NEW_WORDS:
        return ""
    return text if len(text) <= MAX_SAID_CHARS else text[:MAX_SAID_CHARS - 1].rstrip() + "…"


def _raw_turn_live(state: HybridState, turn_id: str) -> bool:
    """True while the turn's raw-turn item (kind event, key ``event:…``) is in the index: a memory made from the
    turn and deleted by the user ends it (``store.forget_source``), and the turn is then quoted no more."""
    items = state.table.items
    return any((it := items[s]) is not None and it.kind == Kind.EVENT and (it.key or "").startswith("event:")
               for s in state._slots_by_turn.get(turn_id, ()))


def _stale_in_turn(state: HybridState, item: MemoryItem, was: str) -> str:
    """Superseded facts and preferences the quoted source turn of ``item`` stated (not ``item``, not ``was``)."""
    turn_id = item.source[0]
    if not state._superseded[turn_id]:
        return ""
    items = state.table.items
    olds: dict[str, None] = {}
    for c in state._slots_by_turn.get(turn_id, ()):
        old = items[c]
        if old is not None and old.status == Status.SUPERSEDED and old.kind in (Kind.FACT, Kind.PREFERENCE) \
                and old.description not in (item.description, was):
            olds.setdefault(old.description, None)
    return "; ".join(olds)


def _quotes_turn(state: HybridState, turn_id: str, text: str) -> bool:
    """True when ``text`` (a summary) holds the start (``QUOTED_CHARS``) of the turn's own words."""
    pos = state._turn_pos.get(turn_id)
    if pos is None:
        return False
    said = " ".join(state._turn_text[pos].split())[:QUOTED_CHARS]
    return len(said) >= 4 and said in " ".join(text.split())


def _outdated(state: HybridState, item: MemoryItem) -> ContextNote | None:
    """For a raw turn (or a summary) that stated values superseded since: the note marking it outdated, else None.

    A summary's source is its episode's turns (a month's: each episode's first
    turn); it is marked for the superseded values its text repeats, the way
    the raw turn it was written from is.
    """
    if item.kind not in (Kind.EVENT, Kind.SUMMARY) or not any(state._superseded[t] for t in item.source):
        return None
    items = state.table.items
    olds: dict[str, MemoryItem] = {}
    for turn_id in item.source:
        repeated = item.kind == Kind.EVENT or _quotes_turn(state, turn_id, item.description)
        for c in state._slots_by_turn.get(turn_id, ()):
            old = items[c]
            if old is not None and old.status == Status.SUPERSEDED and old.kind in (Kind.FACT, Kind.PREFERENCE) \
                    and (repeated or old.description in item.description):
                olds.setdefault(old.description, old)
    if not olds:
        return None
    return ContextNote(until=max(o.valid_until or o.updated_at for o in olds.values()), outdated="; ".join(olds))


def context_notes(state: HybridState, items: Iterable[MemoryItem]) -> dict[str, ContextNote]:
    """Notes for the items that have any, by item id (see the module docstring).

    Args:
        state: the user's index (its lock is taken).
        items: recalled items (copies are fine: looked up by key and source turn).

    Returns:
        {item id: ContextNote}; items with nothing to add are left out.
    """
    out: dict[str, ContextNote] = {}
    with state.lock:
        for item in items:
            was, until = _previous(state, item)
            said = _said(state, item)
            ended = _ended(state, item)
            if was or said:
                stale = _stale_in_turn(state, item, was) if said else ""
                out[item.id] = ContextNote(was, until, said, said_outdated=stale, ended=ended)
            elif (outdated := _outdated(state, item)) is not None:
                out[item.id] = replace(outdated, ended=ended)
            elif ended is not None:
                out[item.id] = ContextNote(ended=ended)
    return out
