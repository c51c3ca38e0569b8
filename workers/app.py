"""The one Celery app of Gulfstream.

Run with ``celery -A workers.app worker -Q ingest,curate`` (curate
workers), ``nice -n 10 celery -A workers.app worker -Q maintenance -c 1``
(the lifecycle job and the sweeper, never in a curate process),
``celery -A workers.app worker -Q edits`` (a person's edits and
item reads), ``celery -A workers.app worker -Q recall -P solo`` (the recall
worker) and ``celery -A workers.app beat`` (the schedule).

The configuration is a promise: ``WorkerSettings`` is read from the
environment the first time Celery looks at its config (worker or client
start-up), never at import. The app carries the process's services
(``app.services``, a ``workers.bootstrap.ProcessServices``): tasks take
their typed ``Context`` from it, and the worker signals below drop it after a
fork and close it at shutdown.
"""

from __future__ import annotations

import logging
import os
import time
import warnings
from typing import Any

from celery import Celery
from celery.exceptions import CPendingDeprecationWarning
from celery.signals import (
    after_setup_logger,
    after_setup_task_logger,
    worker_init,
    worker_process_init,
    worker_process_shutdown,
    worker_ready,
)
from kombu import Queue

from memory_core import wire
from memory_core.redact import install_log_redaction
from memory_core.retrieval.warm_up import warm_up_search
from memory_core.settings import load_settings
from memory_core.text.tokenize import warm_up
from workers import kombu_fix
from workers.bootstrap import Context, ProcessServices
from workers.reconnect import BrokerAMQP, reconnect_options
from workers.settings import WorkerSettings

__all__ = ["GulfstreamCelery", "app", "build_config", "context"]


