"""The user's own clock for decay: days the user was around, long absences counted short.

Decay (seed 002 §4.2) counts "days since last use". A memory is used only
while its user is there to use it, so on the user's timeline an absence
counts at most ``cap`` (``Settings.decay_idle_cap_days``, 14 days): a user
whose history ends in 2025 and who says one thing today finds their 2025
memory aged by two weeks, not by the year in between (without this, one new
turn dated today aged a whole imported history against the wall clock and
archived most of it). Daily use is counted as it is.

``IdleGaps`` holds the user's absences longer than ``cap``: the gaps
between consecutive activity points (turn timestamps, and the times the
active items were said or last used). ``IdleGaps.to_active(t)`` maps wall
times to "active time", where the part of each long gap beyond ``cap`` does
not pass; decay then takes ``to_active(now) - to_active(base)``.

The gaps are kept in the maintenance mark (``session_state`` slot
"maintain") with the highest turn ``seq`` read, so a run reads only the
turns that arrived since the last one; turns arriving older than the newest
point read (an import of old history) make it read all of the user's
timestamps once again.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from sqlalchemy import select

from memory_core.store.sql import SqlStore
from memory_core.store.sql_queries import _T

__all__ = ["IdleGaps", "idle_gaps", "read_gaps"]

_DAY_S = 86_400.0


@dataclass(slots=True)
class IdleGaps:
    """Absences longer than ``cap_s``: ``gaps`` as (start, end) epoch seconds, sorted, not overlapping.

    Attributes:
        cap_s: how much of one absence counts (s, >= 0).
        gaps: (start, end) pairs with ``end - start > cap_s``.
    """

    cap_s: float
    gaps: list[tuple[float, float]] = field(default_factory=list)

    def to_active(self, times: np.ndarray | float) -> np.ndarray:
        """Map epoch seconds (any shape) to active time: each gap passes only for its first ``cap_s``."""
        t = np.asarray(times, dtype=np.float64)
        if not self.gaps:
            return t
        starts = np.array([a for a, _ in self.gaps], dtype=np.float64) + self.cap_s
        excess = np.array([b - a for a, b in self.gaps], dtype=np.float64) - self.cap_s
        frozen = np.clip(t[..., None] - starts, 0.0, excess).sum(axis=-1)
        return np.asarray(t - frozen)

    def split(self, points: Iterable[float]) -> IdleGaps:
        """Return the gaps with ``points`` (more activity) inside them taken into account."""
        pts = np.sort(np.asarray(list(points), dtype=np.float64))
        out: list[tuple[float, float]] = []
        for a, b in self.gaps:
            inner = pts[(pts > a) & (pts < b)]
            edges = [a, *inner.tolist(), b]
            out += [(x, y) for x, y in itertools.pairwise(edges) if y - x > self.cap_s]
        return IdleGaps(self.cap_s, out)


def idle_gaps(points: Iterable[float], cap_s: float) -> IdleGaps:
    """The gaps longer than ``cap_s`` between consecutive ``points`` (epoch seconds, any order)."""
    pts = np.sort(np.asarray(list(points), dtype=np.float64))
    if pts.size < 2:
        return IdleGaps(cap_s)
    diffs = np.diff(pts)
    where = np.nonzero(diffs > cap_s)[0]
    return IdleGaps(cap_s, [(float(pts[j]), float(pts[j + 1])) for j in where])


def _timestamps(store: SqlStore, user_id: str, after_seq: int) -> tuple[list[float], int]:
    """The user's turn timestamps with ``seq > after_seq`` (epoch s) and the highest seq read."""
    query = select(_T.c.seq, _T.c.timestamp).where(_T.c.user_id == user_id, _T.c.seq > after_seq)
    with store._tx() as conn:
        rows = conn.execute(query).all()
    if not rows:
        return [], after_seq
    return [r.timestamp.timestamp() for r in rows], max(int(r.seq) for r in rows)


def read_gaps(store: SqlStore, user_id: str, mark: dict[str, Any], cap_s: float) -> IdleGaps:
    """The user's long absences between turns, updated in ``mark["idle"]`` from the turns since its ``seq``.

    ``mark`` is the maintenance mark (changed in place; the caller saves it).
    A turn older than the newest point read so far, or a changed cap, makes
    it read every turn again.

    Raises:
        StoreError: the database failed.
    """
    saved = mark.get("idle") or {}
    fresh = float(saved.get("cap_s", -1.0)) != cap_s
    seq = 0 if fresh else int(saved.get("seq", 0))
    last = None if fresh else saved.get("last")
    gaps = [] if fresh else [(float(a), float(b)) for a, b in saved.get("gaps", [])]
    times, top = _timestamps(store, user_id, seq)
    if times and last is not None and min(times) < float(last):
        times, top = _timestamps(store, user_id, 0)  # old turns arrived late: read the whole timeline
        last, gaps = None, []
    if times:
        start = [] if last is None else [float(last)]
        gaps += idle_gaps(start + times, cap_s).gaps
        last = max(times) if last is None else max(float(last), max(times))
    mark["idle"] = {"cap_s": cap_s, "seq": top, "last": last, "gaps": [[a, b] for a, b in gaps]}
    return IdleGaps(cap_s, sorted(gaps))
