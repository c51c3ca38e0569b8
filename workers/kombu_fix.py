"""A fenced workaround for kombu's Redis transport dying on a Redis restart.

Root cause (kombu 5.x up to at least 5.7.0, reproduced in
``tests/workers/test_kombu_fix.py``): when the broker connection is lost,
Celery calls ``Connection.collect()``, which closes the transport's channels
one by one (``virtual.Transport.close_connection``). Closing the channel
that holds delivered-but-unacked messages first restores them to Redis; with
Redis down that raises ``ConnectionError``, the loop stops, and
``collect()`` swallows the error and sets ``transport.client = None``. The
channels not yet closed stay registered and usable. The next thing that
builds a connection pool for one of them reads
``transport.client.hostname`` in ``Channel._connparams`` and raises
``AttributeError("'NoneType' object has no attribute 'hostname'")``. That is
not a connection error, so Celery reports "Unrecoverable error" and the
worker exits. (Same family as celery/kombu#582 and #970.)

The fix, applied once at import by ``workers.app``:

* ``close_connection`` closes every channel even when one fails, then raises
  the first error (kombu swallows it as before);
* ``Channel._connparams`` on a channel whose connection was already closed
  raises ``redis.exceptions.ConnectionError``: a connection error Celery
  recovers from by reconnecting.

Messages whose restore failed stay in Redis's unacked index and come back
after the visibility timeout (``restore_visible``), as after a SIGKILL;
ingest and curate are idempotent, so nothing is lost or applied twice.

Fenced: applied only to kombu versions this module was checked against
(``CHECKED``); on another version it logs a warning and changes nothing, so
an upgrade is a deliberate step (re-run the test).
"""

from __future__ import annotations

import logging
from typing import Any

import kombu
import redis.exceptions
from kombu.transport import redis as kombu_redis

__all__ = ["CHECKED", "applied", "apply"]

log = logging.getLogger(__name__)
CHECKED = ("5.5.", "5.6.", "5.7.")  # kombu version prefixes the fix was checked against
_applied = False


def _close_every_channel(self: Any, connection: Any) -> None:
    """``virtual.Transport.close_connection`` that keeps closing after a channel fails."""
    self.cycle.close()
    first: BaseException | None = None
    for chan_list in self._avail_channels, self.channels:
        while chan_list:
            try:
                channel = chan_list.pop()
            except LookupError:  # pragma: no cover
                continue
            try:
                channel.close()
            except Exception as exc:  # re-raised below, once every channel is closed
                first = first or exc
    if first is not None:
        raise first


def _guard_connparams(original: Any) -> Any:
    def _connparams(self: Any, asynchronous: bool = False) -> Any:
        transport = self.connection
        if transport is None or transport.client is None:
            raise redis.exceptions.ConnectionError("the broker connection of this channel was closed")
        return original(self, asynchronous=asynchronous)

    _connparams.__wrapped__ = original  # type: ignore[attr-defined]
    return _connparams


def apply() -> bool:
    """Patch kombu's Redis transport once; return whether the fix is in place.

    Returns False (and logs a warning) on a kombu version not in ``CHECKED``.
    """
    global _applied
    if _applied:
        return True
    if not kombu.__version__.startswith(CHECKED):
        log.warning("kombu %s is not one the Redis-restart fix was checked against (%s): not applied; "
                    "re-run tests/workers/test_kombu_fix.py", kombu.__version__, ", ".join(CHECKED))
        return False
    setattr(kombu_redis.Transport, "close_connection", _close_every_channel)  # noqa: B010
    setattr(kombu_redis.Channel, "_connparams", _guard_connparams(kombu_redis.Channel._connparams))  # noqa: B010
    _applied = True
    return True


def applied() -> bool:
    """True once ``apply()`` patched this process's kombu."""
    return _applied
