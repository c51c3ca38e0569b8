"""The pass after ingest is due by the turns the store applied since the last run, whichever process applied them.

New-user trial 37, finding 10: an ingest killed (``kill -9``) and re-run, or two ingests of one user at once,
left 274 active items and none archived where one clean run of the same file left 226 and 48: each process
counted only its own turns and none reached ``maintain_every_turns``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from memory_core.ingest_io import read_turn_file
from memory_core.lifecycle.due import turns_since_maintenance
from memory_core.service import open_memory
from memory_core.settings import load_settings

EVERY = 24  # the whole file: the pass is due once, after its last turn, however the turns were applied
_ROOT = Path(__file__).resolve().parents[2]
_SAID = ["I live in Porto and work as a nurse.", "Nice weather today.", "我最近在学日语。", "Watched a film tonight.",
         "今天好累啊", "I have a cat named Miso.", "ok thanks", "晚上吃了火锅", "My sister Ana lives in Lisbon.",
         "Haha yes", "周末去爬山了", "I drink green tea every morning.", "lol same", "下雨了", "Long day at work.",
         "嗯嗯好的", "I play tennis on Sundays.", "今天加班到十点", "Good night!", "早上好", "Had pizza for lunch.",
         "我在阿里巴巴工作。", "That's funny", "最近睡得不太好"]


def _file(tmp_path: Path, part: slice = slice(None), name: str = "turns") -> Path:
    """The ``part`` of 24 turns of one user, one every two days from 2026-01-01 (small talk among them fades by
    the last one)."""
    start = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)
    path = tmp_path / f"{name}.jsonl"
    lines = [json.dumps({"turn_id": f"t{n}", "text": text, "timestamp": (start + timedelta(days=2 * n)).isoformat()},
                        ensure_ascii=False) + "\n" for n, text in enumerate(_SAID)]
    path.write_text("".join(lines[part]), encoding="utf-8")
    return path


def _env(tmp_path: Path) -> dict[str, str]:
    return {"PATH": "/usr/bin:/bin", "COLUMNS": "200", "HOME": str(tmp_path), "GULFSTREAM_EMBEDDER": "none",
            "GULFSTREAM_MAINTAIN_EVERY_TURNS": str(EVERY), "PYTHONPATH": str(_ROOT)}


def _ingest(tmp_path: Path, db: str, src: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "memory_core", "ingest", "--user", "u", str(src), "--db", db],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(tmp_path))


def _state(db: str) -> dict[tuple[str, ...], str]:
    """``{(kind, sources…): status}`` of the user's items: what a run left, comparable across stores."""
    memory = open_memory(load_settings(database_url=db, embedder="none"))
    try:
        return {(i.kind, i.description, *i.source): str(i.status) for i in memory.store.list_items("u", statuses=None)}
    finally:
        memory.close()


def test_the_turns_since_the_last_run_are_counted_on_the_store(tmp_path: Path) -> None:
    # two processes' worth of Memory on one file: the second one's ingest makes the pass due with the first's turns
    db = f"sqlite:///{tmp_path}/m.db"
    turns = read_turn_file(_file(tmp_path), "u").turns
    first = open_memory(load_settings(database_url=db, embedder="none", maintain_every_turns=EVERY))
    try:
        assert first.ingest(turns[:15]).maintenance == []
        assert turns_since_maintenance(first.store, "u") == 15
    finally:
        first.close()
    second = open_memory(load_settings(database_url=db, embedder="none", maintain_every_turns=EVERY))
    try:
        [report] = second.ingest(turns[15:]).maintenance  # 9 turns here, 24 since the store was maintained
        assert report.archived > 0
        assert turns_since_maintenance(second.store, "u") == 0
        assert second.ingest(turns[15:]).maintenance == []  # nothing new applied: not due again
    finally:
        second.close()


def test_the_count_is_per_user_and_none_without_a_turn_log(tmp_path: Path) -> None:
    from _memstore import DictStore

    db = f"sqlite:///{tmp_path}/m.db"
    memory = open_memory(load_settings(database_url=db, embedder="none", maintain_every_turns=0))
    try:
        memory.ingest(read_turn_file(_file(tmp_path), "u").turns[:5])
        assert turns_since_maintenance(memory.store, "u") == 5
        assert turns_since_maintenance(memory.store, "nobody") == 0
        [report] = memory.maintain("u")  # a full run counts as the last maintenance too
        assert not report.busy and turns_since_maintenance(memory.store, "u") == 0
    finally:
        memory.close()
    assert turns_since_maintenance(DictStore(), "u") is None


def test_a_killed_ingest_rerun_ends_as_a_clean_run(tmp_path: Path) -> None:
    src = _file(tmp_path)
    clean_db = f"sqlite:///{tmp_path}/clean.db"
    clean = _ingest(tmp_path, clean_db, src)
    out, errs = clean.communicate(timeout=300)
    assert clean.returncode == 0, errs
    assert "maintenance after ingest: " in out, out
    want = _state(clean_db)
    assert "archived" in want.values()
    # a real process records every turn, applies ten, and is killed (SIGKILL: no cleanup, no maintenance)
    killed_db = f"sqlite:///{tmp_path}/killed.db"
    script = (
        "import os, signal\n"
        "from pathlib import Path\n"
        "from memory_core.ingest_io import read_turn_file\n"
        "from memory_core.service import open_memory\n"
        "from memory_core.settings import load_settings\n"
        f"m = open_memory(load_settings(database_url={killed_db!r}, embedder='none'))\n"
        f"m.record_turns(read_turn_file(Path({str(src)!r}), 'u').turns)\n"
        "m.apply_pending('u', limit=10)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n")
    run = subprocess.run([sys.executable, "-c", script], env=_env(tmp_path), capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == -9, run.stderr
    assert "archived" not in _state(killed_db).values()
    rerun = _ingest(tmp_path, killed_db, src)
    out, errs = rerun.communicate(timeout=300)
    assert rerun.returncode == 0, errs
    assert "applied 14 turn(s) another run recorded" in out and "maintenance after ingest: " in out, out
    assert _state(killed_db) == want


def test_two_ingests_at_once_end_as_a_clean_run(tmp_path: Path) -> None:
    # each process applies about half of the turns: neither alone reaches the threshold, the store does
    clean_db = f"sqlite:///{tmp_path}/clean.db"
    clean = _ingest(tmp_path, clean_db, _file(tmp_path))
    assert clean.communicate(timeout=300) and clean.returncode == 0
    both_db = f"sqlite:///{tmp_path}/both.db"
    runs = [_ingest(tmp_path, both_db, _file(tmp_path, part, name))
            for part, name in ((slice(0, 12), "first"), (slice(12, None), "second"))]
    said = []
    for run in runs:
        out, errs = run.communicate(timeout=300)
        assert run.returncode == 0, (out, errs)
        said.append(out)
    assert any("maintenance after ingest: " in out for out in said), said
    want, got = _state(clean_db), _state(both_db)
    assert {k for k, v in got.items() if v == "archived"} == {k for k, v in want.items() if v == "archived"}
    assert got == want
