"""The SQLite migration lock: one migrator at a time, and no ``*.migrate.lock`` file left beside the store."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

from sqlalchemy import create_engine

from memory_core.store.migrate import _migration_lock, current_revision, head_revision
from memory_core.store.sql import SqlStore

REPO = Path(__file__).resolve().parents[2]


def test_opening_a_new_store_leaves_no_lock_file(tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path}/m.sqlite3", migrate=True)
    store.close()
    assert sorted(p.name for p in tmp_path.iterdir() if "lock" in p.name) == []


def test_the_lock_excludes_while_its_file_is_removed_and_made_again(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path}/x.sqlite3")
    inside, most, errors = [0], [0], []
    guard = threading.Lock()

    def migrate() -> None:
        try:
            for _ in range(5):
                with _migration_lock(engine, timeout_s=30):
                    with guard:
                        inside[0] += 1
                        most[0] = max(most[0], inside[0])
                    time.sleep(0.005)
                    with guard:
                        inside[0] -= 1
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=migrate) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    engine.dispose()
    assert errors == [] and most[0] == 1, "two holders at once"
    assert not (tmp_path / "x.sqlite3.migrate.lock").exists()


def test_processes_creating_one_store_at_once_all_open_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/shared.sqlite3"
    code = f"from memory_core.store.sql import SqlStore; SqlStore({url!r}, migrate=True).close()"
    procs = [subprocess.Popen([sys.executable, "-c", code], cwd=REPO, stderr=subprocess.PIPE, text=True)
             for _ in range(4)]
    for proc in procs:
        _, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, stderr
    engine = create_engine(url)
    with engine.connect() as conn:
        assert current_revision(conn) == head_revision()
    engine.dispose()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".migrate.lock")]
