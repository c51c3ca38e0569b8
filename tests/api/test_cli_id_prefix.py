"""``gulfstream get`` / ``history`` take a unique prefix of an item id (6 characters or more), as git does."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidField, UnknownItem
from memory_core.item_ids import full_item_id

REPO = Path(__file__).resolve().parents[2]


def test_prefix_resolution(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{db}")
    for item_id, text in [("note-aaaa1", "I like tea"), ("note-aaaa2", "我喜欢咖啡"), ("zz-unique-1", "我住在杭州")]:
        mem.add([{"role": "user", "content": text, "id": item_id}], user_id="ann", infer=False)
    mem.add([{"role": "user", "content": "I live in Oslo", "id": "zz-unique-2"}], user_id="bob", infer=False)
    store = mem.memory.store
    assert full_item_id(store, "ann", "zz-uni") == "zz-unique-1"  # bob's zz-unique-2 is not ann's
    assert full_item_id(store, "ann", "note-aaaa1") == "note-aaaa1"
    assert full_item_id(store, "ann", "zz") == "zz"  # too short to stand for an id: left as given
    with pytest.raises(InvalidField, match="matches 2 items"):
        full_item_id(store, "ann", "note-aaaa")
    with pytest.raises(InvalidField, match="matches 2 items"):
        full_item_id(store, None, "zz-unique")  # across users, when no user is given
    with pytest.raises(UnknownItem):
        mem.get(full_item_id(store, "ann", "nothing-like-it"), user_id="ann")
    mem.close()
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(REPO), "PYTHONIOENCODING": "utf-8",
           "GULFSTREAM_EMBEDDER": "none"}
    got = subprocess.run([sys.executable, "-m", "memory_core", "get", "zz-uni", "--user", "ann", "--db",
                          f"sqlite:///{db}"], capture_output=True, text=True, timeout=120, env=env, cwd=REPO)
    assert got.returncode == 0, got.stderr
    assert json.loads(got.stdout)["description"] == "我住在杭州"
    history = subprocess.run([sys.executable, "-m", "memory_core", "history", "note-aaaa", "--db",
                              f"sqlite:///{db}"], capture_output=True, text=True, timeout=120, env=env, cwd=REPO)
    assert history.returncode == 2 and "matches 2 items" in history.stderr


def test_the_mem0_shim_takes_the_same_prefixes(tmp_path: Path) -> None:
    from memory_core.mem0_compat import Memory as Mem0Memory

    m = Mem0Memory(EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db"))
    made = m.add("我住在杭州", user_id="kai", infer=False)["results"][0]["id"]
    m.add([{"role": "user", "content": "I like tea", "id": "tea-note-1"}], user_id="kai", infer=False)
    m.add([{"role": "user", "content": "I like coffee", "id": "tea-note-2"}], user_id="lee", infer=False)
    assert m.get(made[:8])["memory"] == "我住在杭州"
    assert m.history(made[:6])[0]["new_memory"] == "我住在杭州"
    with pytest.raises(InvalidField, match="matches 2 items"):
        m.get("tea-note")  # the shim looks across users: two owners' ids start so
    assert m.delete(made[:7]) == {"message": "Memory deleted successfully!"}
    assert m.get(made) is None
    assert m.get(made[:4]) is None  # too short to stand for an id
