"""Worker settings: one pydantic-settings model, read once at worker start-up.

Every field comes from the environment with the ``GULFSTREAM_`` prefix
(``GULFSTREAM_REDIS_URL``, ``GULFSTREAM_CURATE_MAX_RETRIES`` ...), on the
core's ``GulfstreamSettings`` base (so ``database_url`` defaults as in the
core). Nothing reads the environment at import: ``workers.app`` builds the
Celery config from ``WorkerSettings.load()`` the first time Celery needs it.
"""

from __future__ import annotations

from pydantic import Field

from memory_core.settings import GulfstreamSettings

__all__ = ["WorkerSettings"]


class WorkerSettings(GulfstreamSettings):
    """Settings of the Celery shell. Units are in the field names."""

    redis_url: str = "redis://127.0.0.1:6379/0"

    # delivery
    task_time_limit_s: int = Field(600, gt=0, description="hard limit of any task")
    visibility_timeout_s: int = Field(
        900, gt=0, description="unacked messages are redelivered after this; longer than any task")
    unacked_restore_interval_s: int = Field(10, gt=0, description="how often workers look for them")
    broker_reconnect_step_s: float = Field(
        0.5, gt=0, description="first wait before a broker reconnect attempt, and its growth per attempt")
    broker_reconnect_max_s: float = Field(
        2.0, gt=0, description="longest wait between two broker reconnect attempts; kombu's default (2 s "
        "growing by 2 s up to 30 s) left a worker idle ~12 s after a short Redis outage")

    # scheduling
    worker_nice: int = Field(
        0, ge=0, le=19, description="niceness this worker's processes add at start (0: as started). Curate "
        "workers given 10 leave the CPU to a recall worker on the same cores when both want it (through the "
        "RPC at 50 turns/s on 2 cores the no-op's own p99 doubled while the curate workers ran: issue 17)")

    # curate
    curate_max_retries: int = Field(5, ge=0)
    retry_backoff_base_s: float = Field(1.0, gt=0)
    retry_backoff_max_s: float = Field(120.0, gt=0)
    lock_busy_countdown_s: float = Field(0.5, gt=0, description="re-trigger delay when the user is busy")
    curate_lock_wait_s: float = Field(
        0.05, gt=0, description="a curate or edit task waits this long for a busy user's lock, then re-queues "
        "itself (the core's user_lock_timeout_s inside a worker)")
    edit_lock_wait_s: float = Field(
        300.0, gt=0, description="longest a person's edit waits for its user's busy lock, then StoreLocked")
    curate_batch_turns: int = Field(100, gt=0, description="turns one curate run applies at most")
    curate_batch_s: float = Field(
        60.0, gt=0, description="seconds after which a curate run starts no new turn (at most a quarter of "
        "task_time_limit_s is used, so slow turns end a run long before the hard limit kills its process)")
    sweep_interval_s: float = Field(
        5.0, gt=0, description="how often beat runs the sweeper (re-publish unstored turns, wake curators of "
        "users with unapplied turns). A curate trigger lost with a killed worker (prefetched, unacked until "
        "the visibility timeout) is replaced after WAKE_STALE_SWEEPS of these: at 15 s curation of the user "
        "stalled 30-60 s after a kill -9, at 5 s 15-20 s; a sweep is one SQL query and one Redis scan")
    maintain_interval_s: float = Field(
        3600.0, gt=0, description="how often beat runs the lifecycle job (summaries, merging, expiry, decay)")
    maintain_slice_pause_s: float = Field(
        5.0, ge=0, description="a maintenance run that left a backlog (a slice of a catch-up) queues the next "
        "slice after this pause")
    maintain_lock_s: int = Field(
        900, gt=0, description="a user's maintenance lock expires after this, should its holder die")

    session_window_ttl_s: int = Field(
        7 * 86_400, gt=0, description="a session's short-term window stays in Redis this long after its last turn")

    # ingest ordering
    ingest_batch_turns: int = Field(
        500, gt=0, description="inbox turns one ingest run stores at most (one transaction)")
    inbox_redeliver_after_s: float = Field(
        60.0, gt=0, description="re-publish a published turn not stored after this long")

    # recall
    recall_reply_ttl_s: int = Field(30, gt=0)
    recall_catch_up: bool = Field(
        True, description="recall workers apply each applied batch to their cached index when it is announced "
                          "(workers.recall_catchup), not at the user's next recall")
    recall_change_notes: bool = Field(
        True, description="curate workers carry the applied changes (items and turns, read once after the batch) "
                          "in the announcement, so a recall worker's index at the batch's starting version applies "
                          "them without a read of its own (memory_core.wire.changes)")

    # monitoring
    task_events: bool = Field(
        False, description="send Celery task events from the start (as -E does). Off: Flower turns them "
        "on while it runs (its enable_events option, on by default), so unwatched workers do not pay an "
        "event publish per task state. Remote enabling needs the worker's event dispatcher, which a "
        "worker started with both --without-heartbeat and --without-gossip does not have")

    # wiring
    pipeline: str = Field(
        "", description="'module:factory' building the write pipeline; empty for the default")
