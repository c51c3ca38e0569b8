"""The root cause of a worker dying on a Redis restart, and the fenced fix (workers/kombu_fix.py).

A connection with two channels, one holding a delivered-but-unacked message,
loses Redis; ``Connection.collect()`` (what Celery runs on a connection loss)
closes the channels. Unpatched kombu stops at the channel whose restore fails
and leaves the other one open on a transport without a client: its next use
raises AttributeError (Celery: "Unrecoverable error"). Patched, every channel
is closed and a stray use raises a connection error Celery recovers from.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from workers import kombu_fix

SCENARIO = r'''
import sys
from kombu import Connection, Exchange, Queue
if sys.argv[2] == "fixed":
    from workers import kombu_fix
    assert kombu_fix.apply()
conn = Connection(sys.argv[1])
conn.connect()
queue = Queue("q", Exchange("q"), "q")
idle = conn.channel()
busy = conn.channel()  # closed first (kombu pops channels from the end)
conn.Producer(channel=busy).publish({"n": 1}, exchange=queue.exchange, routing_key="q", declare=[queue])
got = []
consumer = conn.Consumer(queue, channel=busy, callbacks=[lambda body, msg: got.append(msg)])
consumer.consume()
conn.drain_events(timeout=5)
assert got, "no message delivered"
print("READY", flush=True)
sys.stdin.readline()  # the test stops Redis now
conn.collect(socket_timeout=0.1)
print("IDLE_CLOSED", idle.closed, flush=True)
try:
    idle.basic_get("q")
    print("USE ok")
except Exception as exc:
    kind = "connection-error" if isinstance(exc, conn.connection_errors) else "other"
    print("USE", kind, type(exc).__name__, exc)
'''


def _run(redis_server: Any, mode: str) -> str:
    proc = subprocess.Popen([sys.executable, "-c", SCENARIO, redis_server.url, mode], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None and proc.stdin is not None
    assert proc.stdout.readline().strip() == "READY"
    redis_server.stop()
    try:
        out, _ = proc.communicate("\n", timeout=60)
    finally:
        redis_server.start()
    return out


def test_unpatched_kombu_leaves_a_channel_on_a_closed_transport(redis_server: Any) -> None:
    out = _run(redis_server, "plain")
    assert "IDLE_CLOSED False" in out, out
    assert "USE other AttributeError 'NoneType' object has no attribute 'hostname'" in out, out


def test_the_fix_closes_every_channel_and_turns_stray_use_into_a_connection_error(redis_server: Any) -> None:
    out = _run(redis_server, "fixed")
    assert "IDLE_CLOSED True" in out, out
    assert "USE connection-error" in out, out


def test_the_fix_is_fenced_by_version(monkeypatch: pytest.MonkeyPatch) -> None:
    import kombu

    monkeypatch.setattr(kombu_fix, "_applied", False)
    monkeypatch.setattr(kombu, "__version__", "9.0.0")
    assert kombu_fix.apply() is False
    assert not kombu_fix.applied()


def test_worker_app_applies_the_fix() -> None:
    import workers.app  # noqa: F401

    assert kombu_fix.applied()
