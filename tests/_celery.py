"""Real Celery worker and beat processes for integration tests.

``CeleryProcesses`` starts ``celery -A workers.app worker|beat`` as
subprocesses (each in its own process group, so a SIGKILL takes the pool
children too), with the ``GULFSTREAM_*`` environment pointing at the test's
Redis and PostgreSQL, waits until each worker logs that it is ready, and
stops everything at the end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["REPO", "CeleryProcess", "CeleryProcesses"]

REPO = Path(__file__).resolve().parent.parent
CELERY = [sys.executable, "-m", "celery", "-A", "workers.app"]

# Short limits so redelivery after a crash and the sweeper fit in a test run.
TEST_ENV = {
    "GULFSTREAM_TASK_TIME_LIMIT_S": "8",
    "GULFSTREAM_VISIBILITY_TIMEOUT_S": "10",
    "GULFSTREAM_UNACKED_RESTORE_INTERVAL_S": "1",
    "GULFSTREAM_SWEEP_INTERVAL_S": "2",
    "GULFSTREAM_RETRY_BACKOFF_BASE_S": "0.2",
    "GULFSTREAM_RETRY_BACKOFF_MAX_S": "2",
    "GULFSTREAM_CURATE_MAX_RETRIES": "2",
    "GULFSTREAM_INGEST_GAP_WAIT_S": "120",
    "GULFSTREAM_LOCK_BUSY_COUNTDOWN_S": "0.2",
    "GULFSTREAM_INBOX_REDELIVER_AFTER_S": "5",
}


@dataclass
class CeleryProcess:
    """One ``celery worker`` or ``celery beat`` process (and its pool children)."""

    name: str
    args: list[str]
    env: dict[str, str]
    log_path: Path
    proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    def start(self, wait_ready_s: float = 90.0) -> CeleryProcess:
        """Start it; for a worker, wait until it logs ``ready``."""
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(self.args, env=self.env, cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        log.close()
        if self.args[len(CELERY)] == "worker":
            self._wait_for(" ready.", wait_ready_s)
        return self

    def _wait_for(self, needle: str, timeout_s: float) -> None:
        start = self.log_path.stat().st_size if self.log_path.exists() else 0
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited ({self.proc.returncode}); log:\n{self.tail()}")
            with self.log_path.open("rb") as fh:
                fh.seek(0)
                if needle.encode() in fh.read()[max(0, start - 4096):]:
                    return
            time.sleep(0.05)
        raise RuntimeError(f"{self.name} not ready after {timeout_s} s; log:\n{self.tail()}")

    def tail(self, chars: int = 4000) -> str:
        """The end of its log."""
        return self.log_path.read_text(errors="replace")[-chars:] if self.log_path.exists() else ""

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL the whole process group: no warm shutdown, no acks, no restore."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self, timeout_s: float = 15.0) -> None:
        """SIGTERM (warm shutdown), SIGKILL if it does not exit in time."""
        if self.proc is None or self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout_s)
        except subprocess.TimeoutExpired:
            self.kill()


class CeleryProcesses:
    """Starts and tracks the celery processes of one test; ``stop_all`` at the end."""

    def __init__(self, redis_url: str, database_url: str, log_dir: Path) -> None:
        self.env = {**os.environ, **TEST_ENV, "GULFSTREAM_REDIS_URL": redis_url,
                    "GULFSTREAM_DATABASE_URL": database_url,
                    "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), str(REPO / "tests" / "workers"),
                                                              os.environ.get("PYTHONPATH")]))}
        self.log_dir = log_dir
        self.procs: list[CeleryProcess] = []

    def worker(self, name: str, queues: str = "ingest,curate,edits,maintenance", pool: str = "prefork",
               concurrency: int = 2, start: bool = True, supervised_flags: bool = False,
               **env: str) -> CeleryProcess:
        """A worker consuming ``queues``; extra ``GULFSTREAM_*`` settings as keyword arguments.

        ``supervised_flags``: run with gossip, mingle and heartbeats as ``ops/stack.sh`` does
        (by default they are off, which makes start-up faster).
        """
        args = [*CELERY, "worker", "-n", f"{name}@%h", "-Q", queues, "-P", pool, "-c", str(concurrency),
                "-l", "INFO"]
        if not supervised_flags:
            args += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
        proc = CeleryProcess(name, args, {**self.env, **env}, self.log_dir / f"{name}.log")
        self.procs.append(proc)
        return proc.start() if start else proc

    def beat(self, **env: str) -> CeleryProcess:
        """The beat scheduler (the sweeper), its schedule file in the log folder."""
        args = [*CELERY, "beat", "-l", "INFO", "-s", str(self.log_dir / "beat-schedule")]
        proc = CeleryProcess("beat", args, {**self.env, **env}, self.log_dir / "beat.log")
        self.procs.append(proc)
        return proc.start()

    def stop_all(self) -> None:
        for proc in reversed(self.procs):
            proc.stop()

    def logs(self) -> str:
        """Every process's log tail, for a failure message."""
        return "\n".join(f"── {p.name} ──\n{p.tail(3000)}" for p in self.procs)
