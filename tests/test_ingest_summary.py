"""``gulfstream ingest``'s summary says what happened to the memories, and says it truly: the counts of
``ingest_outcome`` agree with the items the store holds afterwards."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from memory_core.ingest_summary import IngestOutcome, ItemState, ingest_outcome, item_states, summary_line

if TYPE_CHECKING:
    from memory_core.model import Turn
    from memory_core.service import Memory


def _s(status: str = "active", text: str = "User lives in Porto", hit: int = 0, raw: bool = False) -> ItemState:
    return ItemState(status, text, hit, raw)


def test_each_change_is_counted_by_what_a_person_would_call_it() -> None:
    before = {"home": _s(), "jazz": _s(text="User loves jazz"), "job": _s(text="User works as a nurse"),
              "tea": _s(text="用户喜欢喝龙井茶"), "old": _s("superseded", "User lives in Lisbon"),
              "raw1": _s(text="user: I love jazz", raw=True)}
    after = {**before, "home": _s("superseded"), "braga": _s(text="User lives in Braga"),
             "jazz": _s(text="User loves jazz", hit=1), "job": _s(text="User works as a head nurse"),
             "tea": _s("deleted", "用户喜欢喝龙井茶"), "raw2": _s(text="user: I moved to Braga", raw=True),
             "raw1": _s(text="user: I love jazz", hit=3, raw=True),
             "brief": _s("superseded", "User's flight is on Monday")}  # created and replaced in one ingest
    out = ingest_outcome(before, after)
    assert out == IngestOutcome(created=2, updated=1, confirmed=1, superseded=2, ended=1, raw_kept=1)


def test_a_replay_changes_nothing_and_says_so() -> None:
    state = {"home": _s(), "raw": _s(text="user: I live in Porto", raw=True)}
    out = ingest_outcome(state, dict(state))
    assert out == IngestOutcome()
    line = summary_line(0, 2, out, bad=0)
    assert line == ("recorded 0 turn(s), 2 already seen; memories: 0 created, 0 updated, 0 confirmed, "
                    "0 superseded, 0 ended; 0 bad line(s)")


def test_outcomes_of_several_users_add_up() -> None:
    total = IngestOutcome(created=1, raw_kept=1)
    total.add(IngestOutcome(created=2, superseded=1, raw_kept=2))
    assert total == IngestOutcome(created=3, superseded=1, raw_kept=3)


def test_the_printed_summary_matches_the_store(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "200", "HOME": str(tmp_path), "GULFSTREAM_EMBEDDER": "none"}

    def gs(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "memory_core", *args, "--db", f"sqlite:///{db}"],
                              capture_output=True, text=True, timeout=180, env=env)

    def ingest(name: str, *turns: tuple[str, str, str]) -> dict[str, int]:
        src = tmp_path / name
        src.write_text("".join(json.dumps({"turn_id": i, "text": t, "timestamp": at}, ensure_ascii=False) + "\n"
                               for i, t, at in turns))
        out = gs("ingest", "--user", "ann", str(src))
        assert out.returncode == 0, out.stderr
        line = out.stdout.strip().splitlines()[-1]
        assert re.fullmatch(r"recorded \d+ turn\(s\), \d+ already seen; memories: \d+ created, \d+ updated, "
                            r"\d+ confirmed, \d+ superseded, \d+ ended( \(\d+ raw turn\(s\) kept beside them\))?; "
                            r"0 bad line\(s\)", line), line
        counts = {w: int(n) for n, w in re.findall(r"(\d+) (created|updated|confirmed|superseded|ended|raw)", line)}
        counts["recorded"], counts["seen"] = map(int, re.findall(r"(\d+) (?:turn\(s\)|already)", line)[:2])
        return counts

    first = ingest("a.jsonl", ("t1", "I live in Lisbon and I love jazz.", "2026-01-01T10:00:00Z"),
                   ("t2", "我住在杭州。", "2026-01-02T10:00:00Z"))
    assert first["recorded"] == 2 and first["seen"] == 0 and first["raw"] == 2
    from memory_core.embedded import EmbeddedMemory
    from memory_core.store.forget_source import is_raw_turn_item

    mem = EmbeddedMemory.open(database_url=f"sqlite:///{db}")
    try:
        curated = [i for i in mem.memory.store.list_items("ann", statuses=None) if not is_raw_turn_item(i)]
    finally:
        mem.close()
    assert first["created"] == len(curated)  # every curated item is new, the superseded home among them
    assert first["superseded"] == sum(i.status == "superseded" for i in curated) == 1
    again = ingest("a.jsonl", ("t1", "I live in Lisbon and I love jazz.", "2026-01-01T10:00:00Z"),
                   ("t2", "我住在杭州。", "2026-01-02T10:00:00Z"))
    assert again == {"created": 0, "updated": 0, "confirmed": 0, "superseded": 0, "ended": 0, "recorded": 0,
                     "seen": 2}
    later = ingest("b.jsonl", ("t3", "I love jazz. I moved to Porto.", "2026-02-01T10:00:00Z"))
    assert later["recorded"] == 1 and later["confirmed"] >= 1 and later["superseded"] == 1 and later["created"] >= 1


def test_an_ingest_that_applied_nothing_claims_no_other_writers_changes(tmp_path: Path, monkeypatch) -> None:
    # two `ingest`s of one user at once: the one that waited for the user's lock found every turn recorded and
    # applied by the other; comparing the items before and after, it printed the other's creations as its own
    from typer.testing import CliRunner

    from memory_core.cli import app
    from memory_core.service import Memory, open_memory
    from memory_core.settings import Settings

    db = f"sqlite:///{tmp_path}/m.db"
    turns = _porto_farfetch(tmp_path)
    own_ingest = Memory.ingest

    def other_writer_first(self: Memory, batch: list) -> object:  # the other process wins the race
        other = open_memory(Settings(database_url=db, embedder="none"))
        try:
            own_ingest(other, batch)
        finally:
            other.close()
        return own_ingest(self, batch)

    monkeypatch.setattr(Memory, "ingest", other_writer_first)
    monkeypatch.setenv("GULFSTREAM_EMBEDDER", "none")
    done = CliRunner().invoke(app, ["ingest", "--user", "ann", str(turns), "--db", db])
    assert done.exit_code == 0, done.stdout
    assert "recorded 0 turn(s), 2 already seen; memories: 0 created" in done.stdout, done.stdout


def _porto_farfetch(tmp_path: Path) -> Path:
    """A two-turn JSON Lines file (a home, an employer) in ``tmp_path``."""
    turns = tmp_path / "t.jsonl"
    turns.write_text("".join(json.dumps({"turn_id": f"t{n}", "text": text, "timestamp": f"2026-05-0{n + 1}T10:00:00Z"})
                             + "\n" for n, text in enumerate(["I live in Porto.", "I work at Farfetch."])),
                     encoding="utf-8")
    return turns


def _sequential_memory(tmp_path: Path) -> Memory:
    from memory_core.service import open_memory
    from memory_core.settings import Settings

    return open_memory(Settings(database_url=f"sqlite:///{tmp_path}/own.db", embedder="none"))


def _turn(n: int, text: str, user: str = "ann") -> Turn:
    from memory_core.ingest_io import turn_from_mapping

    return turn_from_mapping({"turn_id": f"t{n}", "text": text, "timestamp": f"2026-04-{n + 1:02d}T10:00:00Z"}, user)


def test_counting_the_applied_ops_agrees_with_comparing_the_items(tmp_path: Path) -> None:
    # with no other writer, the ops this process applied say what the before/after comparison says
    from memory_core.ingest_summary import OwnChanges, raw_ids

    said = [["I live in Lisbon.", "I love jazz.", "我喜欢喝龙井茶。", "I work as a nurse."],
            ["I moved to Porto.", "I love jazz.", "我不喝茶了。", "I have a dog named Pixel."],
            ["我搬到了杭州。", "I work as a head nurse now.", "My dog Pixel is three.", "I love jazz!"]]
    memory = _sequential_memory(tmp_path)
    try:
        n = 0
        for batch in said:
            before = item_states(memory.store.list_items("ann", statuses=None))
            turns = []
            for text in batch:
                turns.append(_turn(n, text))
                n += 1
            report = memory.ingest(turns)
            own = OwnChanges()
            own.record(report.applied_ops["ann"])
            items = memory.store.list_items("ann", statuses=None)
            assert own.outcome(raw_ids(items)) == ingest_outcome(before, item_states(items)), batch
    finally:
        memory.close()


def test_an_ingest_counts_what_it_applied_and_names_what_another_applied(tmp_path: Path, monkeypatch) -> None:
    # two `ingest`s of one user at once: each applies some of the pending turns; comparing the items before and
    # after, each printed the other's creations too (new-user trial 34: "recorded 0 turn(s), 36 already seen; memories:
    # 19 created" beside "recorded 36 turn(s) …; memories: 19 created")
    from typer.testing import CliRunner

    from memory_core.cli import app
    from memory_core.service import Memory, open_memory
    from memory_core.settings import Settings

    db = f"sqlite:///{tmp_path}/m.db"
    texts = ["I live in Porto.", "I work at Farfetch.", "我喜欢吃辣。", "I moved to Braga.", "I have a cat named Miso.",
             "我在学日语。"]
    turns = tmp_path / "t.jsonl"
    turns.write_text("".join(json.dumps({"turn_id": f"t{n}", "text": text, "timestamp": f"2026-05-0{n + 1}T10:00:00Z"},
                                        ensure_ascii=False) + "\n" for n, text in enumerate(texts)), encoding="utf-8")
    own_apply = Memory.apply_pending
    seen: dict[str, dict[str, ItemState]] = {}

    def other_writer_applies_half(self: Memory, user_id: str, *args: object, **kwargs: object) -> int:
        other = open_memory(Settings(database_url=db, embedder="none"))
        try:
            seen["start"] = item_states(other.store.list_items(user_id, statuses=None))
            own_apply(other, user_id, limit=3)  # the other process's curate run wins the race for three turns
            seen["other"] = item_states(other.store.list_items(user_id, statuses=None))
        finally:
            other.close()
        return own_apply(self, user_id, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Memory, "apply_pending", other_writer_applies_half)
    monkeypatch.setenv("GULFSTREAM_EMBEDDER", "none")
    done = CliRunner().invoke(app, ["ingest", "--user", "ann", str(turns), "--db", db])
    assert done.exit_code == 0, done.stdout
    final = open_memory(Settings(database_url=db, embedder="none"))
    try:
        after = item_states(final.store.list_items("ann", statuses=None))
    finally:
        final.close()
    others = ingest_outcome(seen["start"], seen["other"])
    mine = ingest_outcome(seen["other"], after)
    assert others.created >= 1 and mine.created >= 1
    # it recorded all six turns and applied three: it counts what it made, and says the other run applied the rest
    # (whose summary counts what they made: new-user trial 38 printed "12 created" twice for 12 items)
    assert summary_line(6, 0, mine, 0) in done.stdout, (done.stdout, others, mine)
    assert "another run at once applied 3 of the 6 turn(s) recorded here" in done.stdout, done.stdout


def _said(out: str) -> dict[str, int]:
    """The counts of every "memories: …" phrase of one ingest's output, summed (its own and the taken-over)."""
    said = {"created": 0, "superseded": 0, "raw": 0}
    for line in out.splitlines():
        if "memories:" in line:
            for n, what in re.findall(r"(\d+) (created|superseded|raw)", line):
                said[what] += int(n)
    return said


