"""The per-user maintenance job: summarise, consolidate, expire, archive.

``Maintainer.run(user_id)`` does, in this order, on the user's active items
read once (the run's own writes keep that list current), writing in small
all-or-nothing batches (``MemoryStore.apply``) with a pause after each read
step and batch (``yield_ratio``, a duty cycle that leaves curators the database):

1. **summaries** (``summaries``): every finished episode of two user turns or
   more since the last run gets an episode summary, every finished month a
   month summary (naming the smaller episodes' items too);
2. **consolidation**: active items that say the same thing are merged into
   one (same canonical key; same normalised text; with an embedder, cosine
   similarity at or above ``similarity``) — the merged-in item ends
   ``deleted`` with a pointer, its history kept in the survivor (seed 000's
   merge); events are records of distinct moments and are never merged;
3. **expiry**: an active item whose ``valid_until`` has passed ends
   ``archived`` ("expired") — todos, deadlines, temporary states and items
   given ``expires_at`` (``fading``);
4. **decay**: an active item whose strength (``decay.strength``) is below
   ``Decay.archive_below`` ends ``archived``, unless it is still valid into
   the future or is the current value of a single-valued slot or an
   identity fact (``fading``), or a user's raw turn telling a trip, a holiday or a milestone of
   their life, which neither fades nor expires with its stay (``memorable``); on the user timeline days are counted on
   the user's own activity, a long absence counted short (``activity``);
5. expired working memory is purged.

**Slices.** A run does a bounded amount of work (``max_episodes`` episode
summaries, ``max_ends`` merges and ``max_ends`` expiry and archive ops; 0: no bound) and says in
``MaintenanceReport.backlog`` that it left some for the next run: a user
whose history was never maintained (an import, a first deploy) is caught up
in slices spread over several runs (the worker queues the next slice after a
pause, ``Memory.maintain`` runs them one after another), never in one long
run beside the user's curator. A run reads at most ``TURNS_READ_PER_EPISODE``
turns per episode it may summarise past the turn watermark (an episode still
open at the end of what was read waits for the next run); the turn
watermark stops before the first episode not summarised, and months are
summarised only once every episode before them is. A run that leaves episodes unsummarised archives nothing
(their items must still be active when their summaries are written).

**Item watermark.** A run reads the user's active items once; between
runs they are kept with the memory version they were read at and brought
current from the rows changed since (``active_set``), so the slices of a
catch-up do not each read the whole history again.

**Turn watermark for the pass after ingest.** A run records the user's last
applied turn ``seq`` it started from (``due.APPLIED_SEQ``): the cheap pass
after ingest is due when ``maintain_every_turns`` turns were applied since,
whichever processes applied them (``due``).

Nothing is lost: archived items keep their history and are recalled when
asked for (``RecallFilters(statuses=...)``); ``restore`` brings one back.
The job holds no curator lock: a batch that races a curator's change (the
item ended or merged meanwhile) is replayed op by op and the refused ops
are skipped and counted, so curation of new turns never waits on it. Two
runs for one user never overlap in a process (a per-user lock, not waited
for). Every step is idempotent, so a run killed midway is finished by the
next one.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from memory_core.decay import Decay, base_time
from memory_core.errors import InvalidField, InvalidInput, UnknownItem
from memory_core.lifecycle.active_set import ActiveSets
from memory_core.lifecycle.activity import read_gaps
from memory_core.lifecycle.clock import Clock, SystemClock, aware
from memory_core.lifecycle.consolidate import Embedder, merge_pairs
from memory_core.lifecycle.due import APPLIED_SEQ, MARK_SLOT, applied_seq
from memory_core.lifecycle.fading import ending_ops
from memory_core.lifecycle.referred import restore_ops
from memory_core.lifecycle.replaced_by import unreplaced_ids
from memory_core.lifecycle.state import SessionStateStore
from memory_core.lifecycle.summaries import (
    EPISODE_GAP,
    Episode,
    Summarizer,
    episode_summary,
    episodes,
    month_key,
    month_summary,
    summarised,
)
from memory_core.model import Actor, Kind, MemoryItem, Status
from memory_core.pipeline.same_claim import fuller
from memory_core.retrieval.index import INDEXED_STATUSES
from memory_core.store.base import MemoryStore
from memory_core.store.write_ops import AddOp, EndOp, MergeOp, Op, RestoreOp
from memory_core.validation import check_id

__all__ = ["Embedder", "Maintainer", "MaintenanceReport"]

log = logging.getLogger(__name__)

#: Ops per write transaction: each holds the user's counter row, which a curator also takes, so short
#: (a 25-op batch held it ~0.1 s on a loaded 2-core machine; a curator's turn waited that long).
BATCH_OPS = 8
#: Turns one run reads past its turn watermark, per episode summary it may write (``max_episodes``; 0: all).
TURNS_READ_PER_EPISODE = 128


@dataclass(slots=True)
class MaintenanceReport:
    """What one run did for one user (counts of items unless named otherwise).

    Attributes:
        user_id: whose memory.
        now: the run's time.
        summaries: summary items written (episodes and months).
        merged: items merged into another.
        expired: items archived because their ``valid_until`` passed.
        archived: items archived because their strength fell below the threshold.
        purged_sessions: expired working memories removed.
        skipped_ops: ops refused because a curator changed the item meanwhile.
        active: the user's active items after the run.
        busy: True when another run for this user was in progress (nothing done).
        clock_backwards: True when ``now`` is before the previous run's time.
        backlog: True when the run stopped at a bound (``max_episodes``, ``max_ends``) with work left.
        sensitive: stored turns and items the sensitive-data policy rewrote (``policy_apply``).
    """

    user_id: str
    now: datetime
    summaries: int = 0
    merged: int = 0
    expired: int = 0
    archived: int = 0
    purged_sessions: int = 0
    skipped_ops: int = 0
    active: int = 0
    busy: bool = False
    clock_backwards: bool = False
    backlog: bool = False
    sensitive: int = 0
    errors: list[str] = field(default_factory=list)


def _said(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


class Maintainer:
    """Runs the maintenance job (module docstring) for one user at a time.

    Args:
        store: the memory store; summaries and the run's watermark need one with SQL tables (``sql_tables()``)
            (a plain ``MemoryStore`` gets consolidation, expiry and decay only).
        decay: strength parameters (default ``Decay()``).
        clock: where ``now`` comes from (default the wall clock).
        summarizer: optional abstractive summarizer (an LLM); extractive without.
        embedder: optional embedder for semantic near-duplicates.
        similarity: cosine at or above which two same-kind, same-theme items are duplicates.
        episode_gap: a longer silence starts a new episode.
        on_change: called with the user id after a run that changed what recall sees.
        yield_ratio: after each read step and each write batch, sleep this many times as
            long as it took (0: never), leaving the database and the CPU to curators in
            between (a duty cycle over the whole run, reads included).
        timeline: "user" (default): a run without an explicit ``now`` takes the
            clock's time, but never later than the user's newest turn or item
            (the user's own timeline, as recall's recency does): replayed or
            imported conversations age by their own dates, and a quiet user's
            memory waits for them. "wall": the clock's time as it is.
        max_episodes: most episode summaries one run writes (0: no bound); the rest wait for the next run.
        max_ends: most merges, and most expiry and archive ops, one run applies (0: no bound).
    """

    def __init__(self, store: MemoryStore, *, decay: Decay | None = None, clock: Clock | None = None,
                 summarizer: Summarizer | None = None, embedder: Embedder | None = None,
                 similarity: float = 0.92, episode_gap: timedelta = EPISODE_GAP,
                 on_change: Callable[[str], None] | None = None, timeline: str = "user",
                 yield_ratio: float = 0.0, idle_cap_days: float = 14.0, max_episodes: int = 0,
                 max_ends: int = 0) -> None:
        for name, bound in (("max_episodes", max_episodes), ("max_ends", max_ends)):
            if isinstance(bound, bool) or not isinstance(bound, int) or not 0 <= bound < 1_000_000:
                raise InvalidField(f"{name} must be an integer from 0 (no bound) to 999999; got {bound!r}")
        self.max_episodes = max_episodes
        self.max_ends = max_ends
        if not 0 <= idle_cap_days < 1e6:
            raise InvalidField(f"idle_cap_days must be a number of days >= 0; got {idle_cap_days!r}")
        self.idle_cap_days = float(idle_cap_days)
        if not 0 <= yield_ratio < 100:
            raise InvalidField(f"yield_ratio must be from 0 to 100; got {yield_ratio!r}")
        self.yield_ratio = yield_ratio
        if timeline not in ("user", "wall"):
            raise InvalidField(f"timeline must be 'user' or 'wall'; got {timeline!r}")
        self.timeline = timeline
        self.store = store
        self.decay = decay or Decay()
        self.clock = clock or SystemClock()
        self.summarizer = summarizer
        self.embedder = embedder
        self.similarity = similarity
        self.episode_gap = episode_gap
        self.on_change = on_change
        tables = store.sql_tables()
        self._state = SessionStateStore(tables) if tables is not None else None
        self._locks: dict[str, threading.Lock] = {}
        self._active: dict[str, list[MemoryItem]] = {}  # a run's active items: read once, kept by its writes
        self.active_sets = ActiveSets(store)  # between runs: brought current from the item watermark
        self._busy_since = time.perf_counter()  # start of the work not yet paid for by a pause (``_breathe``)
        self._guard = threading.Lock()

    # ── the job ────────────────────────────────────────────────────────

    def run(self, user_id: str, now: datetime | None = None, *, summarize: bool = True,
            consolidate: bool = True) -> MaintenanceReport:
        """Run every step for ``user_id`` at ``now`` (default: the clock's); return what it did.

        ``summarize=False, consolidate=False`` is the cheap pass run after ingest
        (expiry and decay only).

        Raises:
            InvalidField: a malformed user id or a naive ``now``.
            StoreError: the store failed; what was written before stays (each batch is atomic).
        """
        user_id = check_id(user_id, "user id")
        with self._guard:
            lock = self._locks.setdefault(user_id, threading.Lock())
        if not lock.acquire(blocking=False):
            report = MaintenanceReport(user_id, self._now(now))
            report.busy = True
            return report
        try:
            self._active.pop(user_id, None)
            self._busy_since = time.perf_counter()
            start_seq = applied_seq(self.store, user_id)  # turns applied after it count toward the next run (``due``)
            now = self._now(now) if now is not None or self.timeline == "wall" else self._user_now(user_id)
            self._breathe()
            report = MaintenanceReport(user_id, now)
            mark = self._mark(user_id)
            last = mark.get("last_run")
            if last and datetime.fromisoformat(last) > now:
                report.clock_backwards = True
                log.warning("maintenance of %s at %s, before its previous run at %s: the clock went back",
                            user_id, now.isoformat(), last)
            if summarize and self._state is not None:
                self._summarize(user_id, now, mark, report)
                self._breathe()
            if consolidate:
                self._consolidate(user_id, now, report)
                self._breathe()
            if not report.backlog:  # episodes left unsummarised keep their items until their summaries exist
                self._expire_and_decay(user_id, now, report, mark)
            if self._state is not None:
                report.purged_sessions = self._state.purge_expired(now, user_id)
                if not report.clock_backwards:
                    mark["last_run"] = now.isoformat()
                if start_seq is not None:
                    mark[APPLIED_SEQ] = start_seq
                self._state.put(user_id, "*", MARK_SLOT, mark, now)
            report.active = len(self._active_items(user_id))
        finally:
            self._active.pop(user_id, None)
            lock.release()
        if self.on_change is not None and (report.summaries or report.merged or report.expired or report.archived):
            self.on_change(user_id)
        return report

    def restore(self, user_id: str, item_id: str, reason: str, *, actor: str = Actor.USER,
                now: datetime | None = None) -> MemoryItem:
        """Bring an archived item back to active, with a "restore" revision; return it.

        Its decay restarts (``last_used_at`` = now); an expiry already passed is
        cleared, so the next run does not archive it again.

        Raises:
            UnknownItem: no such item. InvalidField: it is not archived.
        """
        now = self._now(now)
        self.store.apply(check_id(user_id, "user id"), [RestoreOp(item_id, reason, actor, now)])
        if self.on_change is not None:
            self.on_change(user_id)
        return self.store.get(user_id, item_id)

    # ── steps ──────────────────────────────────────────────────────────

    def _now(self, now: datetime | None) -> datetime:
        return aware(self.clock.now() if now is None else now)

    def _user_now(self, user_id: str) -> datetime:
        """The clock's time, but not after the user's newest turn or item (``timeline="user"``)."""
        now = self._now(None)
        turn_log = self.store.turn_log()
        newest = turn_log.newest_turn_time(user_id) if turn_log is not None else None
        for item in self._active_items(user_id):
            said = base_time(item)
            newest = said if newest is None or said > newest else newest
        return now if newest is None or newest > now else newest

    def _breathe(self) -> None:
        """Sleep ``yield_ratio`` times the work done since the last pause (the run's duty cycle)."""
        if self.yield_ratio:
            time.sleep(self.yield_ratio * (time.perf_counter() - self._busy_since))
        self._busy_since = time.perf_counter()

    def _active_items(self, user_id: str) -> list[MemoryItem]:
        """The user's active items (without history), read once per run (``ActiveSets``: what changed since the
        last run); the run's own writes keep it current."""
        if user_id not in self._active:
            self._active[user_id] = self.active_sets.read(user_id)
        return self._active[user_id]

    def _mark(self, user_id: str) -> dict[str, Any]:
        if self._state is None:
            return {}
        return self._state.get(user_id, "*", MARK_SLOT) or {}

    def _apply(self, user_id: str, ops: Sequence[Op], report: MaintenanceReport) -> int:
        """Apply ``ops`` in batches; a refused batch is replayed op by op. Return ops applied.

        The run's list of active items (``_active_items``) follows what was
        applied (added items join it, merged-in and ended ones leave it), so a
        run reads the user's items once.
        """
        done: list[Op] = []
        for start in range(0, len(ops), BATCH_OPS):
            batch = list(ops[start:start + BATCH_OPS])
            try:
                self.store.apply(user_id, batch)
                done += batch
                self._breathe()
                continue
            except (InvalidInput, UnknownItem) as exc:
                log.info("maintenance batch of %s raced a change (%r); applying op by op", user_id, exc)
            for op in batch:
                try:
                    self.store.apply(user_id, [op])
                    done.append(op)
                except (InvalidInput, UnknownItem) as exc:
                    report.skipped_ops += 1
                    log.info("maintenance op on %s skipped: %r", user_id, exc)
            self._breathe()
        active = self._active.get(user_id)
        if active is not None and done:
            gone = {op.other_id if isinstance(op, MergeOp) else op.item_id for op in done
                    if isinstance(op, MergeOp | EndOp)}
            active[:] = [i for i in active if i.id not in gone] + [op.item for op in done if isinstance(op, AddOp)]
        return len(done)

    def _summarize(self, user_id: str, now: datetime, mark: dict[str, Any], report: MaintenanceReport) -> None:
        store = self.store.turn_log()
        if store is None:  # an items-only store keeps no turns to summarise
            return
        after = int(mark.get("turn_seq", 0))
        applied = store.last_applied_seq(user_id)  # turns not yet curated have no items to summarise yet
        window = TURNS_READ_PER_EPISODE * self.max_episodes or None
        read = store.list_turns(user_id, after_seq=after, limit=window)
        horizon = now
        if window is not None and len(read) == window:  # more turns follow: an episode open at the window's
            horizon = min(now, read[-1].timestamp)       # end may go on past it, and waits for the next run
            if not any(e.end + self.episode_gap <= horizon for e in episodes(read, self.episode_gap)):
                read = store.list_turns(user_id, after_seq=after)  # one episode longer than the window
                horizon = now
        turns = [t for t in read if t.seq <= applied]
        if not turns:
            return
        found = episodes(turns, self.episode_gap)
        done = [e for e in found if e.end + self.episode_gap <= horizon]
        waiting = [e for e in found if e.end + self.episode_gap > horizon]  # not finished yet, or not read whole
        if horizon < now and waiting:
            report.backlog = True
        items: list[MemoryItem] | None = None
        ops: list[Op] = []
        later: list[Episode] = []  # finished, left for the next run (``max_episodes``)
        if done:
            have = store.find_by_keys(user_id, [e.key for e in done])
            todo = [e for e in done if not have.get(e.key) and summarised(e)]  # a small one: its month names it
            if self.max_episodes and len(todo) > self.max_episodes:
                todo, later = todo[:self.max_episodes], todo[self.max_episodes:]
                report.backlog = True
            if todo:  # the episodes' items are still active: summaries are written before anything decays
                items = self._active_items(user_id)
                by_turn: dict[str, list[MemoryItem]] = {}
                for item in items:
                    for turn_id in item.source:
                        by_turn.setdefault(turn_id, []).append(item)
                for episode in todo:
                    related = {i.id: i for t in episode.turns for i in by_turn.get(t.turn_id, ())
                               if i.status != Status.DELETED}
                    summary = episode_summary(user_id, episode, list(related.values()), now, self.summarizer)
                    if summary is not None:
                        ops.append(AddOp(summary))
        report.summaries += self._apply(user_id, ops, report)
        open_seqs = [t.seq for e in waiting + later for t in e.turns]
        mark["turn_seq"] = (min(open_seqs) - 1) if open_seqs else max(t.seq for t in turns)
        upto = min([now, *(e.start for e in waiting + later)])  # a month is summed up once all its episodes are
        self._months(user_id, now, mark, report, turns[0].timestamp, upto)

    def _months(self, user_id: str, now: datetime, mark: dict[str, Any], report: MaintenanceReport,
                first: datetime, upto: datetime) -> None:
        """Write the summary of every month before ``upto``'s, since ``month_done``, that has items to name."""
        this_month = upto.astimezone(UTC).strftime("%Y-%m")
        # the first month seen is kept: its turns may all be read (watermark past them) before it ends
        start = mark.get("month_done") or mark.setdefault("month_from", first.astimezone(UTC).strftime("%Y-%m"))
        months = []
        year, mon = int(start[:4]), int(start[5:7])
        while f"{year:04d}-{mon:02d}" < this_month:
            months.append(f"{year:04d}-{mon:02d}")
            year, mon = (year + 1, 1) if mon == 12 else (year, mon + 1)
        months = [m for m in months if m != mark.get("month_done")]
        if not months:
            return
        items = self._all_items(user_id)
        unreplaced = unreplaced_ids(self.store, user_id, items)  # a fact nothing current replaced: not over
        ops: list[Op] = []
        have = self.store.find_by_keys(user_id, [month_key(m) for m in months])
        for month in months:
            if have.get(month_key(month)):
                continue
            inside = [i for i in items if _said(i).astimezone(UTC).strftime("%Y-%m") == month
                      and i.status != Status.DELETED]
            episode_sums = [i for i in inside
                            if i.kind == Kind.SUMMARY and (i.key or "").startswith("summary:episode:")]
            summary = month_summary(user_id, month, [i for i in inside if i.kind != Kind.SUMMARY], episode_sums,
                                    now, self.summarizer, unreplaced)
            if summary is not None:
                ops.append(AddOp(summary))
        report.summaries += self._apply(user_id, ops, report)
        mark["month_done"] = months[-1]

    def _all_items(self, user_id: str, statuses: tuple[str, ...] = INDEXED_STATUSES) -> list[MemoryItem]:
        return self.store.list_items_for_index(user_id, statuses)

    def _consolidate(self, user_id: str, now: datetime, report: MaintenanceReport) -> None:
        pairs = merge_pairs(self._active_items(user_id), self.embedder, self.similarity)
        if self.max_ends and len(pairs) > self.max_ends:  # a catch-up's merges are sliced as its ends are
            pairs = pairs[:self.max_ends]
            report.backlog = True
        ops: list[Op] = [MergeOp(keep.id, other.id, fuller(keep, other) if why.startswith("similar") else
                                 keep.description, keep.theme, f"consolidated: {why}", Actor.SYSTEM)
                         for keep, other, why in pairs]
        report.merged += self._apply(user_id, ops, report)

    def _expire_and_decay(self, user_id: str, now: datetime, report: MaintenanceReport,
                          mark: dict[str, Any]) -> None:
        gaps = None
        tables = self.store.sql_tables()
        if self.timeline == "user" and tables is not None:
            active = self._active_items(user_id)
            gaps = read_gaps(tables, user_id, mark, self.idle_cap_days * 86_400.0)
            gaps = gaps.split(base_time(i).timestamp() for i in active)
        olds = self.store.list_items_for_index(user_id, (Status.SUPERSEDED,))  # an old value's turn: not an only record
        derived = [t for i in olds for t in i.source]
        summed = (mark.get("month_done") or "") if self._state is not None else None  # a month's statements wait
        self._apply(user_id, restore_ops(self.store, user_id, self._active_items(user_id), mark.get("last_run"), now),
                    report)  # an assistant's turn the user's new words refer to comes back (``referred``)
        expire, faded = ending_ops(self._active_items(user_id), now, self.decay, gaps, derived, summed, olds)
        if self.max_ends and len(expire) + len(faded) > self.max_ends:
            expire = expire[:self.max_ends]
            faded = faded[:self.max_ends - len(expire)]
            report.backlog = True
        report.expired += self._apply(user_id, expire, report)
        report.archived += self._apply(user_id, faded, report)
