"""``gulfstream add / get / update / delete`` and ``gulfstream chat`` as a user runs them (real processes)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from scripted_server import Reply, scripted_server

REPO = Path(__file__).resolve().parents[2]


def gs(*args: str, db: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "200", "HOME": str(db.parent), "PYTHONPATH": str(REPO),
           "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "memory_core", *args, "--db", f"sqlite:///{db}"],
                          capture_output=True, text=True, timeout=120, env=env, input=stdin, cwd=REPO)


def test_item_commands(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    added = gs("add", "--user", "ann", "我住在杭州", "--theme", "places", db=db)
    assert added.returncode == 0, added.stderr
    item = json.loads(added.stdout)[0]
    assert (item["description"], item["theme"], item["event"]) == ("我住在杭州", "places", "ADD")
    got = json.loads(gs("get", item["id"], "--user", "ann", db=db).stdout)
    assert got["id"] == item["id"]
    updated = gs("update", item["id"], "我住在上海", "--user", "ann", "--reason", "moved", db=db)
    assert json.loads(updated.stdout)["description"] == "我住在上海"
    unexplained = gs("update", item["id"], "我住在上海浦东", "--user", "ann", db=db)  # --reason is optional
    assert unexplained.returncode == 0, unexplained.stderr
    history = gs("history", item["id"], "--user", "ann", db=db).stdout
    assert "(reason: corrected from the CLI)" in history and "(reason: moved)" in history
    other = gs("delete", item["id"], "--user", "bob", db=db)
    assert other.returncode == 2 and "no memory or turns for user 'bob'" in other.stderr
    empty = gs("add", "--user", "ann", "  ", db=db)
    assert empty.returncode == 2 and "error" in empty.stderr
    odd = gs("add", "--user", "ann", "I live in Oslo", "--kind", "banana", db=db)  # add's argument, no filter
    assert odd.returncode == 2 and odd.stderr.startswith("error: kind: unknown value 'banana'"), odd.stderr
    deleted = gs("delete", item["id"], "--user", "ann", db=db)
    assert json.loads(deleted.stdout)["status"] == "deleted"
    again = gs("delete", item["id"][:8], "--user", "ann", db=db)  # a prefix too
    assert again.returncode == 2 and f"memory item '{item['id']}' of user 'ann' is already deleted" in again.stderr
    assert "no memory item" not in again.stderr
    late = gs("update", item["id"], "我住在北京", "--user", "ann", db=db)
    assert late.returncode == 2 and "is already deleted" in late.stderr
    curated = gs("add", "--user", "ann", "I love spicy food", "--infer", db=db)
    assert any(r["kind"] == "preference" for r in json.loads(curated.stdout))


def test_chat_remembers_across_sessions(tmp_path: Path) -> None:
    db = tmp_path / "chat.db"

    def answer(body: dict[str, Any]) -> Reply:
        system = body["messages"][0]["content"]
        return Reply("You live in Lisbon." if "Lisbon" in system else "I don't know yet.")

    with scripted_server() as server:
        server.push(*[answer] * 4)
        opts = ["--model", "scripted", "--base-url", server.base_url]
        first = gs("chat", "--user", "ana", "--session", "s1", *opts, db=db,
                   stdin="I moved to Lisbon last month.\nWhere do I live?\n")
        assert first.returncode == 0, first.stderr
        second = gs("chat", "--user", "ana", "--session", "s2", *opts, db=db, stdin="Where do I live now?\n")
        assert second.returncode == 0, second.stderr
        stranger = gs("chat", "--user", "bob", "--session", "s1", *opts, db=db, stdin="Where do I live?\n")
    assert first.stdout.splitlines()[0] == "I don't know yet."
    assert second.stdout.strip() == "You live in Lisbon."
    assert stranger.stdout.strip() == "I don't know yet."
    assert "Lisbon" in server.requests[2]["messages"][0]["content"]
    assert os.path.exists(db)


def test_new_user_stumbles(tmp_path: Path) -> None:
    """The default database is the user's, from any folder; a filter that removes everything says so;
    progress is a plain line when piped."""
    home = tmp_path / "home"
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "200", "HOME": str(home), "PYTHONPATH": str(REPO),
           "PYTHONIOENCODING": "utf-8"}

    def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
        cwd.mkdir(exist_ok=True)
        return subprocess.run([sys.executable, "-m", "memory_core", *args], capture_output=True, text=True,
                              timeout=120, env=env, cwd=cwd)

    turns = tmp_path / "turns.jsonl"
    texts = ["I live in Lisbon.", "我喜欢喝乌龙茶", "I love cycling."]
    turns.write_text("\n".join(json.dumps({"turn_id": f"t{i}", "text": text, "timestamp": f"2026-01-0{i + 1}T09:00Z"},
                                          ensure_ascii=False) for i, text in enumerate(texts)))
    ingested = run("ingest", "--user", "ann", str(turns), cwd=tmp_path / "a")
    assert ingested.returncode == 0, ingested.stderr
    assert "ingest: 3/3" in ingested.stderr, "a plain progress line when stderr is not a terminal"
    assert (home / ".local" / "share" / "gulfstream" / "gulfstream.sqlite3").is_file()
    found = run("recall", "--user", "ann", "where do I live?", cwd=tmp_path / "b")
    assert found.returncode == 0 and "Lisbon" in found.stdout, found.stdout + found.stderr
    none = run("recall", "--user", "ann", "where do I live?", "--kind", "todo", cwd=tmp_path / "b")
    assert "the filters (--theme, --kind, --since, --until) removed every result" in none.stdout


def test_http_keys_on_a_fresh_database(tmp_path: Path) -> None:
    """``keys create`` migrates a fresh database; an unreachable one is one line of error saying so, not a traceback."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(REPO), "COLUMNS": "200"}

    def keys(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "api_shim.http", "keys", *args], capture_output=True,
                              text=True, timeout=120, env=env, cwd=tmp_path)

    url = f"sqlite:///{tmp_path}/fresh.db"
    made = keys("create", "acme", "--name", "cli", "--database-url", url)
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith("gs_")
    assert "acme" in keys("list", "--database-url", url).stdout
    down = keys("list", "--database-url", "postgresql+psycopg://nobody@127.0.0.1:1/none")
    assert down.returncode == 2
    assert down.stderr.startswith("error: could not connect to the database") and "Traceback" not in down.stderr


