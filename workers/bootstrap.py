"""Builds the services a worker process uses, once per process, lazily.

Modules are imported up front (in the parent, before the pool forks), but
nothing is connected at import or before the fork: the Celery app holds one
``ProcessServices`` (``app.services``), whose ``context()`` wires
store → pipeline → recaller → ``Memory`` and a Redis client the first time a
task of this process asks for them. ``worker_process_init`` makes it forget
anything inherited from the parent so a child never shares its parent's
database connections.
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from memory_core.errors import InvalidInput
from memory_core.pipeline import WritePipeline
from memory_core.service import Memory, open_memory
from memory_core.settings import load_settings
from memory_core.store.sql import SqlStore
from workers.deadletter import DeadLetters
from workers.settings import WorkerSettings

__all__ = ["Context", "ProcessServices", "build", "load_factory", "redis_client"]

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
    store: SqlStore
    pipeline: WritePipeline
    memory: Memory
    redis: redis.Redis
    dead_letters: DeadLetters

    def close(self) -> None:
        """Release connections."""
        for closer in (self.store.close, self.dead_letters.close, self.redis.close):
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
    set); ``s.pipeline`` replaces the write pipeline. A worker waits
    ``s.curate_lock_wait_s`` for a busy user's lock, not the core's embedded
    default: the task re-queues itself instead of holding a process.

    Raises:
        InvalidInput: the database URL names no SQL store (workers need the turn store).
    """
    core = load_settings(database_url=s.database_url, user_lock_timeout_s=s.curate_lock_wait_s)
    memory = open_memory(core)
    if s.pipeline:
        memory.pipeline = load_factory(s.pipeline)()
    store = memory.store
    if not isinstance(store, SqlStore):
        raise InvalidInput(f"workers keep turns in an SQL database; {s.database_url!r} names a "
                           f"{type(store).__name__}")
    return Context(s, store, memory.pipeline, memory, redis_client(s.redis_url), DeadLetters(s.database_url))


class ProcessServices:
    """This worker process's settings and services, read and built on first use (thread-safe).

    One instance hangs on the Celery app (``workers.app.app.services``); tasks
    ask it for their ``Context``. Tests build one with their own settings.

    Args:
        load: reads the settings (default ``WorkerSettings.load``, from the environment).
    """

    def __init__(self, load: Callable[[], WorkerSettings] = WorkerSettings.load) -> None:
        self._load = load
        self._settings: WorkerSettings | None = None
        self._context: Context | None = None
        self._lock = threading.Lock()

    def settings(self) -> WorkerSettings:
        """This process's settings, reading the environment on first call.

        Raises:
            InvalidField: a setting is out of range or of the wrong type.
        """
        if self._settings is None:
            with self._lock:
                if self._settings is None:
                    self._settings = self._load()
        return self._settings

    def context(self) -> Context:
        """This process's services, building them on first use."""
        if self._context is None:
            settings = self.settings()
            with self._lock:
                if self._context is None:
                    self._context = build(settings)
        return self._context

    def forget(self) -> None:
        """Drop the services without closing them (after a fork they belong to the parent)."""
        self._context = None

    def reset(self) -> None:
        """Close and forget the services this process built."""
        context, self._context = self._context, None
        if context is not None:
            context.close()