def build_config(s: WorkerSettings) -> dict[str, Any]:
    """Return the Celery configuration for settings ``s``.

    At-least-once delivery: late acks, reject (requeue) when a pool child
    dies, one message prefetched per process, and a Redis visibility timeout
    longer than the hard task time limit so a running task is not handed
    to a second worker by timeout. A task running when the broker connection
    drops is left to finish (not terminated); its message is restored on the
    reconnect, and the second run is a no-op (idempotent ingest, per-user lock).
    Task events follow ``s.task_events``: Flower enables them remotely while it
    watches (tests/workers/test_flower.py), except on a worker started with
    both ``--without-heartbeat`` and ``--without-gossip``.
    """
    if s.visibility_timeout_s <= s.task_time_limit_s:
        raise ValueError("visibility_timeout_s must be longer than task_time_limit_s")
    transport = {
        "visibility_timeout": s.visibility_timeout_s,
        "unacked_restore_interval": s.unacked_restore_interval_s,
        "unacked_restore_throttle": 1,
        # the consumer's reconnect backoff (honoured through workers/reconnect.py)
        **reconnect_options(s.broker_reconnect_step_s, s.broker_reconnect_max_s),
    }
    return {
        "broker_url": s.redis_url,
        "result_backend": s.redis_url,
        "broker_transport_options": transport,
        "result_backend_transport_options": {"visibility_timeout": s.visibility_timeout_s},
        "broker_connection_retry_on_startup": True,
        "broker_connection_max_retries": None,
        "task_serializer": "json",
        "result_serializer": "json",
        "accept_content": ["json"],
        "task_publish_retry_policy": {"max_retries": 40, "interval_start": 0, "interval_step": 0.25,
                                      "interval_max": 1.0},
        "task_acks_late": True,
        "task_reject_on_worker_lost": True,
        "worker_prefetch_multiplier": 1,
        # A lost broker connection must not kill running tasks: Celery's cancel is a SIGTERM to the pool
        # child, and a child killed while writing its result (a retry's traceback is several KB, more than
        # a pipe writes atomically) leaves part of a message in the result pipe, which the prefork pool
        # reuses for the replacement child; the parent then unpickles a spliced message and its event loop
        # dies (UnicodeDecodeError in asynpool._recv_message, seen in tests/workers/test_redis_restarts.py).
        # Letting the task finish is safe: kombu restores its unacked message on the reconnect and the copy
        # finds the turn stored (ingest) or waits for the per-user lock and finds nothing pending (curate).
        "worker_cancel_long_running_tasks_on_connection_loss": False,
        "task_ignore_result": True,
        "result_expires": 3600,
        "task_time_limit": s.task_time_limit_s,
        "task_soft_time_limit": s.task_time_limit_s - min(30, s.task_time_limit_s // 5),
        "task_queues": [Queue(name) for name in wire.QUEUES],
        "task_default_queue": "ingest",
        "task_routes": {name: {"queue": queue} for name, queue in wire.ROUTES.items()},
        "task_send_sent_event": s.task_events,
        "worker_send_task_events": s.task_events,
        "beat_schedule": {
            "sweep-backlogs": {"task": wire.SWEEP, "schedule": s.sweep_interval_s},
            "maintain-users": {"task": wire.MAINTAIN_ALL, "schedule": s.maintain_interval_s},
        },
    }


class GulfstreamCelery(Celery):
    """The Celery app with this process's services on it.

    Attributes:
        services: the settings and the lazily built ``Context`` of this process.
    """

    def __init__(self, *args: Any, services: ProcessServices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.services = services


kombu_fix.apply()  # a Redis restart must not kill a worker (see workers/kombu_fix.py)
log = logging.getLogger(__name__)

app = GulfstreamCelery("gulfstream", services=ProcessServices(), amqp=BrokerAMQP,
                       include=["workers.tasks", "workers.recall_worker", "workers.edit_tasks", "workers.affinity",
                                "workers.maintain_tasks", "workers.embed_tasks", "workers.session_tasks",
                                "workers.lifecycle_edits", "workers.recall_catchup"])
app.add_defaults(lambda: build_config(app.services.settings()))


def context() -> Context:
    """This process's services (``app.services.context()``), built by the first task that asks."""
    return app.services.context()


@worker_init.connect
def _warm_up(**_: Any) -> None:
    # Before the pool forks: the niceness the pool's processes inherit (``worker_nice``), and the Chinese
    # dictionary (~1 s) and the tables a first query reads, loaded once, not in a first recall or turn.
    nice = app.services.settings().worker_nice
    if nice:
        os.nice(nice)
        log.info("worker processes at niceness +%d (GULFSTREAM_WORKER_NICE)", nice)
    warm_up()
    warm_up_search()


@worker_process_init.connect
def _after_fork(**_: Any) -> None:
    # Connections inherited from the parent belong to the parent: drop, don't close.
    app.services.forget()
    warm_embedder()


#: Embedding models that failed to load at process start (the first task that needs one retries).
warm_failures = 0


def warm_embedder() -> None:
    """Load this process's embedding model now, so no recall or embed task pays the load.

    Runs in every pool process (``worker_process_init``: a prefork child, or
    the solo pool's one process) when an embedder is configured; with
    ``GULFSTREAM_EMBEDDER=none`` it connects nothing. A failure is logged and
    counted, and the first task builds the services again.
    """
    global warm_failures
    try:
        if load_settings().embedder == "none":
            return
        t0 = time.perf_counter()
        embedder = context().memory.embedder
        if embedder is not None:
            embedder.warm_up()
            log.info("embedder %s loaded in %.0f ms", embedder.model_id, (time.perf_counter() - t0) * 1e3)
    except Exception as exc:  # any failure: the worker still starts; tasks rebuild and report it
        warm_failures += 1
        log.warning("could not load the embedder at start (the first task will try again): %r", exc)


@worker_process_shutdown.connect
def _on_shutdown(**_: Any) -> None:
    app.services.reset()


@after_setup_logger.connect
@after_setup_task_logger.connect
def _redact_logs(logger: logging.Logger, **_: Any) -> None:
    # No URL password or API key in any worker log line (memory_core.redact).
    install_log_redaction(logger)
    install_log_redaction()


@worker_ready.connect
def _quiet_cancel_notice(**_: Any) -> None:
    """Drop Celery's per-reconnect notice that ``worker_cancel_long_running_tasks_on_connection_loss`` is off.

    Leaving running tasks alone on a lost connection is chosen (see ``build_config``). The filter goes in
    once the worker is ready because Celery's logging set-up puts an "always" filter for its deprecation
    warnings in front of any filter added at import.
    """
    warnings.filterwarnings("ignore", message=r"(?s).*worker_cancel_long_running_tasks_on_connection_loss",
                            category=CPendingDeprecationWarning)
