"""Endings a new user's trial found kept the old fact (issue 13): the thing put first ("烟我已经戒了",
"Tennis I gave up"), a card or a class given back ("健身卡退了", "日语课不上了"), a diet that rules out what one eats
("I don't eat meat anymore" after "I eat a lot of steak"); and clauses with no value ("戒不掉", "跳槽了", "I quit").
An ending never counts as a hit on what it ends, and another person's ending leaves the user's own item alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.pipeline.valueless import valueless_clause
from memory_core.settings import Settings

START = datetime(2026, 3, 2, 9, tzinfo=UTC)


def _items(tmp_path: Path, texts: list[str]) -> list[tuple[str, int, str]]:
    """(status, hit, description) of user u1's non-event items after ``texts``, a week apart."""
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, START + timedelta(days=7 * n))
                   for n, text in enumerate(texts)])
    return [(str(i.status), i.hit, i.description) for i in memory.store.list_items("u1", statuses=None)
            if i.kind != "event"]


def _active(rows: list[tuple[str, int, str]], word: str) -> list[tuple[str, int, str]]:
    return [r for r in rows if r[0] == "active" and word in r[2]]


@pytest.mark.parametrize(("before", "stop", "old"), [
    ("我每天抽半包烟。", "烟我已经戒了，快两个月没抽了。", "每天抽半包烟"),
    ("我每天都喝点白酒。", "酒我早就不喝了。", "喝白酒"),
    ("我办了健身卡。", "健身卡退了。", "办了健身卡"),
    ("我办了一张健身卡，每周去三次。", "健身房年卡退掉了，改成在家跑步。", "办了一张健身卡"),
    ("我在学日语。", "日语课不上了。", "在学日语"),
    ("I'm learning Spanish.", "Spanish classes I dropped.", "learning Spanish"),
    ("I play tennis every weekend.", "Tennis I gave up after the knee surgery.", "plays tennis"),
    ("I eat a lot of steak.", "I don't eat meat anymore.", "eats a lot of steak"),
    ("I eat a lot of steak.", "I'm vegetarian now.", "eats a lot of steak"),
    ("我每顿都吃很多牛肉。", "我现在吃素了。", "吃很多牛肉"),
])
def test_an_ending_said_any_way_ends_the_thing_and_is_no_hit(tmp_path: Path, before: str, stop: str,
                                                             old: str) -> None:
    rows = _items(tmp_path, [before, stop])
    assert not _active(rows, old), rows
    assert any(status == "superseded" and old in text and hit == 0 for status, hit, text in rows), rows


@pytest.mark.parametrize(("before", "other", "old"), [
    ("我办了健身卡。", "我妹妹的健身卡退了。", "办了健身卡"),
    ("我在学吉他。", "我妹妹的吉他不弹了。", "在学吉他"),
    ("我在学日语。", "我妹妹的日语课不上了。", "在学日语"),
    ("I have a gym membership.", "My sister cancelled her gym membership.", "gym membership"),
    ("I play tennis every weekend.", "My husband gave up tennis.", "plays tennis"),
    ("I drive a Honda Civic to work.", "My brother sold his Civic.", "Honda Civic"),
    ("I drive a Honda Civic to work.", "Should I sell the Civic?", "Honda Civic"),
    ("I eat a lot of steak.", "Should I go vegetarian?", "steak"),
    ("我会说日语。", "日语课不上了。", "会说日语"),
])
def test_another_persons_ending_or_a_question_leaves_the_users_item(tmp_path: Path, before: str, other: str,
                                                                    old: str) -> None:
    rows = _items(tmp_path, [before, other])
    assert _active(rows, old), rows


@pytest.mark.parametrize(("clause", "lang", "bare"), [
    ("我戒不掉", "zh", True), ("我跳槽了", "zh", True), ("我最近换了份工作", "zh", True),
    ("I quit.", "en", True), ("I can't quit", "en", True), ("I just changed jobs", "en", True),
    ("我戒不掉烟", "zh", False), ("我跳槽去了腾讯", "zh", False), ("I quit smoking", "en", False),
    ("I can't quit coffee", "en", False),
])
def test_a_bare_change_or_stop_names_no_value(clause: str, lang: str, bare: bool) -> None:
    assert valueless_clause(clause, lang) is bare


@pytest.mark.parametrize("texts", [
    ["我每天抽半包烟，戒不掉。"], ["我跳槽了。"], ["I smoke about ten a day, I can't quit."], ["I quit."],
])
def test_a_clause_with_no_value_is_no_fact(tmp_path: Path, texts: list[str]) -> None:
    rows = _items(tmp_path, texts)
    assert not any(t.endswith(("戒不掉", "跳槽了", "User quit", "can't quit")) for _, _, t in rows), rows


def test_a_model_after_a_comma_of_another_person_is_theirs(tmp_path: Path) -> None:
    rows = _items(tmp_path, ["我用的是华为Mate 60。", "我妹妹换了个新手机，小米14。"])
    assert _active(rows, "华为Mate"), rows
    assert all("妹妹" in t for s, _, t in rows if s == "active" and "小米14" in t), rows
