"""CPU used by each part of a benchmark's stack during a phase, read from /proc (Linux).

A benchmark names its processes by role (the recall worker, the curate
worker, Redis, the PostgreSQL postmaster, the benchmark itself); every
descendant of a named process counts for its role (prefork children,
PostgreSQL backends), threads included (``utime + stime`` of
``/proc/<pid>/stat``). ``RoleCpu.start()`` before a phase and ``.cores()``
after it give the cores each role used on average over the phase (CPU
seconds / wall seconds): what competes with the recall worker for the
machine's cores while it answers. Processes that ended during the phase are
not counted.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

__all__ = ["RoleCpu", "child_named", "postmaster_pid"]

_TICK_S = 1.0 / os.sysconf("SC_CLK_TCK")


def postmaster_pid(pg_dir: Path) -> int | None:
    """The PostgreSQL server's pid from its data folder (``postmaster.pid``), None if not there."""
    try:
        return int((pg_dir / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def _processes() -> dict[int, tuple[int, float]]:
    """pid → (parent pid, CPU seconds used so far) of every process readable in /proc."""
    found: dict[int, tuple[int, float]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            raw = Path(entry.path, "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        fields = raw[raw.rindex(")") + 2:].split()  # after "pid (comm) ": state ppid ...
        found[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) * _TICK_S)
    return found


class RoleCpu:
    """CPU seconds by role over a phase (see the module docstring).

    Args:
        roles: role name → pid of the process at the top of that role (descendants included).
            A pid that is also a descendant of another role's counts for its own role only.
    """

    def __init__(self, roles: dict[str, int]) -> None:
        self.roles = {pid: name for name, pid in roles.items()}
        self._t0 = 0.0
        self._cpu0: dict[str, float] = {}

    def _by_role(self) -> dict[str, float]:
        procs = _processes()
        totals = dict.fromkeys(self.roles.values(), 0.0)
        for pid, (_, cpu) in procs.items():
            walk, seen = pid, 0
            while walk not in self.roles and walk in procs and seen < 64:
                walk, seen = procs[walk][0], seen + 1
            if walk in self.roles:
                totals[self.roles[walk]] += cpu
        return totals

    def start(self) -> None:
        """Mark the phase's start."""
        self._t0, self._cpu0 = time.monotonic(), self._by_role()

    def cores(self) -> dict[str, float]:
        """Cores each role used on average since ``start`` (CPU s / wall s)."""
        wall = max(time.monotonic() - self._t0, 1e-9)
        now = self._by_role()
        return {name: (now[name] - self._cpu0.get(name, 0.0)) / wall for name in now}


def child_named(parent: int, comm: str) -> int | None:
    """The pid of a child of ``parent`` whose command name is ``comm`` (e.g. "redis-server"), else None."""
    for pid, (ppid, _) in _processes().items():
        if ppid == parent:
            try:
                if Path(f"/proc/{pid}/comm").read_text().strip() == comm:
                    return pid
            except OSError:
                continue
    return None
