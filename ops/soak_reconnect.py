"""Broker reconnect delays from worker logs, for ops/soak.py.

A Celery worker logs ``Connected to redis://…`` each time its consumer
(re)connects; the delay after a Redis restart is that line's time minus the
time Redis answered again (both this machine's clock, the log in local time).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

__all__ = ["reconnect_delays", "summary"]

_CONNECTED = re.compile(r"^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}): INFO/MainProcess\] Connected to redis", re.M)


def reconnect_delays(restarts: list[tuple[float, float, list[Any], float]],
                     workers: list[Any]) -> tuple[list[tuple[float, float]], int]:
    """Seconds from each Redis restart's end to the first "Connected to" in the log of each worker that lived it.

    Args:
        restarts: (the time Redis went down, the time it was back, epoch seconds; the worker processes alive
            through it, not killed by the run; the outage asked for, seconds).
        workers: the processes to count (``tests/_celery.CeleryProcess``: ``log_path``).

    Returns:
        (outage asked for, delay; seconds) per (restart, worker) whose log shows a reconnect before the next
        outage, and how many
        (restart, live worker) pairs showed none (still waiting when Redis went down again).
    """
    stamps: dict[int, list[float]] = {}
    for w in workers:
        text = w.log_path.read_text(errors="replace") if w.log_path.exists() else ""
        stamps[id(w)] = [datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S,%f").timestamp()
                         for m in _CONNECTED.finditer(text)]
    delays: list[tuple[float, float]] = []
    censored = 0
    for n, (_, back, through, planned) in enumerate(restarts):
        until = restarts[n + 1][0] if n + 1 < len(restarts) else float("inf")
        for w in through:
            if id(w) in stamps:
                after = [max(0.0, t - back) for t in stamps[id(w)] if back - 0.2 <= t < until]
                delays.extend((planned, d) for d in after[:1])
                censored += not after
    return delays, censored


def summary(delays: list[tuple[float, float]]) -> tuple[str, str]:
    """("median m s, max x s", "by outage: 0.3 s → max …; 3.0 s → max …") for ``reconnect_delays``' pairs."""
    if not delays:
        return "none seen", ""
    waits = sorted(d for _, d in delays)
    by: dict[float, list[float]] = {}
    for down, d in delays:
        by.setdefault(round(down, 1), []).append(d)
    shown = "; ".join(f"{down:g} s down → max {max(ds):.1f} s" for down, ds in sorted(by.items()))
    return f"median {waits[len(waits) // 2]:.1f} s, max {waits[-1]:.1f} s", shown
