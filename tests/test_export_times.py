"""``gulfstream export`` dates an item's ``latest_update_time`` by the turn that last changed it, as it dates
every history entry and ``valid_from``, not by the wall clock of the ingest (new-user trial 34); the store's own
``updated_at`` rides beside it, so ``import`` then ``export`` gives the same file back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

from memory_core.store.seed_format import item_from_mapping

TURNS = [("t1", "I live in Lisbon.", "2025-02-01T09:00:00Z"), ("t2", "我喜欢喝龙井茶。", "2025-02-03T20:00:00+08:00"),
         ("t3", "I moved to Porto.", "2025-06-10T18:30:00Z"), ("t4", "I work as a nurse.", "2025-07-01T08:00:00Z")]


def _gs(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), "COLUMNS": "200",
           "GULFSTREAM_EMBEDDER": "none", "XDG_DATA_HOME": str(tmp_path / "data"),
           "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    done = subprocess.run([sys.executable, "-m", "memory_core", *args], capture_output=True, text=True,
                          timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    return done


def _items(path: Path) -> dict[str, dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["users"]["ann"]


def test_latest_update_time_is_the_time_of_the_turn_that_last_changed_the_item(tmp_path: Path) -> None:
    src = tmp_path / "t.jsonl"
    src.write_text("".join(json.dumps({"turn_id": i, "text": t, "timestamp": at}, ensure_ascii=False) + "\n"
                           for i, t, at in TURNS), encoding="utf-8")
    db = f"sqlite:///{tmp_path}/m.db"
    _gs(tmp_path, "ingest", "--user", "ann", str(src), "--db", db)
    out = tmp_path / "out.yaml"
    _gs(tmp_path, "export", str(out), "--user", "ann", "--reveal", "--db", db)
    items = _items(out)
    said = {"2025-02-01T09:00:00+00:00", "2025-02-03T12:00:00+00:00", "2025-06-10T18:30:00+00:00",
            "2025-07-01T08:00:00+00:00"}
    for item in items.values():
        newest = max(h["time"] for h in item["history"])
        assert item["latest_update_time"] == newest, item
        assert item["latest_update_time"] in said, item  # a turn's time, never the ingest's
    lisbon = next(i for i in items.values() if i["description"].endswith("Lisbon") and i["status"] == "superseded")
    assert lisbon["latest_update_time"] == "2025-06-10T18:30:00+00:00"  # the move to Porto ended it
    tea = next(i for i in items.values() if "龙井" in i["description"] and i["kind"] != "event")
    assert tea["latest_update_time"] == "2025-02-03T12:00:00+00:00"

    for target in (f"sqlite:///{tmp_path}/copy.db", f"yaml://{tmp_path}/copy"):
        _gs(tmp_path, "import", str(out), "--db", target)
        again = tmp_path / "again.yaml"
        _gs(tmp_path, "export", str(again), "--user", "ann", "--reveal", "--db", target)
        assert _items(again) == items, target  # both times, and everything else, survive the round trip


def test_a_seed_file_without_updated_at_reads_its_latest_update_time() -> None:
    item = item_from_mapping("ann", "a1", {"description": "喜欢吃辣", "theme": "品味", "hit": 1, "history": [],
                                           "latest_update_time": "2026-05-09 12:00:00"})
    assert item.updated_at.isoformat() == "2026-05-09T12:00:00+00:00"
    both = item_from_mapping("ann", "a1", {"description": "喜欢吃辣", "theme": "品味", "hit": 1, "history": [],
                                           "latest_update_time": "2026-05-09 12:00:00",
                                           "updated_at": "2026-06-01T00:00:00+00:00"})
    assert both.updated_at.isoformat() == "2026-06-01T00:00:00+00:00"
