"""A cause said first, then a restart or a stop, with a space or nothing between (issue 13): "压力大 又开始抽烟了",
"最近压力大又开始抽烟了", "身体不好 酒戒了". The habit's clause is the speaker's and changes the habit; a cause that
opens on another person ("老公压力大 …") leaves the user's own item alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.pipeline.cause_first import cause_apart
from memory_core.settings import Settings

START = datetime(2026, 3, 2, 9, tzinfo=UTC)


def _items(tmp_path: Path, texts: list[str]) -> list[tuple[str, str]]:
    """(status, description) of user u1's non-event items after ``texts``, a month apart."""
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, START + timedelta(days=30 * n))
                   for n, text in enumerate(texts)])
    return [(str(i.status), i.description) for i in memory.store.list_items("u1", statuses=None)
            if i.kind != "event"]


@pytest.mark.parametrize(("before", "changed", "old"), [
    ("我戒烟三年了", "压力大 又开始抽烟了", "戒烟"),
    ("我戒烟三年了", "最近压力大又开始抽烟了", "戒烟"),
    ("咖啡我戒了", "工作太忙 又开始喝咖啡了", "不再喝咖啡"),
    ("我每天喝酒", "身体不好 酒戒了", "喝酒"),
    ("我每天喝酒", "身体不好，酒戒了", "喝酒"),
])
def test_a_change_after_its_cause_changes_the_habit(tmp_path: Path, before: str, changed: str, old: str) -> None:
    rows = _items(tmp_path, [before, changed])
    assert any(status == "superseded" and old in text for status, text in rows), rows


def test_a_cause_of_another_person_keeps_the_users_own_stop(tmp_path: Path) -> None:
    rows = _items(tmp_path, ["我戒烟了", "老公压力大 又开始抽烟了"])
    assert ("active", "用户戒烟了") in rows, rows


@pytest.mark.parametrize(("sentence", "apart"), [
    ("压力大 又开始抽烟了", "压力大，又开始抽烟了"),
    ("最近加班多又开始喝咖啡了", "最近加班多，又开始喝咖啡了"),
    ("压力太大了又抽上了", "压力太大了，又抽上了"),
    ("身体不好 酒戒了", "身体不好，酒戒了"),
    # no cause, or a cause with no space before a stop, or a person's cause: as it was
    ("周末又开始下雨了", "周末又开始下雨了"),
    ("身体不好酒戒了", "身体不好酒戒了"),
    ("我住在北京 海淀", "我住在北京 海淀"),
])
def test_cause_apart(sentence: str, apart: str) -> None:
    assert cause_apart(sentence, lambda cause: False) == apart


def test_cause_apart_leaves_a_persons_cause() -> None:
    assert cause_apart("老公压力大 又开始抽烟了", lambda cause: cause.startswith("老公")) == "老公压力大 又开始抽烟了"