def test_two_ingests_at_once_count_each_change_once(tmp_path: Path) -> None:
    # the real processes: whichever applies which turns, everything the two print adds up to what the store holds
    # (new-user trial 38: one run said it applied the other's turns, the other counted them too: "12 created" twice)
    from memory_core.service import open_memory
    from memory_core.settings import Settings
    from memory_core.store.forget_source import is_raw_turn_item

    texts = ["I live in Lisbon.", "I love jazz.", "我喜欢吃辣。", "My dog is named Pixel.", "I moved to Porto.",
             "我住在杭州。", "I play tennis on Sundays.", "I drink green tea.", "我在阿里巴巴工作。",
             "I moved to Braga.", "I have two cats.", "我最近在学日语。"] * 3
    src = tmp_path / "t.jsonl"
    src.write_text("".join(json.dumps({"turn_id": f"t{n}", "text": t, "timestamp": 1772359200 + 3600 * n},
                                      ensure_ascii=False) + "\n" for n, t in enumerate(texts)), encoding="utf-8")
    db = f"sqlite:///{tmp_path}/m.db"
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "200", "HOME": str(tmp_path), "GULFSTREAM_EMBEDDER": "none",
           "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    runs = [subprocess.Popen([sys.executable, "-m", "memory_core", "ingest", "--user", "c", str(src), "--db", db],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env) for _ in range(2)]
    lines = []
    for run in runs:
        out, errs = run.communicate(timeout=300)
        assert run.returncode == 0, errs
        lines.append(out)
    said = [_said(out) for out in lines]
    memory = open_memory(Settings(database_url=db, embedder="none"))
    try:
        items = memory.store.list_items("c", statuses=None)
    finally:
        memory.close()
    curated = [i for i in items if not is_raw_turn_item(i)]
    assert sum(s["created"] for s in said) == len(curated), lines
    assert sum(s["superseded"] for s in said) == sum(i.status == "superseded" for i in curated), lines
    assert sum(s["raw"] for s in said) == len(items) - len(curated), lines


