"""The gulfstream CLI as a user runs it: real processes, exit codes, messages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def gs(*args: str, db: Path | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "memory_core", *args]
    if db is not None:
        cmd += ["--db", f"sqlite:///{db}"]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "200", "HOME": str(db.parent if db else "/tmp"),
                               **env})


def line(turn_id: str, text: str, minute: int) -> str:
    return json.dumps({"turn_id": turn_id, "text": text, "speaker": "Ann",
                       "timestamp": f"2026-01-05T09:{minute:02d}:00Z"}, ensure_ascii=False)


@pytest.fixture()
def db(tmp_path: Path) -> Path:
    return tmp_path / "cli.sqlite3"


def test_bad_line_names_file_and_line_and_stores_nothing(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "turns.jsonl"
    src.write_text("\n".join([line("a", "I live in Lisbon.", 1), "{oops", line("b", " ", 2)]) + "\n")
    result = gs("ingest", "--user", "ann", str(src), db=db)
    assert result.returncode == 1
    assert f"{src}:2: invalid JSON" in result.stderr and f"{src}:3: text is empty" in result.stderr
    assert "nothing stored" in result.stderr
    assert not db.exists(), "a refused file leaves no new empty store behind"
    listed = gs("memories", "--user", "ann", db=db)
    assert listed.returncode == 2 and "no store at" in listed.stderr, listed.stderr


@pytest.mark.parametrize("partial", [False, True])
def test_a_refused_file_creates_no_store_of_either_kind(tmp_path: Path, partial: bool) -> None:
    src = tmp_path / "bad.jsonl"
    src.write_text("\n".join(["{oops", line("a", " ", 1)] if partial else
                              [line("a", "我住在里斯本。", 1), '{"text": "hi"}']) + "\n")
    for target in (f"sqlite:///{tmp_path}/new.sqlite3", f"yaml://{tmp_path}/new-yaml"):
        flags = ["--partial"] if partial else []
        result = subprocess.run([sys.executable, "-m", "memory_core", "ingest", "--user", "ann", str(src), *flags,
                                 "--db", target], capture_output=True, text=True, timeout=120,
                                env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
        if target.startswith("yaml"):  # a YAML store takes no turns: refused before the file is read
            assert result.returncode == 2 and "nothing was created" in result.stderr, result.stderr
        else:
            assert result.returncode == 1 and "nothing stored" in result.stderr, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl"]


def test_a_refused_file_leaves_an_existing_store_as_it_was(tmp_path: Path, db: Path) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text(line("a", "I live in Lisbon.", 1) + "\n")
    assert gs("ingest", "--user", "ann", str(good), db=db).returncode == 0
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([line("b", "I moved to Porto.", 2), "{oops"]) + "\n")
    assert gs("ingest", "--user", "ann", str(bad), db=db).returncode == 1
    listed = gs("memories", "--user", "ann", db=db)
    assert listed.returncode == 0 and "Lisbon" in listed.stdout and "Porto" not in listed.stdout


@pytest.mark.parametrize("content", ["", "\n\n"])
def test_ingest_of_a_file_without_turns_says_nothing_was_read(tmp_path: Path, db: Path, content: str) -> None:
    src = tmp_path / "empty.jsonl"
    src.write_text(content)
    result = gs("ingest", "--user", "ann", str(src), db=db)
    assert result.returncode == 0, result.stderr
    assert f"no turns read from {src}" in result.stdout and "nothing stored" in result.stdout
    assert "users:" not in result.stdout


def test_recall_json_flags_a_turn_whose_statement_was_superseded(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "turns.jsonl"
    turns = [line("a", "我每天早上都喝咖啡。", 1), line("b", "咖啡我已经不喝了，现在喝绿茶。", 2)]
    src.write_text("\n".join(turns) + "\n")
    assert gs("ingest", "--user", "ann", str(src), db=db).returncode == 0
    recalled = gs("recall", "--user", "ann", "我喝咖啡吗？", "--json", db=db)
    results = json.loads(recalled.stdout)["results"]
    stale = [r for r in results if r["outdated"]]
    assert stale and all("咖啡" in r["description"] for r in stale) and not results[0]["outdated"], results


def test_partial_ingest_stores_good_lines_and_still_fails(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "turns.jsonl"
    src.write_text("\n".join([line("a", "I live in Lisbon.", 1), "[1, 2]", line("b", "我喜欢吃火锅", 2)]) + "\n")
    result = gs("ingest", "--user", "ann", str(src), "--partial", db=db)
    assert result.returncode == 1 and "recorded 2 turn(s)" in result.stdout and "1 bad line(s)" in result.stdout
    recalled = gs("recall", "--user", "ann", "火锅", "-k", "3", "--json", db=db)
    assert recalled.returncode == 0, recalled.stderr
    payload = json.loads(recalled.stdout)
    assert "火锅" in payload["results"][0]["description"] and payload["results"][0]["turn_ids"] == ["b"]
    assert payload["results"][0]["outdated"] is False  # the same flag as search() and HTTP give


def test_unknown_ids_and_bad_arguments_exit_nonzero(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "t.jsonl"
    src.write_text(line("a", "I live in Lisbon.", 1) + "\n")
    assert gs("ingest", "--user", "ann", str(src), db=db).returncode == 0
    unknown = gs("recall", "--user", "bob", "x", db=db)  # an empty answer, as the API gives
    assert unknown.returncode == 0 and "no memories for user 'bob'" in unknown.stdout
    missing = gs("history", "0000000000000000", db=db)
    assert missing.returncode == 2 and "no memory item" in missing.stderr
    assert gs("ingest", "--user", "ann", str(tmp_path / "absent.jsonl"), db=db).returncode == 2
    assert gs("recall", "--user", "ann", "Lisbon", "-k", "0", db=db).returncode == 2
    assert gs("ingest", "--user", "a b", str(src), db=db).returncode == 2


def test_memories_history_export_import_round_trip(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "t.jsonl"
    src.write_text("\n".join([line("a", "I like spicy food.", 1),
                              line("b", "I don't like spicy food anymore.", 2)]) + "\n")
    assert gs("ingest", "--user", "ann", str(src), db=db).returncode == 0
    shown = gs("memories", "--user", "ann", db=db)
    assert shown.returncode == 0 and "no longer" in shown.stdout.lower()
    item_id = next(w for w in shown.stdout.split() if len(w) == 16 and all(c in "0123456789abcdef" for c in w))
    hist = gs("history", item_id, db=db)
    assert hist.returncode == 0 and "create" in hist.stdout
    out = tmp_path / "export.yaml"
    assert gs("export", str(out), db=db).returncode == 0
    other = tmp_path / "other.sqlite3"
    imported = gs("import", str(out), db=other)
    assert imported.returncode == 0, imported.stderr
    assert gs("memories", "--user", "ann", db=other).stdout == shown.stdout


def test_a_masked_export_is_refused_by_import_unless_accepted(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "t.jsonl"
    src.write_text(line("a", "I have high blood pressure and take amlodipine every morning.", 1) + "\n")
    assert gs("ingest", "--user", "wang", str(src), db=db).returncode == 0
    masked, full = tmp_path / "masked.yaml", tmp_path / "full.yaml"
    assert gs("export", str(masked), db=db).returncode == 0
    assert gs("export", str(full), "--reveal", db=db).returncode == 0
    other = tmp_path / "other.sqlite3"
    refused = gs("import", str(masked), db=other)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused.stderr
    assert "masked export" in refused.stderr and "--accept-masked" in refused.stderr
    assert not other.exists()  # a refused file creates no store
    assert gs("import", str(full), db=other).returncode == 0
    assert "amlodipine" in gs("memories", "--user", "wang", "--reveal", db=other).stdout
    kept = tmp_path / "kept.sqlite3"
    assert gs("import", str(masked), "--accept-masked", db=kept).returncode == 0
    assert "amlodipine" not in gs("memories", "--user", "wang", "--reveal", db=kept).stdout


def test_demo_runs_and_shows_recall_and_context(tmp_path: Path) -> None:
    result = gs("demo", db=tmp_path / "demo.sqlite3")
    assert result.returncode == 0, result.stderr
    assert "Ingested 22 turns" in result.stdout
    assert "<memories>" in result.stdout and "Porto" in result.stdout
    listing = result.stdout.split("Memory, grouped by theme")[1].split("Recall (top 3)")[0]
    assert "对[health]过敏" in listing and "花生" not in listing  # masked as `gulfstream memories` masks it


def test_yaml_folder_store_and_refusals_from_the_cli(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "t.jsonl"
    src.write_text(line("a", "I live in Lisbon.", 1) + "\n")
    assert gs("ingest", "--user", "ann", str(src), db=db).returncode == 0
    out = tmp_path / "x.yaml"
    assert gs("export", str(out), db=db).returncode == 0
    folder = f"yaml://{tmp_path / 'folder'}"
    run = lambda *a: subprocess.run([sys.executable, "-m", "memory_core", *a, "--db", folder],  # noqa: E731
                                    capture_output=True, text=True, timeout=120)
    assert run("import", str(out)).returncode == 0
    shown = run("memories", "--user", "ann")
    assert shown.returncode == 0 and "Lisbon" in shown.stdout
    refused = run("ingest", "--user", "ann", str(src))
    assert refused.returncode == 2 and "holds memory items only" in refused.stderr
    assert "unknown store URL" in gs("memories", "--user", "ann", "--db", "foo://x").stderr
    unknown = gs("export", str(out), "--user", "nobody", db=db)
    assert unknown.returncode == 2 and "nobody" in unknown.stderr
    not_locomo = gs("eval", "locomo", str(src))
    assert not_locomo.returncode == 2 and "not a LoCoMo" in not_locomo.stderr
    assert gs("eval", "locomo", str(src), "--limit", "0").returncode == 2
    assert "Traceback" not in not_locomo.stderr + unknown.stderr + refused.stderr


def test_history_asks_for_the_user_when_an_id_is_shared(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "t.jsonl"
    src.write_text(line("a", "I live in Lisbon.", 1) + "\n")
    assert gs("ingest", "--user", "ann", str(src), db=db).returncode == 0
    out = tmp_path / "x.yaml"
    assert gs("export", str(out), db=db).returncode == 0
    out.write_text(out.read_text().replace("ann:", "bob:"))
    assert gs("import", str(out), db=db).returncode == 0
    item_id = next(w for w in gs("memories", "--user", "bob", db=db).stdout.split() if len(w) == 16)
    shared = gs("history", item_id, db=db)
    assert shared.returncode == 2 and "several users" in shared.stderr
    own = gs("history", item_id, "--user", "bob", db=db)
    assert own.returncode == 0 and "(bob)" in own.stdout


def test_a_turn_stored_before_with_other_text_is_a_bad_line(tmp_path: Path, db: Path) -> None:
    first = tmp_path / "first.jsonl"
    first.write_text(line("b1", "I live in Lisbon.", 1) + "\n")
    assert gs("ingest", "--user", "bob", str(first), db=db).returncode == 0
    second = tmp_path / "second.jsonl"
    second.write_text("\n".join([line("b2", "I like green tea.", 2), line("b1", "I live in Porto.", 3)]) + "\n")
    refused = gs("ingest", "--user", "bob", str(second), db=db)
    assert refused.returncode == 1
    assert f"{second}:2: turn_id 'b1' of user 'bob' was stored before with other text" in refused.stderr
    assert "nothing stored" in refused.stderr
    kept = gs("ingest", "--user", "bob", str(second), "--partial", db=db)
    assert kept.returncode == 1 and "recorded 1 turn(s)" in kept.stdout and "1 bad line(s)" in kept.stdout
    listed = gs("memories", "--user", "bob", db=db)
    assert "green tea" in listed.stdout and "Porto" not in listed.stdout and "Lisbon" in listed.stdout


def test_a_bad_setting_in_the_environment_is_named_without_a_traceback(db: Path) -> None:
    result = gs("recall", "--user", "ann", "x", db=db, GULFSTREAM_RECALL_K="0", GULFSTREAM_LOCK_TIMEOUT_S="soon")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "GULFSTREAM_RECALL_K='0'" in result.stderr and "GULFSTREAM_LOCK_TIMEOUT_S='soon'" in result.stderr
    assert not db.exists()  # nothing opened, nothing created


def test_check_flags_two_active_values_of_a_single_valued_slot(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "t.jsonl"
    src.write_text("\n".join([line("a", "I work at the city library.", 1),
                              line("b", "I work at Google now.", 2)]) + "\n")
    assert gs("ingest", "--user", "ann", str(src), db=db).returncode == 0
    assert gs("check", db=db).returncode == 0  # the change superseded the old employer
    from memory_core.service import open_memory
    from memory_core.settings import load_settings

    memory = open_memory(load_settings(database_url=f"sqlite:///{db}"))
    try:  # a second employer written around the pipeline: the slot now holds two values
        memory.store.add("ann", "Ann works at Spotify", "work", kind="fact", key="fact:works_at@ann")
    finally:
        memory.close()
    checked = gs("check", db=db)
    assert checked.returncode == 1
    assert "fact:works_at@ann has 2 active values" in checked.stdout and "Spotify" in checked.stdout


def test_check_flags_a_text_spliced_from_pieces_of_itself(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "t.jsonl"
    src.write_text(line("a", "I have a cat called Nuomi.", 1) + "\n")
    assert gs("ingest", "--user", "ann", str(src), db=db).returncode == 0
    assert gs("check", db=db).returncode == 0
    from memory_core.service import open_memory
    from memory_core.settings import load_settings

    memory = open_memory(load_settings(database_url=f"sqlite:///{db}"))
    try:  # a text an older write spliced together: one run of words said twice
        memory.store.add("ann", "User has a cat named Nuomi; Nuomi turned 4 last week, we had a party; Last day at "
                         "Trip；User has a cat nameant 头孢 last week, we had a party; Last day at Trip",
                         "relationships", kind="fact", key="fact:pet:cat")
    finally:
        memory.close()
    checked = gs("check", db=db)
    assert checked.returncode == 1 and "repeats 'last week we had a'" in checked.stdout


def test_check_repairs_one_persons_slot_kept_with_and_without_the_speaker(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "t.jsonl"
    src.write_text(line("a", "I work at the city library.", 1) + "\n")
    assert gs("ingest", "--user", "ann", str(src), db=db).returncode == 0
    from memory_core.service import open_memory
    from memory_core.settings import load_settings

    memory = open_memory(load_settings(database_url=f"sqlite:///{db}"))
    try:  # an older write kept the same person's new employer without her name in the key
        memory.store.add("ann", "User works at Spotify", "work", kind="fact", key="fact:works_at")
    finally:
        memory.close()
    checked = gs("check", db=db)
    assert checked.returncode == 0 and "repaired" in checked.stdout and "library" in checked.stdout
    assert gs("check", db=db).stdout.startswith("OK")
    listed = gs("memories", "--user", "ann", db=db).stdout
    assert "Spotify" in listed and "works at the city library" not in listed


def test_read_commands_answer_an_unknown_user_alike(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "t.jsonl"
    src.write_text(line("a", "我住在杭州。", 1) + "\n")
    assert gs("ingest", "--user", "ann", str(src), db=db).returncode == 0
    for args in (("memories", "--user", "bob"), ("memories", "--user", "bob", "--all"),
                 ("recall", "--user", "bob", "where does he live?")):
        result = gs(*args, db=db)
        assert result.returncode == 0 and result.stderr == "", (args, result.stderr)
        assert result.stdout == "no memories for user 'bob' (nothing is stored for this user yet)\n", args
    assert gs("history", "0123456789abcdef", "--user", "bob", db=db).returncode == 2, "an unknown item id: 2"


# a small first batch (25 turns) then batches of 200 (cli.INGEST_FIRST_BATCH, INGEST_BATCH): here each step crosses
# a tenth, so each prints its line
@pytest.mark.parametrize(("turns", "steps"), [(3, [3]), (250, [25, 225, 250])])
def test_ingest_progress_on_a_pipe_is_whole_lines(tmp_path: Path, db: Path, turns: int, steps: list[int]) -> None:
    src = tmp_path / "many.jsonl"
    src.write_text("".join(json.dumps({"turn_id": f"t{n}", "text": f"Note {n}: the blue folder is on shelf {n}.",
                                       "timestamp": 1767600000 + n}) + "\n" for n in range(turns)))
    result = gs("ingest", "--user", "ann", str(src), db=db)
    assert result.returncode == 0, result.stderr
    said = result.stdout.splitlines()
    assert said[-1].startswith(f"recorded {turns} turn(s)") and result.stdout.endswith("\n")
    # past 200 turns the maintenance pass runs inside the ingest and says so first (README, maintenance)
    assert [line.startswith("maintenance after ingest:") for line in said[:-1]] == [True] * (turns >= 200)
    shown = result.stderr.splitlines()
    assert result.stderr.endswith("\n")
    assert shown == [f"ingest: {n}/{turns}" for n in steps], "whole lines, one a batch, the last one done"


@pytest.mark.parametrize("command", [
    ["recall", "--user", "ann", "where"], ["memories", "--user", "ann"], ["history", "abcdef"],
    ["export", "out.yaml"], ["get", "abcdef", "--user", "ann"], ["session", "s1", "--user", "ann"], ["check"],
    ["update", "abcdef", "new text", "--user", "ann", "--reason", "typo"],
    ["delete", "abcdef", "--user", "ann", "--reason", "wrong"], ["erase", "--user", "ann", "--yes"],
    ["restore", "abcdef", "--user", "ann"], ["expire", "abcdef", "--user", "ann", "--clear"], ["maintain"],
    ["apply-policy"], ["reindex"]])
@pytest.mark.parametrize("scheme", ["sqlite", "yaml"])
def test_a_command_on_a_mistyped_db_exits_2_and_creates_nothing(tmp_path: Path, command: list[str],
                                                                scheme: str) -> None:
    """Every command but those that add something new (``cli_output.CREATING_COMMANDS``) reads or changes what is
    stored: a missing store is an error naming it, and no file or folder appears."""
    typo = tmp_path / "nonexistent" / "dir" / ("x.db" if scheme == "sqlite" else "store")
    result = gs(*command, db=typo) if scheme == "sqlite" else gs(*command, "--db", f"yaml://{typo}")
    assert result.returncode == 2 and f"no store at {typo}" in result.stderr, result
    assert "never creates one" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [], "no file or folder appears"


def test_erase_removes_the_users_agent_scoped_memories_and_says_so(tmp_path: Path, db: Path) -> None:
    script = ("from memory_core.mem0_compat import Memory\n"
              "m = Memory()\n"
              "m.add('I want vegetarian meals on flights', user_id='bob', agent_id='travel-bot')\n"
              "m.add('我对青霉素过敏', user_id='bob', agent_id='nurse-bot')\n"
              "m.add('I live in Leeds', user_id='bob')\n"
              "m.add('I live in Oslo', user_id='bobby')\n")
    made = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                               "GULFSTREAM_DATABASE_URL": f"sqlite:///{db}"})
    assert made.returncode == 0, made.stderr
    result = gs("erase", "--user", "bob", "--yes", db=db)
    assert result.returncode == 0, result.stderr
    assert "bob#agent#travel-bot: " in result.stdout and "bob#agent#nurse-bot: " in result.stdout, result.stdout
    for scope in ("bob", "bob#agent#travel-bot", "bob#agent#nurse-bot"):
        listed = gs("memories", "--user", scope, db=db)
        assert listed.stdout.startswith("no memories for user"), (scope, listed.stdout)
    assert "Oslo" in gs("memories", "--user", "bobby", db=db).stdout, "another user is untouched"


def test_erase_unanswered_or_declined_exits_2_with_the_error_on_its_own_line(tmp_path: Path, db: Path) -> None:
    made = subprocess.run([sys.executable, "-c", "from memory_core.mem0_compat import Memory\n"
                           "Memory().add('I live in Leeds', user_id='bob')\n"], capture_output=True, text=True,
                          timeout=300, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                                            "GULFSTREAM_DATABASE_URL": f"sqlite:///{db}"})
    assert made.returncode == 0, made.stderr
    for answer in ("", "n\n"):  # no answer (end of input, no terminal), then a no
        result = subprocess.run([sys.executable, "-m", "memory_core", "erase", "--user", "bob",
                                 "--db", f"sqlite:///{db}"], input=answer, capture_output=True, text=True,
                                timeout=300, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
        assert result.returncode == 2, result
        assert result.stdout.startswith("Erase everything stored for bob"), result.stdout
        assert result.stdout.endswith("\n"), result.stdout
        assert result.stderr.startswith("error: aborted: nothing was changed"), result.stderr
    assert "Leeds" in gs("memories", "--user", "bob", db=db).stdout, "nothing was erased"


@pytest.mark.parametrize("args", [
    ["recall", "--user", "x", "where does she live?"],  # no store at a long path
    ["history", "--user", "nobody"],  # a missing argument
    ["recall", "--user", "x", "-k", "abc", "q"],  # a bad option value
    ["no-such-command"],
])
def test_every_error_is_one_line_on_a_narrow_or_piped_stderr(tmp_path: Path, args: list[str]) -> None:
    deep = tmp_path / "a-rather-long-folder-name-for-a-store" / "that-does-not-exist" / "gulfstream.sqlite3"
    result = gs(*args, db=deep, COLUMNS="80")
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert not deep.parent.exists()


def test_a_bad_line_reason_stays_one_line_when_piped(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "a-rather-long-folder-name-for-an-export" / "turns-exported-from-the-chat-service.jsonl"
    src.parent.mkdir()
    src.write_text("\n".join([line("a", "I live in Lisbon.", 1), "{" + "x" * 120]) + "\n")
    bad = gs("ingest", "--user", "ann", str(src), db=db, COLUMNS="80")
    assert bad.returncode == 1
    assert bad.stderr.splitlines()[0].startswith(f"{src}:2: invalid JSON (") and bad.stderr.count("\n") == 2, bad.stderr


def test_memories_lists_curated_items_and_counts_the_raw_turns(tmp_path: Path, db: Path) -> None:
    src = tmp_path / "turns.jsonl"
    src.write_text("\n".join([line("a", "I live in Lisbon.", 1), line("b", "今天下雨了，好冷", 2)]) + "\n")
    assert gs("ingest", "--user", "ann", str(src), db=db).returncode == 0
    listed = gs("memories", "--user", "ann", db=db)
    assert listed.returncode == 0 and "lives in Lisbon" in listed.stdout, listed.stdout
    assert "Ann: I live in Lisbon." not in listed.stdout and "下雨" not in listed.stdout
    assert "2 raw turn(s) kept as event items not listed: --turns lists them" in listed.stdout
    with_turns = gs("memories", "--user", "ann", "--turns", db=db).stdout
    assert "下雨" in with_turns and "lives in Lisbon" in with_turns and "not listed" not in with_turns
