"""``delete(..., purge=True)``: a deleted secret is gone from every table and from recall, embedded on SQLite and
PostgreSQL, in a YAML folder, from the CLI and through MCP; English and Chinese (``memory_core.store.purge``).

The distributed and HTTP transports run the same script in ``test_transport_conformance.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from purge_script import KEY, run_purge_script, stored_rows_holding

from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidField, UnknownItem

REPO = Path(__file__).resolve().parents[2]


def _file_bytes(db: Path) -> bytes:
    return b"".join(p.read_bytes() for p in db.parent.iterdir() if p.name.startswith(db.name))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_purge_leaves_no_byte_of_the_secret_in_the_sqlite_file(tmp_path: Path, lang: str) -> None:
    db = tmp_path / "m.sqlite3"
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{db}")
    try:
        mem.add("I take the train to work.", user_id="sec", timestamp="2026-02-01T09:00:00Z")
        assert KEY.encode() not in _file_bytes(db)
        run_purge_script(mem, "sec", lang)
        assert stored_rows_holding(f"sqlite:///{db}", KEY) == []
    finally:
        mem.close()
    assert KEY.encode() not in _file_bytes(db), "the file (and its write-ahead log) holds the key"
    assert KEY[:12].encode() not in _file_bytes(db)


def test_purge_on_postgresql_leaves_no_row_holding_the_secret(pg_url: str) -> None:
    from _services import create_database, drop_database

    from memory_core.store.migrate import upgrade

    url = create_database(pg_url, prefix="purge")
    upgrade(url)
    mem = EmbeddedMemory.open(database_url=url)
    try:
        run_purge_script(mem, "sec", "en")
        assert stored_rows_holding(url, KEY) == []
    finally:
        mem.close()
        drop_database(pg_url, url)


def test_purge_in_a_yaml_folder(tmp_path: Path) -> None:
    mem = EmbeddedMemory.open(database_url=f"yaml://{tmp_path}/store")
    try:
        item = mem.add(f"My OpenAI key is {KEY}", user_id="y", infer=False)["results"][0]
        other = mem.add("I live in Oslo", user_id="y", infer=False)["results"][0]
        mem.delete(item["id"], user_id="y", purge=True)
        assert mem.get(item["id"], user_id="y", reveal=True)["description"] == "[purged]"
        assert mem.get(other["id"], user_id="y")["description"] == "I live in Oslo"
    finally:
        mem.close()
    assert not [p for p in (tmp_path / "store").rglob("*") if p.is_file() and KEY.encode() in p.read_bytes()]


def test_purge_scrubs_a_quote_in_another_items_history(tmp_path: Path) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/q.db")
    try:
        old = mem.add("My locker code is 4417-2290-8812", user_id="q", infer=False)["results"][0]
        mem.update(old["id"], "My locker code changed", user_id="q", reason="was My locker code is 4417-2290-8812")
        new = mem.add("Wifi password hunter2-blue-lagoon", user_id="q", infer=False)["results"][0]
        mem.update(new["id"], "My locker code is 4417-2290-8812 and wifi hunter2-blue-lagoon", user_id="q",
                   reason="merged by hand")
        mem.delete(old["id"], user_id="q", purge=True)
        assert "4417-2290-8812" not in str(mem.history(new["id"], user_id="q", reveal=True))
        assert "[purged]" in mem.get(new["id"], user_id="q", reveal=True)["description"]
    finally:
        mem.close()


def test_purge_refuses_what_delete_refuses(tmp_path: Path) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/r.db")
    try:
        item = mem.add("I live in Oslo", user_id="r", infer=False)["results"][0]
        with pytest.raises(UnknownItem):
            mem.delete(item["id"], user_id="other", purge=True)
        with pytest.raises(UnknownItem):
            mem.delete("0123456789abcdef", user_id="r", purge=True)
        with pytest.raises(InvalidField):
            mem.delete(item["id"], user_id="r", purge="yes")  # type: ignore[arg-type]
        assert mem.get(item["id"], user_id="r")["status"] == "active", "nothing changed"
    finally:
        mem.close()


@pytest.fixture()
def mem0_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    db = tmp_path / "m0.db"
    monkeypatch.setenv("GULFSTREAM_DATABASE_URL", f"sqlite:///{db}")
    yield db


def test_mem0_delete_purges(mem0_env: Path) -> None:
    from memory_core.mem0_compat import Memory

    m = Memory()
    try:
        added = m.add([{"role": "user", "content": f"My OpenAI key is {KEY}, keep it for me."}], user_id="alex")
        key_id = next(r["id"] for r in added["results"] if "OpenAI" in r["memory"])
        assert m.delete(key_id, purge=True) == {"message": "Memory deleted successfully!"}
        assert m.history(key_id)[-1]["event"] == "DELETE"
    finally:
        m.close()
    assert KEY.encode() not in _file_bytes(mem0_env)


def gs(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "200", "HOME": str(db.parent), "PYTHONPATH": str(REPO),
           "PYTHONIOENCODING": "utf-8", "GULFSTREAM_EMBEDDER": os.environ.get("GULFSTREAM_EMBEDDER", "none")}
    return subprocess.run([sys.executable, "-m", "memory_core", *args, "--db", f"sqlite:///{db}"],
                          capture_output=True, text=True, timeout=120, env=env, cwd=REPO)


def test_cli_delete_purge(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    added = gs("add", "--user", "sec", f"My OpenAI key is {KEY}, keep it for me.", "--infer", db=db)
    assert added.returncode == 0, added.stderr
    key_id = next(r["id"] for r in json.loads(added.stdout) if r["kind"] != "event")
    soft = gs("delete", key_id, "--user", "sec", "--reason", "forget my key", db=db)
    assert soft.returncode == 0 and json.loads(soft.stdout)["status"] == "deleted"
    assert KEY in gs("get", key_id, "--user", "sec", "--reveal", db=db).stdout, "soft: the text stays"
    purged = gs("delete", key_id, "--user", "sec", "--reason", "leaked key", "--purge", db=db)
    assert purged.returncode == 0, purged.stderr
    assert json.loads(purged.stdout)["description"] == "[purged]"
    for read in (("get", key_id, "--user", "sec", "--reveal"), ("history", key_id, "--reveal"),
                 ("export", str(tmp_path / "out.yaml"), "--user", "sec", "--reveal")):
        out = gs(*read, db=db)
        assert out.returncode == 0 and KEY not in out.stdout, (read, out.stdout, out.stderr)
    assert KEY not in (tmp_path / "out.yaml").read_text(encoding="utf-8")
    assert KEY.encode() not in _file_bytes(db)


def test_a_purge_of_several_items_rewrites_the_sqlite_file_once(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``purge_many``: every item's words out of the file (English and Chinese), one transaction, one VACUUM."""
    from memory_core.store import sql_purge

    calls: list[int] = []
    real = sql_purge.reclaim
    monkeypatch.setattr(sql_purge, "reclaim", lambda raw: (calls.append(1), real(raw))[1])
    secrets = ["my locker code is Q7XK-PLUM-4412", "我的门禁密码是 ZEBRA-9931-KITE", "my alias is moonwalker-778"]
    db = tmp_path / "many.sqlite3"
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{db}")
    try:
        ids = [mem.add(text, user_id="sec", infer=False)["results"][0]["id"] for text in secrets]
        kept = mem.add("I live in Oslo.", user_id="sec", infer=False)["results"][0]["id"]
        store = mem.memory.store
        with pytest.raises(UnknownItem):
            store.purge_many("sec", [ids[0], "0123456789abcdef"], "cleanup")
        assert "Q7XK-PLUM-4412" in mem.get(ids[0], user_id="sec", reveal=True)["description"], "nothing changed"
        assert calls == []
        reports = store.purge_many("sec", [*ids, ids[0]], "cleanup")
        assert [r.item_id for r in reports] == ids and all(r.items for r in reports)
        assert calls == [1], "the file is rewritten once for the whole purge"
        assert [mem.get(i, user_id="sec", reveal=True)["description"] for i in ids] == ["[purged]"] * 3
        assert mem.get(kept, user_id="sec")["description"] == "I live in Oslo."
        assert [s for s in ("Q7XK-PLUM-4412", "ZEBRA-9931-KITE", "moonwalker-778")
                if stored_rows_holding(f"sqlite:///{db}", s)] == []
    finally:
        mem.close()
    for needle in ("Q7XK-PLUM-4412", "ZEBRA-9931-KITE", "moonwalker-778"):
        assert needle.encode() not in _file_bytes(db), needle