def test_own_changes_count_each_op_as_the_comparison_would() -> None:
    from memory_core.ingest_summary import OwnChanges
    from memory_core.model import MemoryItem
    from memory_core.store.write_ops import AddOp, EndOp, HitOp, MergeOp, UpdateOp

    braga = MemoryItem.create("ann", "User lives in Braga", "places")
    brief = MemoryItem.create("ann", "User's flight is on Monday", "plans")
    raw = MemoryItem.create("ann", "user: I moved to Braga", "places", kind="event", key="event:t9")
    own = OwnChanges()
    own.record([EndOp("home", "superseded", "moved", by_id=braga.id), AddOp(braga), AddOp(raw), AddOp(brief)])
    own.record([HitOp("jazz"), HitOp("raw1"), UpdateOp("job", "promoted", new_description="User is a head nurse"),
                UpdateOp("tea", "theme only", new_theme="drinks"), EndOp(brief.id, "superseded", "moved to Tuesday")])
    own.record([MergeOp("tea", "tea2", "用户喜欢喝龙井茶", "品味", "same"), EndOp("old", "deleted", "said so")])
    out = own.outcome(raw={"raw1"})
    assert out == IngestOutcome(created=2, updated=2, confirmed=1, superseded=2, ended=2, raw_kept=1)
    assert OwnChanges().outcome() == IngestOutcome()  # nothing applied (another writer applied every turn)


