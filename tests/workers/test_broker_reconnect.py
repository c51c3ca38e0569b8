"""The consumer's broker reconnect backoff comes from the transport options (workers/reconnect.py)."""

from __future__ import annotations

import socket

import pytest
from kombu import Connection
from kombu.exceptions import OperationalError

from workers import app as app_module
from workers.reconnect import BrokerConnection, reconnect_options
from workers.settings import WorkerSettings


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _intervals(conn: Connection, retries: int) -> list[float]:
    seen: list[float] = []
    with pytest.raises(OperationalError):  # once the retries run out
        # called as Celery's consumer calls it: errback and max_retries only, no intervals
        conn.ensure_connection(lambda exc, interval: seen.append(interval), retries)
    return seen


def test_reconnect_intervals_come_from_the_transport_options() -> None:
    url = f"redis://127.0.0.1:{_closed_port()}/0"
    conn = BrokerConnection(url, transport_options=reconnect_options(0.1, 0.35))
    try:
        assert _intervals(conn, 4) == pytest.approx([0.1, 0.2, 0.3, 0.35])  # capped at the maximum
    finally:
        conn.release()


def test_intervals_given_by_the_caller_win() -> None:
    conn = BrokerConnection(f"redis://127.0.0.1:{_closed_port()}/0", transport_options=reconnect_options(2.0, 30.0))
    seen: list[float] = []
    try:
        with pytest.raises(OperationalError):
            conn.ensure_connection(lambda exc, interval: seen.append(interval), 2, interval_start=0.05,
                                   interval_step=0.05, interval_max=0.05)
    finally:
        conn.release()
    assert seen == pytest.approx([0.05, 0.05])


def test_the_app_builds_its_broker_connections_with_the_short_backoff() -> None:
    conf = app_module.build_config(WorkerSettings(redis_url="redis://h:1/0"))
    options = conf["broker_transport_options"]
    assert (options["interval_start"], options["interval_max"]) == (0.5, 2.0)  # kombu's own: 2 s, growing to 30 s
    assert conf["broker_transport_options"]["visibility_timeout"] > conf["task_time_limit"]
    assert isinstance(app_module.app.connection_for_read("redis://h:1/0"), BrokerConnection)
    with pytest.raises(ValueError, match="positive"):
        reconnect_options(0, 2.0)
