"""Keeping a cached index current by deltas: ``Recaller``'s catch-up (a mixin, as ``recall_snapshots``).

A user's cached index is brought to the store's version by applying the
items changed since its version and the turns after its last one
(``HybridIndex.apply``), never rebuilt on the recall path (issue 17). Two
threads may want the same delta: the recall answering the user, and the
write-behind listener told that a batch was applied (``workers.recall_catchup``).
Each catch-up is a **flight** (``_flight``): its store read and its apply.
A recall that arrives while a flight of its user's index is under way, or
finds the index stale while one is, waits for it to land (``landed``)
instead of searching the index being changed and then reading and applying
the same delta again: measured in-process at 50 applied writes/s, recalls
read the delta the listener was already reading (a second round trip, a
second decode, then a wait for the listener's apply under the index's lock).
The recall then checks the version as usual, so an answer never misses a
write made before the recall asked (a flight that read before that write is
not enough: tested).

The write-behind catch-up itself starts between recalls: it waits for a
moment when no recall is being answered (``SnapshotKeeping.answering``;
``CATCH_UP_IDLE_WAIT_S`` at most), so a recall's search does not share the
GIL with an apply it does not need. It waits before its read, never between
its read and its apply: a recall waiting for that flight is being answered.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from memory_core.model import MemoryItem, Turn
from memory_core.retrieval.aliases import AliasTable
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.index import INDEXED_STATUSES, RecallTimings
from memory_core.retrieval.query_vector import load_vectors
from memory_core.store.store_reports import ItemChanges
from memory_core.validation import check_id

if TYPE_CHECKING:
    from memory_core.embedding.base import Embedder
    from memory_core.retrieval.user_cache import UserCache
    from memory_core.store.base import MemoryStore
    from memory_core.store.change_note import ChangeNote
    from memory_core.store.sql_vectors import SqlVectors
    from memory_core.store.turns import TurnLog

__all__ = ["CATCH_UP_IDLE_WAIT_S", "FLIGHT_WAIT_S", "DeltaKeeping"]

log = logging.getLogger(__name__)
#: How long (s) a recall waits for another thread's catch-up of the same index before doing its own.
FLIGHT_WAIT_S = 2.0
#: How long (s) a write-behind catch-up waits for a moment when no recall is being answered.
CATCH_UP_IDLE_WAIT_S = 0.01


def _note_order(note: ChangeNote) -> tuple[int, int]:
    """Oldest first: by the version a note starts after (counter versions; others keep their order)."""
    return (int(note.since), note.after_seq) if note.since.isdigit() else (0, note.after_seq)


class DeltaKeeping:
    """Catch-up of cached indexes for ``Recaller`` (which sets the attributes below)."""

    if TYPE_CHECKING:
        store: MemoryStore
        embedder: Embedder | None
        compact_in_background: bool
        delta_count: int
        _cache: UserCache[HybridIndex]
        _turn_log: TurnLog | None
        _vectors: SqlVectors | None
        _count_lock: threading.Lock
        _compacting: set[int]
        _idle: threading.Event | None

        def _build(self, user_id: str, version: str | None, items: list[MemoryItem] | None = None
                   ) -> HybridIndex: ...

        def _save_later(self, user_id: str, index: HybridIndex) -> None: ...

    _flights: dict[int, threading.Event] | None = None
    #: change sets applied as a note carried them, without a store read (``catch_up``)
    carried_count = 0
    #: notes posted by the listener and not yet applied, by user (``catch_up``, ``take_notes``)
    _mail: dict[str, list[ChangeNote]]

    @contextmanager
    def _flight(self, index: HybridIndex) -> Iterator[None]:
        """Mark a catch-up of ``index`` under way (its read and apply) until the block ends."""
        landed = threading.Event()
        with self._count_lock:
            if self._flights is None:
                self._flights = {}
            self._flights[id(index)] = landed
        try:
            yield
        finally:
            with self._count_lock:
                if self._flights.get(id(index)) is landed:
                    del self._flights[id(index)]
            landed.set()

    def landed(self, index: HybridIndex) -> bool:
        """Wait (``FLIGHT_WAIT_S`` at most) for a catch-up of ``index`` under way; True if there was one."""
        flights = self._flights
        flight = flights.get(id(index)) if flights else None
        if flight is None:
            return False
        flight.wait(FLIGHT_WAIT_S)
        return True

    def _caught_up(self, user_id: str, cached: HybridIndex, note: ChangeNote | None = None
                   ) -> tuple[HybridIndex, RecallTimings]:
        """The cached index with the changes since its version applied, read in one round trip.

        For a user whose index was stale at the last recall (a chat writes a turn between
        two recalls): asking for the version first and then for the changes took two. With a
        ``note`` that fits the index (``ChangeNote.fits``) its changes and turns are applied as
        carried, without a read.
        """
        t0 = time.perf_counter()
        before, seq = cached.version, cached.last_seq
        with self._flight(cached):
            if note is not None and note.changes is not None and note.fits(before, seq):
                delta = (note.changes, [t for t in note.turns if t.seq > seq])
                with self._count_lock:
                    self.carried_count += 1
            else:
                delta = self._read_delta(user_id, before, seq)  # outside the lock (see index_for)
            with cached.lock:
                index = self._update(user_id, cached,
                                     delta if (cached.version, cached.last_seq) == (before, seq) else None)
        if index is cached:
            self._cache.resize(user_id, cached.nbytes())
            self._maybe_compact(cached, user_id)
        cached.changing = index.version != before
        return index, RecallTimings(0.0, (time.perf_counter() - t0) * 1e3, rebuilt=index is not cached,
                                    items=len(index))

    def catch_up(self, user_id: str, notes: Sequence[ChangeNote] = ()) -> bool:
        """Apply the store's changes to the user's cached index now, off the recall path; True if it moved.

        For a write-behind (``workers.recall_catchup``: told that a batch was applied, the
        recall worker applies it before the user's next recall asks). A user not cached is
        left alone (no load, the LRU order unchanged). ``notes``: the announcements received
        for the user (``wire.changes``). They are posted first, so a recall of the user that
        starts while this catch-up waits for a moment between recalls applies them itself
        (``take_notes``; this returns False then); else each that fits the index is applied
        as carried, oldest version first, and the store is read only when one was bare, did
        not fit, or left the index older than a note's version (no notes: read).

        Raises:
            InvalidField: a malformed user id.
            StoreError: the store failed.
        """
        cached = self._cache.peek(check_id(user_id, "user id"))
        if cached is None:
            return False
        if notes:  # posted first: a recall of the user starting meanwhile applies them itself (``take_notes``)
            with self._count_lock:
                self._mail.setdefault(user_id, []).extend(notes)
        if self._idle is not None:  # between recalls, not beside one: its search would share the GIL with the apply
            self._idle.wait(CATCH_UP_IDLE_WAIT_S)
        self.landed(cached)  # a recall's own catch-up first (it may have read before this change)
        before = cached.version
        if notes:
            posted = self._take_notes(user_id)
            if not posted:
                return False  # a recall applied them (and checked the version itself)
            if self.apply_notes(user_id, cached, posted):
                cached.changing = False
                return cached.version != before
        self._caught_up(user_id, cached)
        cached.changing = False  # current now: the next recall searches while it checks the version
        return cached.version != before

    def _take_notes(self, user_id: str) -> list[ChangeNote]:
        """The notes posted for the user and not yet applied (removed from the mailbox)."""
        if not self._mail:  # every recall asks: no lock while the mailbox is empty
            return []
        with self._count_lock:
            return self._mail.pop(user_id, [])

    def apply_notes(self, user_id: str, cached: HybridIndex, notes: Sequence[ChangeNote]) -> bool:
        """Apply each carried note that fits ``cached`` (oldest first); True if the index now holds all of them.

        False when one was bare, or did not fit and is newer than the index: the store must be read.
        """
        carried = sorted((n for n in notes if n.changes is not None), key=_note_order)
        for note in carried:
            if note.fits(cached.version, cached.last_seq):
                self._caught_up(user_id, cached, note)
        return len(carried) == len(notes) and all(n.older_than(cached.version) for n in carried)

    def take_notes(self, user_id: str, cached: HybridIndex) -> None:
        """For a recall: apply the notes posted for the user that no catch-up has applied yet.

        The listener posts a user's notes before it waits for a moment between recalls, so a
        recall that starts meanwhile finds them here instead of reading the same change from the
        store when its version probe finds the index stale. If they leave a read to make, the
        index is marked ``changing`` (the recall then reads in one round trip before searching).
        """
        notes = self._take_notes(user_id)
        if notes:  # current as announced: the recall searches while it checks the version (else reads first)
            cached.changing = not self.apply_notes(user_id, cached, notes)

    def _read_delta(self, user_id: str, version: str, last_seq: int) -> tuple[ItemChanges, list[Turn]]:
        """The store's changes after ``version`` and, when there are any, the turns after ``last_seq``."""
        changes, turn_log = self.store.changes_since(user_id, version), self._turn_log
        if turn_log is None or changes.complete or (changes.version == version and not changes.items) or not (
                changes.last_seq is None or changes.last_seq > last_seq):
            return changes, []
        return changes, turn_log.list_turns(user_id, after_seq=last_seq)

    def _update(self, user_id: str, index: HybridIndex,
                delta: tuple[ItemChanges, list[Turn]] | None = None) -> HybridIndex:
        """Apply the changes since the index's version (``delta``: read for its version and last turn, else read
        now) to it; return it, or a rebuilt index."""
        changes, turns = delta or self._read_delta(user_id, index.version, index.last_seq)
        if changes.complete and self._turn_log is not None:  # erased and started again: the turns restart too
            return self._build(user_id, changes.version, [i for i in changes.items if i.status in INDEXED_STATUSES])
        if changes.version == index.version and not changes.items and not changes.complete:
            self._load_vectors(user_id, index)  # a read that failed after the version moved is made up (no-op else)
            return index  # nothing changed since
        index.apply(changes.items, turns, complete=changes.complete)
        if changes.new_vectors is False and index.version.isdigit() and index.dense_seen >= int(index.version) \
                and changes.version.isdigit():
            index.dense_seen = int(changes.version)  # nothing embedded since: no vector read
        index.version = changes.version
        index.last_seq = max([index.last_seq, *(t.seq for t in turns)])
        self._learn_aliases(index, [i for i in changes.items if i.status in INDEXED_STATUSES])
        self._load_vectors(user_id, index)
        with self._count_lock:
            self.delta_count += 1
        return index

    @staticmethod
    def _learn_aliases(index: HybridIndex, items: list[MemoryItem]) -> None:
        """Teach the index's alias table the acronyms ``items`` define (created on first use)."""
        if index.aliases is None:
            index.aliases = AliasTable()
        index.aliases.learn(i.description for i in items)

    def _load_vectors(self, user_id: str, index: HybridIndex) -> None:
        """Put the vectors written since the index last looked (up to its version) into its dense rows."""
        if self.embedder is not None and self._vectors is not None:
            load_vectors(self._vectors, self.embedder.model_id, self.embedder.dim, user_id, index)

    def _maybe_compact(self, index: HybridIndex, user_id: str | None = None) -> None:
        """Compact a grown index (in the background unless told otherwise), then save its snapshot."""
        if not index.needs_compaction or id(index) in self._compacting:
            return
        if not self.compact_in_background:
            index.compact()
            if user_id is not None:
                self._save_later(user_id, index)
            return
        self._compacting.add(id(index))

        def run() -> None:
            try:
                index.compact()
            except Exception:  # a failed compaction leaves a correct, uncompacted index
                log.exception("index compaction failed")
            finally:
                self._compacting.discard(id(index))
            if user_id is not None:
                self._save_later(user_id, index)

        threading.Thread(target=run, name="gulfstream-compact", daemon=True).start()

