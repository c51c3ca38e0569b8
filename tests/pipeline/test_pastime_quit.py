"""A quit of a sport, a team, a club or a class is a pastime stopped, never the end of a job (issue 13, new-user
trial 40, F4: "quit 5-a-side, pulled my hamstring" was "User no longer works at 5-a-side" beside the real job, and
``gulfstream check`` then reported FAIL). The real CLI on a real store, in English and Chinese; a quit of the
employer still ends the job."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from memory_core.pipeline.pastime_group import is_pastime, names_pastime_group
from memory_core.store.factory import open_store


def _run(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memory_core", *args, "--db", f"sqlite:///{db}"],
                          capture_output=True, text=True, timeout=300,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "200", "HOME": str(db.parent),
                               "GULFSTREAM_EMBEDDER": "none"})


def _ingest(tmp_path: Path, texts: list[str]) -> tuple[Path, list[tuple[str, str, str]]]:
    """Ingest ``texts`` (a month apart) for user "t"; the active items as (key, description, theme)."""
    src, db = tmp_path / "turns.jsonl", tmp_path / "store.sqlite3"
    src.write_text("".join(json.dumps({"turn_id": str(n), "text": text, "timestamp": f"2025-0{n + 1}-06T18:30:00Z"},
                                      ensure_ascii=False) + "\n" for n, text in enumerate(texts)), encoding="utf-8")
    done = _run("ingest", "-u", "t", str(src), db=db)
    assert done.returncode == 0, done.stderr
    store = open_store(db)
    try:
        items = [(str(i.key), i.description, i.theme) for i in store.list_items("t", statuses=("active",))]
    finally:
        store.close()
    return db, items


@pytest.mark.parametrize(("job", "quit"), [
    ("I work at Barclays as a Rust engineer.", "quit 5-a-side, pulled my hamstring, doc says rest for a month"),
    ("I work at Barclays.", "I quit the football team, my knees are gone"),
    ("我在腾讯上班。", "我离开了公司篮球队，太累了"),
    ("我在腾讯上班。", "退了羽毛球队，膝盖受不了"),
])
def test_a_pastime_quit_ends_no_job_and_check_passes(tmp_path: Path, job: str, quit: str) -> None:
    db, items = _ingest(tmp_path, [job, quit])
    work = [d for k, d, _ in items if k.split("@")[0] in ("fact:works_at", "gist:works_at")]
    assert len(work) == 1 and ("Barclays" in work[0] or "腾讯" in work[0]), items
    checked = _run("check", db=db)
    assert checked.returncode == 0 and checked.stdout.startswith("OK"), checked.stdout


@pytest.mark.parametrize(("job", "quit", "left"), [
    ("I work at Barclays.", "I quit Barclays last week.", "Barclays"),
    ("我在腾讯上班。", "我从腾讯离职了", "腾讯"),
])
def test_a_quit_of_the_employer_still_ends_the_job(tmp_path: Path, job: str, quit: str, left: str) -> None:
    _, items = _ingest(tmp_path, [job, quit])
    assert not any(k == "fact:works_at" and left in d and "no longer" not in d and "离职" not in d
                   for k, d, _ in items), items


@pytest.mark.parametrize(("value", "lang"), [
    ("5-a-side", "en"), ("the football team", "en"), ("my badminton club", "en"), ("the company football team", "en"),
    ("yoga class", "en"), ("公司篮球队", "zh"), ("羽毛球队", "zh"), ("健身房", "zh"), ("瑜伽班", "zh"),
])
def test_a_pastime_or_its_group_is_read_as_one(value: str, lang: str) -> None:
    assert is_pastime(value, lang)


@pytest.mark.parametrize(("value", "lang"), [
    ("Barclays", "en"), ("the bank", "en"), ("the platform team", "en"), ("Golf Digest", "en"),
    ("Arsenal Football Club", "en"), ("腾讯", "zh"), ("跑步机厂", "zh"), ("篮球鞋店", "zh"),
])
def test_an_employer_or_a_work_team_is_not(value: str, lang: str) -> None:
    assert not is_pastime(value, lang)


def test_a_clause_naming_a_pastime_group_is_told_apart_from_one_about_work() -> None:
    assert names_pastime_group("我离开了公司篮球队", "zh") and names_pastime_group("left the work football team", "en")
    assert not names_pastime_group("我离开了公司", "zh") and not names_pastime_group("left the platform team", "en")
