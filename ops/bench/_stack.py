"""Private Redis, PostgreSQL and celery workers for the benchmarks (no Docker needed).

Uses the same helpers as the integration tests (``tests/_redis.py``,
``tests/_services.py``, ``tests/_celery.py``), or the servers named by
``GULFSTREAM_REDIS_URL`` / ``GULFSTREAM_DATABASE_URL`` when both are set
(e.g. after ``ops/stack.sh start``; the benchmark then uses a fresh database
on that server). The private Redis runs as ``ops/stack.sh`` runs it
(append-only file fsynced every second), not as the tests run it (fsynced
on every write, so a restart in the chaos test loses nothing).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))

from _celery import CeleryProcesses  # noqa: E402
from _redis import start_redis  # noqa: E402
from _services import create_database, start_postgres, stop_postgres  # noqa: E402

from memory_core.store.migrate import upgrade  # noqa: E402

__all__ = ["CeleryProcesses", "create_database", "percentiles", "servers", "table"]


@contextmanager
def servers() -> Iterator[tuple[str, str, Path]]:
    """Yield (redis URL, migrated database URL, scratch folder)."""
    scratch = Path(tempfile.mkdtemp(prefix="gulfstream-bench-"))
    scratch.chmod(0o755)  # the PostgreSQL server runs as another user when we are root
    redis_url = os.environ.get("GULFSTREAM_REDIS_URL")
    admin_url = os.environ.get("GULFSTREAM_DATABASE_URL")
    redis_server = pg_dir = None
    if not (redis_url and admin_url):
        redis_server = start_redis(scratch / "redis", appendfsync="everysec")
        redis_url = redis_server.url
        pg_dir = scratch / "pg"
        admin_url = start_postgres(pg_dir)
    db_url = create_database(admin_url, prefix="bench")
    upgrade(db_url)
    try:
        yield redis_url, db_url, scratch
    finally:
        if redis_server is not None:
            redis_server.stop()
        if pg_dir is not None:
            stop_postgres(pg_dir)


def percentiles(samples_ms: Sequence[float]) -> tuple[float, float, float]:
    """(p50, p95, p99) in milliseconds."""
    qs = statistics.quantiles(samples_ms, n=100, method="inclusive")
    return statistics.median(samples_ms), qs[94], qs[98]


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table."""
    def cell(v: Any) -> str:
        return f"{v:.2f}" if isinstance(v, float) else str(v)

    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---:" for _ in headers) + "|"]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)
