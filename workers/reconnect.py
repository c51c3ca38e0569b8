"""A short, bounded broker reconnect backoff for the worker's consumer.

Celery's consumer reconnects with ``Connection.ensure_connection(errback,
max_retries, callback=…)`` and passes no intervals, so kombu's defaults
apply: 2 s, then 2 s more per attempt, up to 30 s (sleeps 2, 4, 6, 8 …).
A Redis outage of a few seconds therefore left a worker idle until the
next attempt: ~12 s after a flapping Redis came back (the third attempt,
at 2 + 4 + 6 s). Celery has no setting for these intervals; kombu reads
them from the transport options (``interval_start``, ``interval_step``,
``interval_max``) only for a connection's default channel. ``BrokerConnection``
makes ``ensure_connection`` honour the same transport options when its caller
passes none, and ``BrokerAMQP`` makes the app build its connections with it
(``Celery(amqp=…)``, Celery's own hook for the AMQP class).

With ``interval_start=0.5, interval_step=0.5, interval_max=2`` (the workers'
defaults, ``WorkerSettings.broker_reconnect_step_s`` and ``…_max_s``) a worker tries again at
most 2 s after its last failed attempt, so it is consuming ≤ ~2 s after Redis
is back; a long outage costs one failed connect (and one log line) every 2 s.
Measured by ``ops/soak.py`` (reconnect seconds per Redis restart).
"""

from __future__ import annotations

from typing import Any

from celery.app.amqp import AMQP
from kombu import Connection

__all__ = ["BrokerAMQP", "BrokerConnection", "reconnect_options"]

_INTERVALS = ("interval_start", "interval_step", "interval_max")


def reconnect_options(step_s: float, max_s: float) -> dict[str, float]:
    """Transport options for a reconnect backoff of ``step_s`` s growing by ``step_s`` up to ``max_s`` s.

    kombu's own default is ``step_s=2, max_s=30``.

    Raises:
        ValueError: an interval is not positive.
    """
    if step_s <= 0 or max_s <= 0:
        raise ValueError("the reconnect intervals must be positive")
    return {"interval_start": step_s, "interval_step": step_s, "interval_max": max(step_s, max_s)}


class BrokerConnection(Connection):  # type: ignore[misc]
    """A kombu ``Connection`` whose ``ensure_connection`` takes its retry intervals from the transport options.

    Intervals passed by the caller (positionally or by name) win; the others
    come from ``transport_options`` (seconds), else kombu's defaults.
    """

    def _ensure_connection(self, *args: Any, **kwargs: Any) -> Any:
        options = self.transport_options or {}
        for position, name in enumerate(_INTERVALS, start=2):  # after errback, max_retries
            if len(args) <= position and name in options:
                kwargs.setdefault(name, options[name])
        return super()._ensure_connection(*args, **kwargs)


class BrokerAMQP(AMQP):  # type: ignore[misc]
    """Celery's AMQP class building ``BrokerConnection`` connections."""

    Connection = BrokerConnection
