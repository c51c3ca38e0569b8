"""Small interface promises of add and ingest over the real doors: a refused ``gulfstream add`` creates no store,
the LangGraph store refuses a value that is not a dict as it refuses other bad input, a re-sent native add says
nothing new was added (NONE, never a second ADD), and ``gulfstream ingest`` shows progress early."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core import cli_output
from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidField
from memory_core.integrations.langgraph_store import MemoryStoreAdapter
from memory_core.mem0_compat import Memory

REPO = Path(__file__).resolve().parents[2]


def gs(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "200", "HOME": str(home), "PYTHONPATH": str(REPO),
           "PYTHONIOENCODING": "utf-8", "GULFSTREAM_EMBEDDER": "none"}
    return subprocess.run([sys.executable, "-m", "memory_core", *args], capture_output=True, text=True,
                          timeout=300, env=env, cwd=REPO)


@pytest.fixture()
def mem(tmp_path: Path) -> Iterator[EmbeddedMemory]:
    api = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path / 'i.db'}", embedder="none")
    yield api
    api.close()


@pytest.mark.parametrize("args", [("", ), ("  ",), ("I live in Leeds", "--kind", "bogus"),
                                  ("我住在杭州", "--infer", "--theme", "places")])
def test_a_refused_cli_add_creates_no_store(tmp_path: Path, args: tuple[str, ...]) -> None:
    db = tmp_path / "new.sqlite3"
    done = gs("add", "--user", "x", *args, "--db", f"sqlite:///{db}", home=tmp_path)
    assert done.returncode == 2 and "error:" in done.stderr
    assert not db.exists() and list(tmp_path.iterdir()) == []


def test_a_cli_add_that_is_accepted_still_creates_the_store(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite3"
    done = gs("add", "--user", "x", "我住在杭州", "--db", f"sqlite:///{db}", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert db.is_file() and json.loads(done.stdout)[0]["event"] == "ADD"


@pytest.mark.parametrize("value", ["not a dict", ["a", "list"], 42])
def test_langgraph_put_of_a_value_that_is_not_a_dict_is_invalid_field(mem: EmbeddedMemory, value: object) -> None:
    store = MemoryStoreAdapter(mem, prefix=("memories",))
    with pytest.raises(InvalidField, match="must be a dict"):
        store.put(("memories", "ann"), "x", value)  # type: ignore[arg-type]
    assert store.get(("memories", "ann"), "x") is None


@pytest.mark.parametrize("text", ["I have a parrot named Kiwi.", "我养了一只鹦鹉叫奇奇。"])
def test_a_resent_native_add_answers_none_for_the_same_ids(mem: EmbeddedMemory, text: str) -> None:
    said = [{"role": "user", "content": text, "timestamp": "2026-01-01T00:00:00Z"}]
    first = mem.add(said, user_id="dup")["results"]
    again = mem.add(said, user_id="dup")["results"]
    assert first and {r["event"] for r in first} == {"ADD"}
    assert [(r["id"], r["event"]) for r in again] == [(r["id"], "NONE") for r in first]
    later = mem.add([{**said[0], "timestamp": "2026-01-02T00:00:00Z"}], user_id="dup")["results"]
    assert any(r["event"] in ("ADD", "UPDATE") for r in later), "the same words said another day are a new turn"


def test_the_mem0_shim_still_lists_nothing_for_a_resent_add(tmp_path: Path) -> None:
    m = Memory(EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m0.db", embedder="none"))
    said = [{"role": "user", "content": "I have a gecko named Zed.", "timestamp": "2026-01-01T00:00:00Z"}]
    assert [e["event"] for e in m.add(said, user_id="dup2")["results"]] == ["ADD"]
    assert m.add(said, user_id="dup2")["results"] == []


def test_plain_progress_prints_at_the_first_step_and_by_time(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    clock = iter([0.0, 1.0, 2.0, 8.0, 9.0, 20.0])
    monkeypatch.setattr(cli_output.time, "monotonic", lambda: next(clock))
    monkeypatch.setattr(cli_output, "err", cli_output.Console(stderr=True, soft_wrap=True))
    advance = cli_output.plain_progress("ingest", 3000, every_s=5.0)
    for n in (25, 100, 100, 10, 2765):  # clock 1, 2, 8, 9, 20; a tenth is 300
        advance(n)
    # 25: the first step; 225: no tenth yet, but 7 s since the last line; 235: 1 s later, silent
    assert capsys.readouterr().err.splitlines() == ["ingest: 25/3000", "ingest: 225/3000", "ingest: 3000/3000"]


def test_cli_ingest_prints_a_progress_line_after_its_first_small_batch(tmp_path: Path) -> None:
    turns = tmp_path / "turns.jsonl"
    turns.write_text("\n".join(json.dumps({"turn_id": f"t{i}", "text": f"We talked about chapter {i} today.",
                                           "timestamp": f"2026-01-01T09:{i:02d}Z"}) for i in range(40)))
    done = gs("ingest", "--user", "ann", str(turns), "--db", f"sqlite:///{tmp_path / 'i.db'}", home=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = [ln for ln in done.stderr.splitlines() if ln.startswith("ingest: ")]
    assert lines[0] == "ingest: 25/40" and lines[-1] == "ingest: 40/40"
