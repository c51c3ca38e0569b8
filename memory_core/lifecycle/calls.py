"""The lifecycle calls of the one Memory API (mixed into ``service.Memory``).

``maintain`` runs the maintenance job (``maintain.Maintainer``) for one user
or all, first bringing what was stored in line with the user's sensitive-data
policy when it is not ``keep`` (``policy_apply``); ``restore`` brings an archived item back; ``set_expiry`` gives an
item an end (Mem0's ``expiration_date``); ``maybe_maintain`` is the cheap
pass (expiry and decay) run after ingest every ``maintain_every_turns``
turns of a user, counted on the store (``due``). The session calls (short-term window, working memory) are
``session.calls.SessionCalls``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING

from memory_core.errors import StoreError
from memory_core.lifecycle.clock import Clock, SystemClock
from memory_core.model import Actor, MemoryItem
from memory_core.store.write_ops import ExpiryOp
from memory_core.validation import check_id

if TYPE_CHECKING:  # the maintenance job (and the write rules it reuses) loads on first maintenance, not with Memory
    from memory_core.lifecycle.maintain import Maintainer, MaintenanceReport
    from memory_core.lifecycle.summaries import Summarizer
    from memory_core.pipeline.sensitive import SensitiveGuard
    from memory_core.seams import MemoryRecaller
    from memory_core.settings import Settings
    from memory_core.store.base import MemoryStore
    from memory_core.store.sql import SqlStore

__all__ = ["LifecycleCalls"]

log = logging.getLogger(__name__)


class LifecycleCalls:
    """Maintenance, restore and expiry on a ``Memory`` (which provides store, settings, recaller)."""

    store: SqlStore | MemoryStore
    settings: Settings
    recaller: MemoryRecaller
    clock: Clock = SystemClock()
    summarizer: Summarizer | None = None
    _maintainer: Maintainer | None = None
    _since_maintain: dict[str, int] | None = None

    if TYPE_CHECKING:
        def embed_pending(self, user_id: str) -> int: ...

        @property
        def sensitive(self) -> SensitiveGuard: ...

    @property
    def maintainer(self) -> Maintainer:
        """The ``Maintainer`` of this memory (built on first use from settings and ``clock``)."""
        if self._maintainer is None:
            from memory_core.lifecycle.maintain import Maintainer

            embedder = getattr(self, "embedder", None)  # semantic near-duplicates when vectors are on
            self._maintainer = Maintainer(self.store, decay=self.settings.decay(), clock=self.clock,
                                          summarizer=self.summarizer, timeline=self.settings.decay_timeline,
                                          yield_ratio=self.settings.maintain_yield_ratio,
                                          idle_cap_days=self.settings.decay_idle_cap_days,
                                          max_episodes=self.settings.maintain_max_episodes,
                                          max_ends=self.settings.maintain_max_ends,
                                          embedder=None if embedder is None else embedder.embed_passages)
        return self._maintainer

    def maintain(self, user_id: str | None = None, now: datetime | None = None, *, summarize: bool = True,
                 consolidate: bool = True, whole: bool = True) -> list[MaintenanceReport]:
        """Run the maintenance job for ``user_id`` (None: every user with items or turns); one report each.

        A run is one slice of bounded work (``maintain_max_episodes``,
        ``maintain_max_ends``); ``whole`` runs slices one after another until
        nothing is left (the reports summed into one, ``backlog`` False), else
        one slice (``backlog`` says whether another is due: the worker queues it
        after a pause).

        Raises:
            InvalidField: a malformed user id or naive ``now``. StoreError: the store failed.
        """
        if user_id is not None:
            users: Iterable[str] = [check_id(user_id, "user id")]
        else:
            found = set(self.store.users())
            turn_log = self.store.turn_log()
            if turn_log is not None:
                found |= set(turn_log.turn_users())
            users = sorted(found)
        return [self._maintain_user(u, now, summarize, consolidate, whole) for u in users]

    def _maintain_user(self, user_id: str, now: datetime | None, summarize: bool, consolidate: bool,
                       whole: bool) -> MaintenanceReport:
        rewritten = 0
        if self.sensitive.policy_for(user_id) != "keep":  # what was stored under "keep" follows the policy
            from memory_core.lifecycle.policy_apply import apply_policy

            done = apply_policy(self, user_id, now)
            rewritten = done.turns + done.masked + done.dropped
        report = self.maintainer.run(user_id, now, summarize=summarize, consolidate=consolidate)
        report.sensitive = rewritten
        while whole and report.backlog and not report.busy:
            more = self.maintainer.run(user_id, now, summarize=summarize, consolidate=consolidate)
            for name in ("summaries", "merged", "expired", "archived", "purged_sessions", "skipped_ops"):
                setattr(report, name, getattr(report, name) + getattr(more, name))
            report.active, report.backlog, report.busy = more.active, more.backlog, more.busy
            report.errors += more.errors
        return report

    def maybe_maintain(self, user_id: str, turns: int) -> MaintenanceReport | None:
        """Run the cheap pass for the user when ``maintain_every_turns`` turns were applied since the last run.

        Counted on the store (``due.turns_since_maintenance``): turns another process recorded or applied (an
        ingest killed and re-run, two ingests of the user at once) count as this process's do, so the final
        state does not depend on an interruption. A store without a turn log counts ``turns`` (this call's
        applied turns) in this process. The cheap pass is expiry and decay only (no summaries, no merging).
        A failure is logged and counted in the report's ``errors``, never raised: ingest already succeeded.

        Returns:
            The pass's report, or None when it was not due (or ``maintain_every_turns`` is 0).
        """
        every = self.settings.maintain_every_turns
        if every <= 0:
            return None
        from memory_core.lifecycle.due import turns_since_maintenance

        try:
            since = turns_since_maintenance(self.store, user_id)
        except StoreError as exc:  # the turns are in; the count is read again after the next ingest
            log.warning("reading when %s was last maintained failed: %r", user_id, exc)
            return None
        if since is None:
            if self._since_maintain is None:
                self._since_maintain = {}
            since = self._since_maintain.get(user_id, 0) + turns
            self._since_maintain[user_id] = 0 if since >= every else since
        if since < every:
            return None
        try:
            return self.maintainer.run(user_id, summarize=False, consolidate=False)
        except Exception as exc:  # the turns are in; maintenance runs again later
            log.warning("maintenance after ingest of %s failed: %r", user_id, exc)
            from memory_core.lifecycle.maintain import MaintenanceReport

            report = MaintenanceReport(user_id, self.clock.now())
            report.errors.append(repr(exc))
            return report

    def restore(self, user_id: str, item_id: str, reason: str, *, actor: str = Actor.USER) -> MemoryItem:
        """Bring an archived item back to active (history kept); return it.

        Raises:
            UnknownItem: no such item. InvalidField: it is not archived.
        """
        return self.maintainer.restore(user_id, item_id, reason, actor=actor)

    def set_expiry(self, user_id: str, item_id: str, expires_at: datetime | None, reason: str, *,
                   actor: str = Actor.USER) -> MemoryItem:
        """Set (or clear, with None) when an active item stops holding; return it.

        After ``expires_at`` the next maintenance run archives it ("expired").

        Raises:
            UnknownItem: no such live item. InvalidField: a naive time, one not
                after the item's ``valid_from``, or an item that is not active.
        """
        user_id = check_id(user_id, "user id")
        self.store.apply(user_id, [ExpiryOp(item_id, expires_at, reason, actor, self.clock.now())])
        return self.store.get(user_id, item_id)
