"""A late turn's new fact that a turn said after it would have ended: stored as already ended by it.

Turns of one user may be applied out of their own time order (several processes ingesting parts of one
story, a backfill). Same-slot values chain by their times (``resolve``, ``late_order``), but a newer turn
may end an older fact through another slot: "改学韩语了" ends "learning Japanese", "my mum moved in with
us" ends "我妈妈住在成都". Applied first, such a turn found nothing to end; when the older statement then
arrives it would stay current beside it. ``LateReplay.settle`` plays the user's stored later turns (their
events, oldest first) against only the turn's new current facts and preferences, planned exactly as in
time order: the first later turn whose plan ends one of them ends it, at that turn's time, superseded by
the item that turn stored. Many-valued slots (pets, allergies) keep their own rule, since the later turn
is planned by the same resolver: it ends the older item only where it would have in order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime

from memory_core.model import Actor, Kind, MemoryItem, Status, Turn
from memory_core.store.lookup import KeyLookup
from memory_core.store.write_ops import AddOp, EndOp, Op

__all__ = ["LateReplay", "ReadOnce"]

#: At most this many later turns are played for one late turn (the newest are the likeliest to end it).
MAX_LATER = 200


class _Only:
    """A ``KeyLookup`` holding only ``items``: the store a later turn is planned against."""

    def __init__(self, items: Iterable[MemoryItem]) -> None:
        self.items = [i.copy() for i in items]

    def find_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """The held active items of ``user_id`` with ``key``."""
        return self.find_by_keys(user_id, [key])[key]

    def find_by_keys(self, user_id: str, keys: Iterable[str]) -> dict[str, list[MemoryItem]]:
        """The held active items of ``user_id`` for each key ([] when none)."""
        found: dict[str, list[MemoryItem]] = {key: [] for key in keys}
        for item in self.items:
            if item.user_id == user_id and item.active and item.key in found:
                found[str(item.key)].append(item.copy())
        return found

    def active_by_prefix(self, user_id: str, prefixes: Sequence[str]) -> list[tuple[str, str, str]]:
        """(id, key, description) of the held active items whose key starts with one of ``prefixes``."""
        return [(i.id, str(i.key), i.description) for i in self.items
                if i.user_id == user_id and i.active and i.key and str(i.key).startswith(tuple(prefixes))]

    def superseded_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """None: the held items are all current."""
        return []

    def active_said_after(self, user_id: str, prefix: str, after: datetime) -> list[MemoryItem]:
        """The held active items of ``user_id`` keyed ``prefix``… said after ``after``."""
        return [i.copy() for i in self.items if i.user_id == user_id and i.active
                and str(i.key or "").startswith(prefix) and _said(i) > after]


class ReadOnce:
    """A ``KeyLookup`` over ``store`` that reads each ``active_by_prefix`` once: the late stages of one plan
    (``late_correction``, ``LateReplay``) share one read of the user's events. Nothing is written meanwhile."""

    def __init__(self, store: KeyLookup) -> None:
        self.store = store
        self._rows: dict[tuple[str, ...], list[tuple[str, str, str]]] = {}

    def find_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """As the store."""
        return self.store.find_by_key(user_id, key)

    def find_by_keys(self, user_id: str, keys: Iterable[str]) -> dict[str, list[MemoryItem]]:
        """As the store."""
        return self.store.find_by_keys(user_id, keys)

    def active_by_prefix(self, user_id: str, prefixes: Sequence[str]) -> list[tuple[str, str, str]]:
        """As the store, read once per user and prefixes."""
        key = (user_id, *prefixes)
        if key not in self._rows:
            self._rows[key] = self.store.active_by_prefix(user_id, prefixes)
        return self._rows[key]

    def superseded_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """As the store."""
        return self.store.superseded_by_key(user_id, key)

    def active_said_after(self, user_id: str, prefix: str, after: datetime) -> list[MemoryItem]:
        """As the store."""
        return self.store.active_said_after(user_id, prefix, after)


def _said(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


class LateReplay:
    """Ends a late turn's new facts the way the user's later turns would have in time order (module docstring).

    Args:
        plan: plans one turn against a store (``WritePipeline.plan``); called with an ``_Only`` store that
            holds no events, so a replayed turn never replays in turn.
    """

    def __init__(self, plan: Callable[[Turn, KeyLookup], list[Op]]) -> None:
        self.plan = plan

    def _later_events(self, turn: Turn, store: KeyLookup) -> list[MemoryItem]:
        """The user's stored events said after ``turn`` by someone other than the assistant, oldest first.

        One read of only the events said after the turn (``active_said_after``): none for a turn applied in
        its time order, the common case; never every event of the user.
        """
        events = [o for o in store.active_said_after(turn.user_id, "event:", turn.timestamp) if o.source
                  and o.speaker.casefold() != "assistant" and ": " in o.description]
        return sorted(events, key=_said)[:MAX_LATER]

    def settle(self, turn: Turn, ops: Sequence[Op], store: KeyLookup) -> list[Op]:
        """Return ``ops`` with each new current fact or preference that a later turn ends ended at its time.

        Only facts and preferences the ops add and leave current are looked at, and only for a user's turn;
        nothing more is read when there are none.

        Raises:
            StoreError: the store failed while reading.
        """
        ended = {op.item_id for op in ops if isinstance(op, EndOp)}
        fresh = [op.item for op in ops if isinstance(op, AddOp) and op.item.kind in (Kind.FACT, Kind.PREFERENCE)
                 and op.item.key and op.item.id not in ended]
        if not fresh or turn.role != "user":
            return list(ops)
        events = self._later_events(turn, store)
        out = list(ops)
        for event in events:
            if not fresh:
                break
            speaker, _, text = event.description.partition(": ")
            later = Turn(user_id=turn.user_id, turn_id=event.source[0], session_id=turn.session_id, role="user",
                         text=text, timestamp=_said(event), speaker=speaker)
            planned = self.plan(later, _Only(fresh))
            added = {op.item.id: op.item for op in planned if isinstance(op, AddOp)}
            for op in planned:
                if not isinstance(op, EndOp) or op.status != Status.SUPERSEDED:
                    continue
                item = next((i for i in fresh if i.id == op.item_id), None)
                if item is None:
                    continue
                by = _stored_successor(store, turn.user_id, added.get(op.by_id or ""), later)
                zh = any("\u4e00" <= ch <= "\u9fff" for ch in item.description)
                reason = (f"较新的说法已在先：{text}" if zh else f"an earlier statement than the current one: {text}")
                until = op.valid_until or later.timestamp
                out.append(EndOp(item.id, Status.SUPERSEDED, reason, Actor.PIPELINE, turn.turn_id,
                                 by_id=by, valid_until=max(until, _said(item)), at=turn.timestamp))
                fresh = [i for i in fresh if i.id != item.id]
        return out


def _stored_successor(store: KeyLookup, user_id: str, planned: MemoryItem | None, later: Turn) -> str | None:
    """The id of the stored current item the later turn made in place of ``planned`` (same key, its turn)."""
    if planned is None or not planned.key:
        return None
    items = store.find_by_key(user_id, str(planned.key))
    return next((o.id for o in items if later.turn_id in o.source), items[0].id if items else None)
