"""Builds the services a worker process uses, once per process, lazily.

Modules are imported up front (in the parent, before the pool forks), but
nothing is connected at import or before the fork: the first
task a process runs calls ``context()``, which wires store → pipeline →
recaller → ``Memory`` and a Redis client. ``worker_process_init`` drops
anything inherited from the parent so a child never shares its parent's
database connections.
"""

from __future__ import annotations

import importlib
import logging
import threading
from dataclasses import dataclass
from typing import Any

import redis
from celery.signals import (
    after_setup_logger,
    after_setup_task_logger,
    worker_init,
    worker_process_init,
    worker_process_shutdown,
)
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from memory_core.redact import install_log_redaction
from memory_core.retrieval.tokenize import warm_up
from memory_core.service import open_memory
from memory_core.settings import load_settings
from workers.app import settings
from workers.deadletter import DeadLetters
from workers.settings import WorkerSettings

__all__ = ["Context", "build", "context", "load_factory", "redis_client", "reset"]

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Context:
    """The services of one worker process.

    Attributes:
        settings: the worker settings read at start-up.
        store: the SQL store (memory items and turns).
        pipeline: the write pipeline (``plan(turn, store) -> list[Op]``).
        memory: the ``memory_core.service.Memory`` service.
        redis: a Redis client for replies and coordination keys.
        dead_letters: the dead-letter table.
    """

    settings: WorkerSettings
    store: Any
    pipeline: Any
    memory: Any
    redis: redis.Redis
    dead_letters: DeadLetters

    def close(self) -> None:
        """Release connections."""
        for closer in (getattr(self.store, "close", None), self.dead_letters.close, self.redis.close):
            if closer is not None:
                try:
                    closer()
                except Exception:  # best effort at shutdown
                    log.warning("closing %r failed", closer, exc_info=True)


def load_factory(spec: str) -> Any:
    """Return the object named by ``"package.module:attribute"``.

    Raises:
        ValueError: the spec is malformed or names nothing.
    """
    module_name, _, attr = spec.partition(":")
    if not module_name or not attr:
        raise ValueError(f"expected 'module:attribute', got {spec!r}")
    try:
        return getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"cannot load {spec!r}: {exc}") from exc


def redis_client(url: str) -> redis.Redis:
    """A Redis client that rides out a short Redis restart (retries for about 10 s)."""
    retry = Retry(ExponentialBackoff(cap=0.5, base=0.05), retries=25)
    return redis.Redis.from_url(url, socket_timeout=10, health_check_interval=15, retry=retry,
                                retry_on_error=[redis.ConnectionError, redis.TimeoutError])


def build(s: WorkerSettings) -> Context:
    """Wire the services for settings ``s`` (one store, one Memory, one Redis client).

    The core's ``open_memory`` chooses the pipeline and recaller from the core
    settings (mechanical, or the LLM agents when ``GULFSTREAM_LLM_MODEL`` is
    set); ``s.pipeline`` replaces the write pipeline.
    """
    core = load_settings(database_url=s.database_url, lock_timeout_s=s.lock_timeout_s)
    memory = open_memory(core)
    if s.pipeline:
        memory.pipeline = load_factory(s.pipeline)()
    client = redis_client(s.redis_url)
    return Context(s, memory.store, memory.pipeline, memory, client, DeadLetters(s.database_url))


_ctx: Context | None = None
_build_lock = threading.Lock()


def context() -> Context:
    """Return this process's services, building them on first use (thread-safe)."""
    global _ctx
    if _ctx is None:
        with _build_lock:
            if _ctx is None:
                _ctx = build(settings())
    return _ctx


def reset() -> None:
    """Forget this process's services (closing them if this process built them)."""
    global _ctx
    if _ctx is not None:
        _ctx.close()
    _ctx = None


@worker_init.connect
def _warm_up(**_: Any) -> None:
    # Before the pool forks: the Chinese dictionary (~1 s) loads once, not in a first recall or turn.
    warm_up()


@worker_process_init.connect
def _after_fork(**_: Any) -> None:
    # Connections inherited from the parent belong to the parent: drop, don't close.
    global _ctx
    _ctx = None


@worker_process_shutdown.connect
def _on_shutdown(**_: Any) -> None:
    reset()


@after_setup_logger.connect
@after_setup_task_logger.connect
def _redact_logs(logger: logging.Logger, **_: Any) -> None:
    # No URL password or API key in any worker log line (memory_core.redact).
    install_log_redaction(logger)
    install_log_redaction()
