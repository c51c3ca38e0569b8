"""A thing of the user's said again with another value is the new value, the old one in history (issue 13):
"my bias is Jeonghan" … "my bias is now Wonbin", "我的本命是精汉" … "我的本命现在是元彬"."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_core.embedded import open_memory
from memory_core.model import Status, Turn
from memory_core.pipeline.attr_value import attribute_value, new_attribute_value
from memory_core.settings import Settings

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["my bias is 精汉 Jeonghan", "最近入坑 RIIZE 了... my bias is now 元彬 Wonbin"], "Jeonghan", "Wonbin"),
    (["my main language is Go", "my main language is now Rust"], "Go", "Rust"),
    (["my coach is Mike", "my coach is Sarah now"], "Mike", "Sarah"),
    (["我的本命是精汉", "我的本命现在是元彬"], "精汉", "元彬"),
    (["我的教练是老王", "我的教练换成小李了"], "老王", "小李"),
])
def test_a_new_value_supersedes_the_old_one(tmp_path: Path, texts: list[str], old: str, new: str) -> None:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, START.replace(month=3 + n))
                   for n, text in enumerate(texts)])
    items = [i for i in memory.store.list_items("u1", statuses=None) if i.kind != "event"]
    live = [i.description for i in items if i.status == Status.ACTIVE]
    assert any(new in t for t in live) and not any(old in t for t in live), live
    assert any(old in i.description and i.status == Status.SUPERSEDED for i in items), live


@pytest.mark.parametrize(("new", "old", "changed"), [
    ("User's coach is Sarah now", "User's coach is Mike", True),
    ("User's new coach is Sarah", "User's coach is Mike", True),
    ("用户的本命现在是元彬", "用户的本命是精汉", True),
    ("User's coach is Mike Chen", "User's coach is Mike", False),  # more of the same value
    ("User's sister is pregnant", "User's sister is a nurse", False),  # two things of one person
    ("User's sister is now a nurse", "User's sister is a student", True),
    ("User's bike is red", "User's coach is Mike", False),  # two things
    ("用户是Yuna", "用户是HR", False),  # no thing of the user's named
])
def test_new_attribute_value(new: str, old: str, changed: bool) -> None:
    assert new_attribute_value(new, old) is changed


def test_attribute_value_reads_thing_and_value() -> None:
    assert attribute_value("User's bias is now 元彬 Wonbin") == ("bias", "元彬 wonbin")
    assert attribute_value("用户的本命现在是元彬") == ("本命", "元彬")
    assert attribute_value("I live in Paris") is None