def test_import_from_mem0(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    export = tmp_path / "mem0.json"
    export.write_text(json.dumps({"results": [
        {"id": "7f1c2b4e-0d7a-4d59-9a55-1f0e1b2c3d4e", "memory": "Loves sci-fi movies", "user_id": "alice",
         "metadata": {"category": "movies"}, "created_at": "2025-10-22T04:40:22.864647-07:00",
         "updated_at": "2025-10-23T10:00:00-07:00"},
        {"id": "0b9e5f3a-1111-4c2d-8e8e-123456789abc", "memory": "喜欢喝乌龙茶", "user_id": "alice",
         "agent_id": "tea-bot", "created_at": "2025-11-01T08:00:00Z"},
    ]}, ensure_ascii=False), encoding="utf-8")
    done = gs("import", str(export), "--from", "mem0", db=db)
    assert done.returncode == 0, done.stderr
    assert "imported 2 item(s) for 2 user(s)" in done.stdout
    item = json.loads(gs("get", "7f1c2b4e-0d7a-4d59-9a55-1f0e1b2c3d4e", "--user", "alice", db=db).stdout)
    assert (item["description"], item["theme"], item["created_at"], item["valid_from"]) == (
        "Loves sci-fi movies", "movies", "2025-10-22T11:40:22.864647+00:00", "2025-10-22T11:40:22.864647+00:00")
    assert item["updated_at"] == "2025-10-23T17:00:00+00:00"
    tea = json.loads(gs("get", "0b9e5f3a-1111-4c2d-8e8e-123456789abc", "--user", "alice#agent#tea-bot", db=db).stdout)
    assert tea["description"] == "喜欢喝乌龙茶"
    again = gs("import", str(export), "--from", "mem0", db=db)
    assert again.returncode == 2 and "already has memory items" in again.stderr
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"memory": "no user"}]))
    refused = gs("import", str(bad), "--from", "mem0", db=db)
    assert refused.returncode == 2 and "memory 0: one of user_id, agent_id or run_id is required" in refused.stderr


def test_a_blank_or_overlong_reason_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    """The CLI's reason is optional (the embedded API's rule), but one given must be 1 to 1,000 characters."""
    from typer.testing import CliRunner

    from memory_core.cli import app

    db = f"sqlite:///{tmp_path}/r.db"
    runner = CliRunner()
    added = runner.invoke(app, ["add", "--user", "ann", "I live in Leeds", "--db", db])
    item_id = json.loads(added.stdout)[0]["id"]
    for reason in ("", "   ", "x" * 1001):
        for args in (["update", item_id, "I live in York"], ["delete", item_id]):
            refused = runner.invoke(app, [*args, "--user", "ann", "--reason", reason, "--db", db])
            assert refused.exit_code == 2, (args, reason, refused.output)
            assert "error:" in refused.output and "--reason" in refused.output
    shown = json.loads(runner.invoke(app, ["get", item_id, "--user", "ann", "--db", db]).stdout)
    assert (shown["description"], shown["status"]) == ("I live in Leeds", "active")
    kept = runner.invoke(app, ["update", item_id, "我住在约克", "--user", "ann", "--db", db])
    assert kept.exit_code == 0 and json.loads(kept.stdout)["description"] == "我住在约克"
    history = runner.invoke(app, ["history", item_id, "--user", "ann", "--db", db], env={"COLUMNS": "300"}).stdout
    assert "corrected from the CLI" in history
