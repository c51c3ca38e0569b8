"""One top-k limit (``validation.MAX_TOP_K``) with one error, whatever the entry point: the Memory API, the
core's recall (the CLI's path), the wire's recall request, the Mem0 shim, settings and the HTTP schemas."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from api_shim.http.schemas import RecallIn
from memory_core import wire
from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidField
from memory_core.mem0_compat import Memory as Mem0Memory
from memory_core.settings import Settings
from memory_core.validation import MAX_TOP_K, check_top_k

REPO = Path(__file__).resolve().parents[2]
LIMIT = f"from 1 to {MAX_TOP_K}"


@pytest.fixture
def mem(tmp_path: Path) -> EmbeddedMemory:
    m = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/k.db")
    m.add("I live in Lisbon", user_id="ann", timestamp="2026-11-01T09:00:00Z")
    m.add("我喜欢喝乌龙茶", user_id="ann", timestamp="2026-11-01T09:01:00Z")
    return m


@pytest.mark.parametrize("bad", [0, -1, MAX_TOP_K + 1, 1000, True, "5", 2.0])
def test_every_entry_point_refuses_the_same_k_with_the_same_words(mem: EmbeddedMemory, bad: object) -> None:
    calls = [lambda: mem.search("where do I live?", user_id="ann", k=bad),
             lambda: mem.recall("我喜欢喝什么茶", user_id="ann", k=bad),
             lambda: mem.memory.recall("ann", "where do I live?", k=bad),
             lambda: wire.check_recall_request("ann", "where do I live?", bad, None, None, None)]  # type: ignore[arg-type]
    for call in calls:
        with pytest.raises(InvalidField, match=f"k must be an integer {LIMIT}; got"):
            call()
    with pytest.raises(InvalidField, match=f"limit must be an integer {LIMIT}"):
        Mem0Memory(mem).search("where do I live?", user_id="ann", limit=bad)  # type: ignore[arg-type]
    mem.close()


def test_the_limit_itself_is_accepted_everywhere(mem: EmbeddedMemory) -> None:
    assert check_top_k(MAX_TOP_K) == MAX_TOP_K
    assert "Lisbon" in mem.search("where do I live?", user_id="ann", k=MAX_TOP_K)[0]["description"]
    assert any("乌龙茶" in r["description"] for r in mem.recall("乌龙茶", user_id="ann", k=MAX_TOP_K)["results"])
    assert mem.memory.recall("ann", "Lisbon", k=MAX_TOP_K).results
    assert Mem0Memory(mem).search("where do I live?", user_id="ann", top_k=MAX_TOP_K)["results"]
    assert RecallIn(query="x", k=MAX_TOP_K).k == MAX_TOP_K
    mem.close()


def test_settings_and_http_schema_use_the_same_limit() -> None:
    with pytest.raises(ValidationError):
        Settings(recall_k=MAX_TOP_K + 1)
    with pytest.raises(ValidationError, match=f"less than or equal to {MAX_TOP_K}"):
        RecallIn(query="where do I live?", k=MAX_TOP_K + 1)


def test_the_cli_refuses_k_above_the_limit_as_the_api_does(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(REPO), "PYTHONIOENCODING": "utf-8",
           "GULFSTREAM_EMBEDDER": "none"}
    db = f"sqlite:///{tmp_path}/cli.db"
    made = subprocess.run([sys.executable, "-m", "memory_core", "add", "--user", "ann", "我住在杭州", "--db", db],
                          capture_output=True, text=True, timeout=120, env=env, cwd=REPO)
    assert made.returncode == 0, made.stderr  # a read command never creates a store: make one first
    got = subprocess.run([sys.executable, "-m", "memory_core", "recall", "--user", "ann", "我住在哪里", "-k",
                          str(MAX_TOP_K + 1), "--db", db], capture_output=True, text=True, timeout=120, env=env,
                         cwd=REPO)
    assert got.returncode == 2 and f"k must be an integer {LIMIT}" in got.stderr, got.stderr
