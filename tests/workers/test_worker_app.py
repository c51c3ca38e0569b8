"""The Celery app's configuration: delivery guarantees, queues, routes, lazy settings."""

from __future__ import annotations

import importlib
import random

import pytest

from memory_core import wire
from workers import app as app_module
from workers.policy import backoff_s, is_infrastructure, is_transient
from workers.settings import WorkerSettings


def test_config_gives_at_least_once_delivery() -> None:
    conf = app_module.build_config(WorkerSettings(redis_url="redis://h:1/0"))
    assert conf["task_acks_late"] is True
    assert conf["task_reject_on_worker_lost"] is True
    assert conf["worker_prefetch_multiplier"] == 1
    assert conf["broker_transport_options"]["visibility_timeout"] > conf["task_time_limit"]
    assert conf["broker_url"] == conf["result_backend"] == "redis://h:1/0"
    # a Redis restart must not SIGTERM running children (a child killed mid-result corrupts the pool's pipe)
    assert conf["worker_cancel_long_running_tasks_on_connection_loss"] is False


def test_visibility_timeout_must_outlast_the_longest_task() -> None:
    with pytest.raises(ValueError, match="visibility_timeout_s"):
        app_module.build_config(WorkerSettings(visibility_timeout_s=60, task_time_limit_s=60))


def test_every_task_is_routed_to_a_declared_queue() -> None:
    conf = app_module.build_config(WorkerSettings())
    queues = {q.name for q in conf["task_queues"]}
    assert queues == {"ingest", "curate", "edits", "recall", "maintenance", "embed"}
    assert conf["task_routes"][wire.EMBED_USER] == {"queue": "embed"}  # never ahead of curation
    for name, route in conf["task_routes"].items():
        assert name.startswith("gulfstream.")
        assert route["queue"] in queues
    assert conf["task_routes"][wire.CURATE_USER] == {"queue": "curate"}
    assert conf["task_routes"][wire.RECALL] == {"queue": "recall"}
    for edit in (wire.ADD_ITEM, wire.UPDATE_ITEM, wire.DELETE_ITEM, wire.ERASE_USER, wire.FORGET_TURNS,
                 wire.LIST_ITEMS, wire.ITEM_HISTORY):
        assert conf["task_routes"][edit] == {"queue": "edits"}
    assert conf["beat_schedule"]["sweep-backlogs"]["task"] == wire.SWEEP


def test_settings_are_read_at_start_up_not_import(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GULFSTREAM_REDIS_URL", "redis://before-import:1/0")
    module = importlib.reload(app_module)
    try:
        monkeypatch.setenv("GULFSTREAM_REDIS_URL", "redis://at-start-up:2/0")
        assert module.app.conf.broker_url == "redis://at-start-up:2/0"
    finally:
        monkeypatch.delenv("GULFSTREAM_REDIS_URL")
        importlib.reload(app_module)


def test_transient_errors_are_told_apart() -> None:
    from memory_core.errors import InvalidField, StoreError, StoreLocked

    assert is_transient(StoreError("db down"))
    assert is_transient(ConnectionRefusedError())
    assert not is_transient(StoreLocked("busy"))
    assert not is_transient(InvalidField("bad"))
    assert not is_transient(KeyError("bug"))
    try:
        try:
            raise TimeoutError("llm")
        except TimeoutError as inner:
            raise RuntimeError("wrapped") from inner
    except RuntimeError as outer:
        assert is_transient(outer)

    class RateLimitError(Exception):
        pass

    assert is_transient(RateLimitError())
    from celery.exceptions import SoftTimeLimitExceeded

    assert is_transient(SoftTimeLimitExceeded())  # a slow run is retried before its head turn is dead-lettered


def test_the_store_failing_is_infrastructure_not_the_turns_fault() -> None:
    import psycopg.errors
    import sqlalchemy.exc

    from memory_core.errors import StoreError

    disk = psycopg.errors.DiskFull("could not extend file: No space left on device")
    try:
        try:
            raise sqlalchemy.exc.OperationalError("INSERT INTO memories", {}, disk)
        except sqlalchemy.exc.OperationalError as driver:
            raise StoreError("database error") from driver
    except StoreError as outer:
        assert is_infrastructure(outer) and is_transient(outer)  # retried while it lasts, never dead-lettered
    assert is_infrastructure(disk)
    assert not is_infrastructure(ConnectionError("LLM endpoint"))  # counts toward dead-lettering the turn
    assert not is_infrastructure(StoreError("turn seq 3 is out of order"))
    assert not is_infrastructure(sqlalchemy.exc.IntegrityError("INSERT", {}, Exception("duplicate key")))


def test_backoff_is_exponential_with_full_jitter_and_capped() -> None:
    rng = random.Random(7)
    waits = [[backoff_s(n, 1.0, 30.0, rng) for _ in range(200)] for n in range(8)]
    for n, batch in enumerate(waits):
        ceiling = min(30.0, 2.0**n)
        assert all(0 <= w <= ceiling for w in batch)
        assert max(batch) > ceiling * 0.8
    assert min(waits[3]) < 1.0  # full jitter: a retry may fire at once


def test_resent_messages_show_ids_never_turn_text() -> None:
    from workers.policy import shown_kwargs

    body = {"user_id": "u1", "turn_id": "t7", "session_id": "s1", "role": "user", "text": "我的密码是 hunter2",
            "timestamp": "2026-01-01T00:00:00+00:00", "speaker": "Ann", "meta": {"k": "v"}, "pub_seq": 4}
    shown = shown_kwargs(body)
    assert "hunter2" not in shown and "Ann" not in shown and "'k'" not in shown
    assert shown == "{'user_id': 'u1', 'turn_id': 't7', 'session_id': 's1', 'pub_seq': 4}"
