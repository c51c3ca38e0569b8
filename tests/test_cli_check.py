"""``gulfstream check`` flags what the store's self-check cannot see, each with how to fix it: two active values of
one single-valued slot whatever key carried them, a text spliced from two turns; and its speaker-twin repair,
behind another writer's lock, is an issue line saying what was left undone, not a traceback."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core.cli import main
from memory_core.store.factory import open_store
from memory_core.store.sql import SqlStore


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], db: Path) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["gulfstream", "check", "--db", str(db)])
    with pytest.raises(SystemExit) as ended:
        main()
    out, err = capsys.readouterr()
    return int(ended.value.code or 0), out, err


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "store.sqlite3"
    store = open_store(path)
    store.add("ann", "用户的职业是hardware engineer", "work", kind="fact", key="fact:occupation")
    store.add("ann", "用户在Google做TPM", "work", kind="fact", key="fact:works_at")
    store.add("ann", "用户的男朋友是阿杰；用户：阿杰喜欢打篮球", "people", kind="fact", key="fact:partner")
    store.add("bo", "User works as a nurse", "work", kind="fact", key="fact:occupation")
    store.add("bo", "User is a pharmacist at Boots", "work", kind="fact", key="fact:works_at")
    store.close()
    return path


def test_check_flags_two_titles_and_a_spliced_text_with_the_fix(db: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(monkeypatch, capsys, db)
    assert code == 1 and err == "" and out.startswith("FAIL")
    issues = [line for line in out.splitlines() if line.startswith("  issue: ")]
    # the summary counts the items checked and the issues found, so "FAIL: 44 item(s)" cannot read as 44 failures
    assert out.splitlines()[0].endswith(f"item(s) checked, {len(issues)} issue(s), 0 repaired")
    [ann_titles] = [i for i in issues if "ann: fact:occupation has 2 active values" in i]
    assert '"TPM" in "用户在Google做TPM"' in ann_titles and "filed as fact:works_at" in ann_titles
    assert "gulfstream delete ID -u ann" in ann_titles  # how to fix it
    assert any("bo: fact:occupation has 2 active values" in i and '"pharmacist"' in i for i in issues)
    [spliced] = [i for i in issues if "speaker's label" in i]
    assert "gulfstream update" in spliced and "-u ann '用户的男朋友是阿杰'" in spliced
    assert "gulfstream add -u ann '阿杰喜欢打篮球'" in spliced


@pytest.fixture
def twins(tmp_path: Path) -> Path:
    path = tmp_path / "twins.sqlite3"
    store = open_store(path)
    store.add("u1", "Wei lives in Shanghai", "home", kind="fact", key="fact:lives_in@wei")
    store.add("u1", "User lives in Wuhan", "home", kind="fact", key="fact:lives_in")
    store.add("u1", "User likes jazz; User: the blues too", "taste", kind="preference", key="pref:jazz")
    store.close()
    return path


@pytest.fixture
def locked_after_self_check(twins: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Another process takes the store's write lock once the self-check is done (a writer starting mid-check)."""
    holders: list[subprocess.Popen[str]] = []
    real = SqlStore.self_check

    def self_check(store: SqlStore, repair: bool = True) -> object:
        report = real(store, repair)
        holder = subprocess.Popen([sys.executable, "-c", "import sqlite3, sys, time\n"
                                   "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
                                   "c.execute('BEGIN EXCLUSIVE')\nprint('held', flush=True)\ntime.sleep(120)",
                                   str(twins)], stdout=subprocess.PIPE, text=True)
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        holders.append(holder)
        return report

    monkeypatch.setattr(SqlStore, "self_check", self_check)
    monkeypatch.setenv("GULFSTREAM_SQLITE_BUSY_TIMEOUT_S", "0.5")
    yield
    for holder in holders:
        holder.kill()
        holder.wait()


def test_a_twin_repair_behind_another_writer_is_reported_and_the_check_goes_on(
        twins: Path, locked_after_self_check: None, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(monkeypatch, capsys, twins)
    assert code == 1 and err == "", err
    assert "Traceback" not in out
    assert '"Wei lives in Shanghai"' in out and "(not repaired)" in out
    assert "another process holds a write lock" in out and "run 'gulfstream check' again" in out
    assert "speaker's label" in out  # the flags after the repair were still checked
    store = open_store(twins)
    try:
        assert len(store.list_items("u1", statuses=("active",))) == 3  # nothing was ended
    finally:
        store.close()


def test_the_twin_repair_is_made_when_the_store_is_free(twins: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(monkeypatch, capsys, twins)
    assert "repaired: u1: fact:lives_in@wei" in out and "(not repaired)" not in out


@pytest.mark.parametrize(("held", "ended", "fails"), [
    # the state ordinary ingest leaves after "quit the Starbucks gig" said at Google (pipeline.quit_unheld)
    ("User works at Google", "User no longer works at Starbucks", False),
    ("用户在腾讯工作", "用户已从蜜雪冰城离职", False),
    # an ending of the value held, or one with no value, still disagrees with it
    ("User works at Google", "User no longer works at Google", True),
    ("用户在腾讯工作", "用户已从腾讯离职", True),
    ("User works at Google", "User works at Meta", True),
])
def test_check_counts_no_ended_other_value_as_a_second_value(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str], held: str,
                                                             ended: str, fails: bool) -> None:
    """New-user trial 40, F4: ``check`` reported FAIL on a store the write path itself produced."""
    path = tmp_path / "store.sqlite3"
    store = open_store(path)
    store.add("tunde", held, "work", kind="fact", key="fact:works_at")
    store.add("tunde", ended, "work", kind="fact", key="fact:works_at")
    store.close()
    code, out, _ = run(monkeypatch, capsys, path)
    assert (code == 1) == fails and ("fact:works_at has 2 active values" in out) == fails, out
