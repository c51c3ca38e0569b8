"""Apply the current sensitive-data policy to what was stored under an earlier one.

The write path applies ``GULFSTREAM_SENSITIVE_POLICY`` to what it writes (``pipeline.sensitive``) and,
under ``mask`` / ``drop``, keeps a curated turn's text masked with the SHA-256 of the original
(``pipeline.sensitive_turns``). A switch from ``keep`` to ``mask`` or ``drop`` changes nothing already
stored: the turns and items written under ``keep`` still hold the values in clear. ``apply_policy``
brings one user's store in line, under the user's curator lock:

1. every applied turn holding a sensitive value gets its masked text and ``TEXT_SHA_META`` (the
   write path's ``scrub_curated``: a redelivered turn still matches its hash);
2. under ``drop``, every active item whose text holds a sensitive value ends ``deleted`` (the policy
   would not have written it);
3. every item's text, key and revision texts holding a value are masked in place (the revision
   texts too: the point of the policy is that the value is gone from storage), with the version
   bumped so indexes and vectors follow.

Each step is one transaction and finds nothing left to do once done, so the whole is idempotent and a
run killed midway leaves a consistent store that the next run finishes. ``gulfstream apply-policy``
runs it for one user or all; maintenance runs it first for every user whose policy is not ``keep``
(``LifecycleCalls.maintain``). What it cannot see: a value an item repeats without the words naming
its kind (the write path reads those from the item's own turn).
"""

from __future__ import annotations

import re
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from memory_core.errors import StoreLocked
from memory_core.model import Actor, MemoryItem, Status
from memory_core.pipeline.sensitive_detect import Finding, detect, mask
from memory_core.pipeline.sensitive_turns import scrub_curated
from memory_core.store.apply import apply_ops
from memory_core.store.write_ops import EndOp

if TYPE_CHECKING:
    from memory_core.lifecycle.clock import Clock
    from memory_core.pipeline.sensitive import SensitiveGuard
    from memory_core.seams import MemoryRecaller
    from memory_core.settings import Settings
    from memory_core.store.base import MemoryStore


class PolicyHost(Protocol):
    """What ``apply_policy`` needs of a memory (``service.Memory`` has it all)."""

    store: MemoryStore
    settings: Settings
    clock: Clock
    recaller: MemoryRecaller

    @property
    def sensitive(self) -> SensitiveGuard:
        """The guard holding the user's policy (``pipeline.sensitive.SensitiveGuard``)."""
        ...

    def embed_pending(self, user_id: str) -> int:
        """Embed what the user's items and turns are missing; return vectors written (never raises)."""
        ...

__all__ = ["DROPPED_REASON", "PolicyHost", "PolicyReport", "apply_policy", "mask_item"]

#: What a mask leaves in place of a value ("[code]", "[card]"): never a value itself.
_LABEL = re.compile(r"\[[a-z_]+\]")
#: The reason in an item's history when a switch to ``drop`` ends it.
DROPPED_REASON = "sensitive-data policy drop applied to what was stored"


@dataclass(slots=True)
class PolicyReport:
    """What ``apply_policy`` did for one user.

    Attributes:
        user_id / policy: whose store, under which policy ("keep": nothing done).
        turns: stored turns rewritten to their masked text.
        masked: items whose text, key or history had a value masked.
        dropped: active items ended ``deleted`` under ``drop``.
        busy: the user's curator held the lock past the timeout (nothing done; the next run does it).
    """

    user_id: str
    policy: str
    turns: int = 0
    masked: int = 0
    dropped: int = 0
    busy: bool = False

    @property
    def changed(self) -> bool:
        """True when anything stored changed."""
        return bool(self.turns or self.masked or self.dropped)


def _values(text: str) -> list[Finding]:
    """The sensitive values in ``text``, not counting a label a mask left ("PIN is [code]")."""
    return [f for f in detect(text) if not _LABEL.fullmatch(f.value)] if text else []


def _masked(text: str) -> str | None:
    """``text`` with its sensitive values masked, None when it holds none."""
    found = _values(text)
    return mask(text, found) if found else None


def mask_item(item: MemoryItem) -> bool:
    """Mask every sensitive value in ``item``'s text, key and revision texts, in place; True if any."""
    changed = False
    if (text := _masked(item.description)) is not None:
        item.description, changed = text, True
    if item.key and (key := _masked(item.key)) is not None:
        item.key, changed = key, True
    for rev in item.history:
        for name in ("old_description", "new_description"):
            if (text := _masked(getattr(rev, name))) is not None:
                setattr(rev, name, text)
                changed = True
    return changed


def _lock(memory: PolicyHost, user_id: str) -> AbstractContextManager[Any]:
    log = memory.store.turn_log()
    if log is not None:
        return log.user_lock(user_id, timeout_s=memory.settings.user_lock_timeout_s)
    return memory.store._write_lock(user_id)


def apply_policy(memory: PolicyHost, user_id: str, now: datetime | None = None) -> PolicyReport:
    """Apply the user's current sensitive-data policy to their stored turns and items (module docstring).

    Args:
        memory: the memory (``service.Memory``; its store, settings and ``sensitive`` guard give the policy).
        user_id: whose store.
        now: when (dates a drop's revision; default the memory's clock).

    Raises:
        StoreError: the store failed (what was committed stays; the next run does the rest).
    """
    policy = memory.sensitive.policy_for(user_id)
    report = PolicyReport(user_id, policy)
    if policy == "keep":
        return report
    when = now or memory.clock.now()
    store = memory.store
    try:
        with _lock(memory, user_id):
            log = store.turn_log()
            if log is not None:
                report.turns = scrub_curated(log, user_id, log.list_turns(user_id))
            items = store._load_all(user_id)
            ends = [EndOp(i.id, Status.DELETED, DROPPED_REASON, Actor.PIPELINE, at=when)
                    for i in items.values() if policy == "drop" and i.active and _values(i.description)]
            if ends:
                apply_ops(items, user_id, ends)
            report.dropped = len(ends)
            report.masked = sum(mask_item(i) for i in items.values())
            if report.masked or report.dropped:
                store._save_all(user_id, items)
    except StoreLocked:
        report.busy = True
        return report
    if report.changed:
        memory.recaller.invalidate(user_id)
        memory.embed_pending(user_id)  # the masked texts' vectors (never raises)
    return report
