"""ops/stack.sh: the local stack runs under supervisord, which restarts a dead worker; secrets are generated.

Starts the real stack (PostgreSQL via pg_ctl, Redis and the workers under
supervisord) in a temporary folder on free ports, then SIGKILLs the curate
worker and checks that supervisord brings it back.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import redis
from _redis import free_port

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def stack() -> Iterator[dict[str, str]]:
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is required (ops/install_services.sh installs it)")
    root = Path(tempfile.mkdtemp(prefix="gulfstream-stack-"))
    root.chmod(0o755)  # as root, PostgreSQL runs as the postgres account and must reach its data folder
    env = {**os.environ, "STACK_DIR": str(root / "stack"), "REDIS_PORT": str(free_port()),
           "PG_PORT": str(free_port()), "HTTP_SHIM": "0", "PYTHON": sys.executable, "START_CHECK_S": "6"}
    env.pop("REDISCLI_AUTH", None)
    env.pop("PGPASSWORD", None)
    try:
        done = subprocess.run(["bash", "ops/stack.sh", "start"], cwd=REPO, env=env, capture_output=True, text=True,
                              timeout=240)
        assert done.returncode == 0, done.stdout + done.stderr
        # a line as each service comes up, in order: a minute of start-up never looks hung (trial 41, finding 13)
        said = [line.split(" ")[0] for line in done.stdout.splitlines()]
        for step in ("starting", "postgres", "migrating", "starting", "redis", "waiting", "running:", "stack"):
            assert step in said, done.stdout
            said = said[said.index(step) + 1:]
        yield env
    finally:
        subprocess.run(["bash", "ops/stack.sh", "stop"], cwd=REPO, env=env, capture_output=True, timeout=120)
        shutil.rmtree(root, ignore_errors=True)


def _ctl(env: dict[str, str], *args: str) -> str:
    return subprocess.run(["bash", "ops/stack.sh", "ctl", *args], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=60).stdout


def _state(env: dict[str, str], name: str) -> tuple[str, int]:
    """The state of one supervised program and its pid (0 when it has none), read from one status line
    ("curate1   RUNNING   pid 16276, uptime 0:05:00")."""
    line = _ctl(env, "status", name)
    match = re.search(rf"^{re.escape(name)}\s+(\w+)(?:\s+pid\s+(\d+))?", line, re.MULTILINE)
    assert match is not None, line
    return match.group(1), int(match.group(2) or 0)


def test_stack_restarts_a_killed_worker_and_requires_passwords(stack: dict[str, str]) -> None:
    secrets = Path(stack["STACK_DIR"]) / "secrets"
    assert oct((secrets / "redis_password").stat().st_mode & 0o777) == "0o600"
    redis_password = (secrets / "redis_password").read_text().strip()
    pg_password = (secrets / "pg_password").read_text().strip()
    with pytest.raises(redis.AuthenticationError):
        redis.Redis(port=int(stack["REDIS_PORT"])).ping()
    assert redis.Redis(port=int(stack["REDIS_PORT"]), password=redis_password).ping()
    dsn = f"host=127.0.0.1 port={stack['PG_PORT']} user=gulfstream dbname=gulfstream"
    with pytest.raises(psycopg.OperationalError, match="password"):
        psycopg.connect(dsn + " password=wrong").close()
    psycopg.connect(dsn + f" password={pg_password}").close()

    state, old = _state(stack, "curate1")
    assert state == "RUNNING", _ctl(stack, "status")
    os.kill(old, 9)
    # the state and the pid come from one status line: read apart, a RUNNING said of the killed process before
    # supervisord reaped it was paired with the pid of the new one, still STARTING (a fresh CI run under load)
    deadline = time.monotonic() + 180  # supervisorctl itself takes seconds a call on a loaded machine
    while time.monotonic() < deadline:
        state, new = _state(stack, "curate1")
        if state == "RUNNING" and new != old:
            break
        time.sleep(0.5)
    assert (state, new != old) == ("RUNNING", True), _ctl(stack, "status")
    # status given only the stack's folder finds the ports it was started on
    folder_only = {k: v for k, v in stack.items() if k not in ("REDIS_PORT", "PG_PORT")}
    said = subprocess.run(["bash", "ops/stack.sh", "status"], cwd=REPO, env=folder_only, capture_output=True,
                          text=True, timeout=60).stdout
    assert "redis: PONG" in said and "postgres: ready" in said, said