def test_two_ingests_of_different_turns_at_once_each_count_their_own(tmp_path: Path) -> None:
    # new-user trial 35: two files of one user ingested at once said "28 created" and "26 created" for 17 and 11
    from memory_core.service import open_memory
    from memory_core.settings import Settings

    files = {"a": ["I live in Lisbon.", "I love jazz.", "我喜欢吃辣。", "My dog is named Pixel."],
             "b": ["I play tennis on Sundays.", "我在阿里巴巴工作。"]}
    db = f"sqlite:///{tmp_path}/m.db"
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "200", "HOME": str(tmp_path), "GULFSTREAM_EMBEDDER": "none",
           "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    runs = {}
    for name, texts in files.items():
        src = tmp_path / f"{name}.jsonl"
        src.write_text("".join(json.dumps({"turn_id": f"{name}{n}", "text": t, "timestamp": 1772359200 + 3600 * n},
                                          ensure_ascii=False) + "\n" for n, t in enumerate(texts)), encoding="utf-8")
        runs[name] = subprocess.Popen([sys.executable, "-m", "memory_core", "ingest", "--user", "c", str(src), "--db",
                                       db], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    outs = {}
    for name, run in runs.items():
        out, errs = run.communicate(timeout=300)
        assert run.returncode == 0, errs
        outs[name] = out
    memory = open_memory(Settings(database_url=db, embedder="none"))
    try:
        items = memory.store.list_items("c", statuses=None)
    finally:
        memory.close()
    said = {name: _said(out) for name, out in outs.items()}
    assert sum(s["created"] for s in said.values()) == sum(1 for i in items if not i.description.startswith("user:"))
    assert sum(s["raw"] for s in said.values()) == sum(len(texts) for texts in files.values()), outs
    for name, texts in files.items():  # each turn's raw item is counted by the run that applied it
        summary = outs[name].strip().splitlines()[-1]
        own = int(re.search(r"(\d+) raw", summary).group(1)) if "raw" in summary else 0
        lent = re.search(r"another run at once applied (\d+) of", outs[name])
        assert own + (int(lent.group(1)) if lent else 0) == len(texts), outs


def test_a_rerun_after_a_killed_ingest_counts_the_turns_it_applies(tmp_path: Path, monkeypatch) -> None:
    # `kill -9` between recording a batch and applying it: the re-run finds every turn "already seen", applies
    # them, and printed "0 created" for the items it made (new-user trial 37)
    from typer.testing import CliRunner

    from memory_core.cli import app
    from memory_core.ingest_io import read_turn_file
    from memory_core.service import open_memory
    from memory_core.settings import Settings

    db = f"sqlite:///{tmp_path}/m.db"
    turns = _porto_farfetch(tmp_path)
    killed = open_memory(Settings(database_url=db, embedder="none"))
    try:
        killed.record_turns(read_turn_file(turns, "ann").turns)  # recorded, never applied
    finally:
        killed.close()
    monkeypatch.setenv("GULFSTREAM_EMBEDDER", "none")
    done = CliRunner().invoke(app, ["ingest", "--user", "ann", str(turns), "--db", db])
    assert done.exit_code == 0, done.stdout
    # its own turns made nothing (it recorded none); the turns it took over are said apart
    assert "recorded 0 turn(s), 2 already seen; memories: 0 created" in done.stdout, done.stdout
    created = re.search(r"applied 2 turn\(s\) another run recorded .*: memories: (\d+) created", done.stdout)
    assert created and int(created.group(1)) >= 2, done.stdout
    again = CliRunner().invoke(app, ["ingest", "--user", "ann", str(turns), "--db", db])
    assert "memories: 0 created" in again.stdout and "another run" not in again.stdout, again.stdout


def test_a_runs_outcome_counts_the_turns_it_applied_once_each(tmp_path: Path) -> None:
    # run A recorded t0 and t1, run B t2 and t3, and A took the user's lock first and applied all four
    from memory_core.ingest_summary import run_outcome

    memory = _sequential_memory(tmp_path)
    try:
        memory.record_turns([_turn(0, "I live in Lisbon."), _turn(1, "I love jazz.")])
        memory.record_turns([_turn(2, "I moved to Porto."), _turn(3, "我喜欢喝龙井茶。")])
        memory.apply_pending("ann")
        items = {"ann": memory.store.list_items("ann", statuses=None)}
    finally:
        memory.close()
    a = run_outcome(items, {"ann": {"t0", "t1"}}, {"ann": {"t0", "t1", "t2", "t3"}})
    b = run_outcome(items, {"ann": {"t2", "t3"}}, {"ann": set()})
    assert (a.taken_turns, a.lent_turns, b.taken_turns, b.lent_turns) == (2, 0, 0, 2)
    assert b.own == b.taken == IngestOutcome()  # B applied nothing: it claims nothing
    whole = ingest_outcome({}, item_states(items["ann"]))
    total = IngestOutcome()
    total.add(a.own)
    total.add(a.taken)
    assert total == whole and a.own.created >= 2 and a.taken.superseded == 1, (a, whole)


def test_the_maintenance_line_says_this_runs_pass_and_the_active_count_after_the_run() -> None:
    """New-user trial 40, F6: two ingests at once said "48 archived, 184 active" and "0 archived, 232 active"."""
    from datetime import UTC, datetime

    from memory_core.ingest_summary import maintenance_line
    from memory_core.lifecycle.maintain import MaintenanceReport

    passes = [MaintenanceReport("u", datetime(2025, 1, 1, tzinfo=UTC), archived=0, active=232)]
    said = maintenance_line(passes, active_now=184)
    assert said == ("maintenance after ingest: 0 item(s) archived by this run's pass (0 faded by disuse, 0 past "
                    "their end), 184 active now")
    assert "232 active" in str(maintenance_line(passes)) and maintenance_line([]) is None
