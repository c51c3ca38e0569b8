"""``gulfstream maintain / restore / expire / session`` as a user runs them (real processes)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def gs(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "memory_core", *args, "--db", f"sqlite:///{db}"]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "200", "HOME": str(db.parent),
                               "PYTHONPATH": str(Path(__file__).resolve().parents[2])})


def test_maintain_archives_then_restore_and_expire(tmp_path: Path) -> None:
    db = tmp_path / "cli.sqlite3"
    turns = tmp_path / "t.jsonl"
    texts = ["I went to a sculpture museum this afternoon, it had a lovely garden",
             "我今天在公司楼下吃了一碗很好吃的兰州拉面，汤特别香"]
    turns.write_text("\n".join(json.dumps({"turn_id": f"t{n}", "text": text, "speaker": "Ann", "session_id": "s1",
                                           "timestamp": f"2025-01-05T09:0{n}:00Z"}, ensure_ascii=False)
                               for n, text in enumerate(texts)) + "\n")
    assert gs(db, "ingest", "-u", "ann", str(turns)).returncode == 0
    done = gs(db, "maintain", "-u", "ann", "--now", "2025-03-01T00:00:00Z")
    assert done.returncode == 0, done.stderr
    row = next(line for line in done.stdout.splitlines() if line.strip().startswith("│ ann"))
    cells = [c.strip() for c in row.strip("│ ").split("│")]
    assert cells[2] == "2" and int(cells[5]) >= 2  # the episode's and January's summaries; both events archived
    exported = tmp_path / "out.yaml"
    assert gs(db, "export", str(exported)).returncode == 0
    import yaml

    items = yaml.safe_load(exported.read_text())["users"]["ann"]
    gone = [i for i, body in items.items() if body["status"] == "archived"]
    assert gone
    back = gs(db, "restore", gone[0], "-u", "ann", "--reason", "needed again")
    assert back.returncode == 0 and back.stdout.startswith(f"restored {gone[0]}")
    again = gs(db, "restore", gone[0], "-u", "ann")
    assert again.returncode == 2 and "only an archived item" in again.stderr
    bad = gs(db, "expire", gone[0], "-u", "ann")
    assert bad.returncode != 0
    ok = gs(db, "expire", gone[0], "-u", "ann", "--at", "2030-01-01T00:00:00Z")
    assert ok.returncode == 0 and "2030-01-01" in ok.stdout
    shown = gs(db, "session", "s1", "-u", "ann")
    assert shown.returncode == 0 and "sculpture" in shown.stdout and "兰州拉面" in shown.stdout
