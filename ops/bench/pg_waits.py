"""Where a PostgreSQL client spends its time, sampled from ``pg_stat_activity`` (benchmark instrument).

``WaitSampler(admin_url, names)`` polls ``pg_stat_activity`` every
``period_s`` on its own connection and counts, per ``application_name``
in ``names``, the state of that client's backend at each sample:

- ``lock``: running a statement and waiting for a heavyweight lock (a row
  or transaction lock another transaction holds: ``wait_event_type = 'Lock'``);
- ``lwlock/io``: waiting inside the server (LWLock, IO, buffer pins);
- ``server cpu``: running a statement, no wait reported;
- ``client, writing``: idle inside a transaction that has written (the
  client's own code runs between statements while its row locks are held:
  ``backend_xid`` set);
- ``client``: idle inside a transaction that has not written;
- ``idle``: outside a transaction.

The shares of ``lock`` beside ``client`` and ``server cpu`` say whether a
client that got slower waited for another's locks or for the CPU. Each
client names itself with ``?application_name=…`` in its database URL
(``named_url``). Source of the fields: PostgreSQL's documentation of
``pg_stat_activity`` (``state``, ``wait_event_type``).
"""

from __future__ import annotations

import threading
from collections import Counter
from urllib.parse import urlencode, urlsplit, urlunsplit

import psycopg

__all__ = ["STATES", "WaitSampler", "named_url"]

STATES = ("lock", "lwlock/io", "server cpu", "client, writing", "client", "idle")


def named_url(url: str, name: str) -> str:
    """``url`` (SQLAlchemy or libpq form) with ``application_name=name`` in its query string."""
    parts = urlsplit(url)
    query = "&".join(p for p in (parts.query, urlencode({"application_name": name})) if p)
    return urlunsplit(parts._replace(query=query))


def _state(state: str | None, wait_type: str | None, xid: object) -> str:
    if state == "active":
        if wait_type == "Lock":
            return "lock"
        if wait_type in ("LWLock", "IO", "BufferPin", "IPC"):
            return "lwlock/io"
        return "server cpu"
    if state is not None and state.startswith("idle in transaction"):
        return "client" if xid is None else "client, writing"
    return "idle"


class WaitSampler:
    """Counts samples of each named client's backend state (``STATES``) between ``start`` and ``stop``.

    Args:
        db_url: a database URL (``postgresql+psycopg://`` or ``postgresql://``).
        names: the ``application_name`` values to follow.
        period_s: seconds between samples (one small query each).

    Attributes:
        counts: name → Counter of states, for the samples since the last ``reset``.
    """

    def __init__(self, db_url: str, names: tuple[str, ...], period_s: float = 0.01) -> None:
        self._url = db_url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.names = names
        self.period_s = period_s
        self.counts: dict[str, Counter[str]] = {n: Counter() for n in names}
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def start(self) -> WaitSampler:
        """Start sampling in a daemon thread; return self."""
        self._thread = threading.Thread(target=self._loop, name="pg-wait-sampler", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop sampling (waits for the thread)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def take(self) -> dict[str, Counter[str]]:
        """The counts since the last ``take``, and start counting afresh."""
        with self._lock:
            out, self.counts = self.counts, {n: Counter() for n in self.names}
        return out

    def _loop(self) -> None:
        with psycopg.connect(self._url, autocommit=True) as conn:
            query = ("SELECT application_name, state, wait_event_type, backend_xid FROM pg_stat_activity "
                     "WHERE application_name = ANY(%s)")
            while not self._stop.wait(self.period_s):
                rows = conn.execute(query, (list(self.names),)).fetchall()
                with self._lock:
                    for name, state, wait_type, xid in rows:
                        self.counts[name][_state(state, wait_type, xid)] += 1


def shares(counts: Counter[str]) -> str:
    """``counts`` as percentages in ``STATES`` order ("lock 1.2 %, …"), or "no samples"."""
    total = sum(counts.values())
    if not total:
        return "no samples"
    return ", ".join(f"{s} {100 * counts[s] / total:.1f} %" for s in STATES)
