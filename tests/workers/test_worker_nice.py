"""A worker's niceness (``GULFSTREAM_WORKER_NICE``): curate workers leave the CPU to a recall worker."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pydantic import ValidationError

from workers.settings import WorkerSettings


def children(pid: int) -> list[int]:
    """Pids whose parent is ``pid`` (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def test_a_worker_and_its_pool_run_at_the_niceness_set_and_others_as_started(celery_procs) -> None:
    base = os.getpriority(os.PRIO_PROCESS, 0)
    curate = celery_procs.worker("curate", queues="ingest,curate", concurrency=2, GULFSTREAM_WORKER_NICE="5")
    recall = celery_procs.worker("recall", queues="recall", pool="solo", concurrency=1)
    pool = children(curate.proc.pid)
    assert len(pool) == 2
    for pid in [curate.proc.pid, *pool]:
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(base + 5, 19)
    assert os.getpriority(os.PRIO_PROCESS, recall.proc.pid) == base


@pytest.mark.parametrize("bad", [-1, 20])
def test_a_niceness_out_of_range_is_refused(bad: int) -> None:
    with pytest.raises(ValidationError, match="worker_nice"):
        WorkerSettings(worker_nice=bad)
