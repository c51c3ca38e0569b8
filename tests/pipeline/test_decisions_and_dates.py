"""A decision or a wish is no change, a course no employer, and "last week" dates a move (trial 15, #5 and #9);
deleting one item keeps the turns other memories came from (trial 15, #1)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.said_when import ended_at, said_since
from memory_core.pipeline.value_class import is_org


def _items(mem: EmbeddedMemory, user: str = "u") -> list[dict[str, object]]:
    return [i for i in mem._list(user, None) if i["kind"] != "event"]


def _said(tmp_path: Path, *turns: tuple[str, str]) -> list[dict[str, object]]:
    """The user's items (events left out) after ``turns`` (text, ISO time) are added in order to a new memory."""
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db")
    try:
        for text, when in turns:
            mem.add(text, user_id="u", timestamp=when)
        return _items(mem)
    finally:
        mem.close()


def _active(items: list[dict[str, object]]) -> list[str]:
    return [str(i["description"]) for i in items if i["status"] == "active"]


@pytest.mark.parametrize(("home", "decided", "stays", "not_home"), [
    ("我们住在芝加哥。", "我们决定搬到奥斯汀，Paul在那边找到工作了。", "芝加哥", "住在奥斯汀"),
    ("We live in Chicago.", "We've decided to move to Austin, Paul found a job there.", "Chicago", "lives in Austin"),
    ("I live in Shanghai.", "我们决定明年搬到 Singapore，公司那边可以 transfer", "Shanghai", "Singapore"),
    ("我住在成都。", "我们决定先搬到重庆", "成都", "住在重庆"),
], ids=["zh", "en", "mixed-next-year", "zh-first"])
def test_a_decision_to_move_changes_no_home(tmp_path: Path, home: str, decided: str, stays: str,
                                            not_home: str) -> None:
    items = _said(tmp_path, (home, "2025-02-10T20:00:00Z"), (decided, "2025-03-02T21:00:00Z"))
    active = _active([i for i in items if i["kind"] != "todo"])  # the move itself is kept as a plan
    assert [d for d in active if stays in d], active
    assert not [d for d in active if not_home in d], active


@pytest.mark.parametrize(("job", "studying", "employer"), [
    ("I work at Deloitte.", "我在读教师资格证，想转行当中学数学老师。", "Deloitte"),
    ("我在德勤做会计。", "我在读教师资格证，想转行当中学数学老师。", "德勤"),
    ("I work at Deloitte as an accountant.",
     "I'm studying for a teaching certificate, I want to become a math teacher.", "Deloitte"),
    ("我在腾讯上班。", "我在备考CPA", "腾讯"),
], ids=["en-job-zh-course", "zh-job-zh-course", "en", "zh-exam"])
def test_a_course_or_a_wish_names_no_employer(tmp_path: Path, job: str, studying: str, employer: str) -> None:
    active = _active(_said(tmp_path, (job, "2024-01-10T20:00:00Z"), (studying, "2024-02-20T22:00:00Z")))
    assert [d for d in active if employer in d], active
    assert not [d for d in active if "资格证工作" in d or ("works at" in d and "certificate" in d)], active


@pytest.mark.parametrize(("value", "org"), [
    ("读教师资格证", False), ("考驾照", False), ("备考CPA", False), ("学日语", False),
    ("宁德时代", True), ("美团", True), ("学而思", True),
], ids=["teaching-certificate", "driving-licence", "cpa-exam", "japanese", "catl", "meituan", "xueersi"])
def test_a_course_is_no_organisation(value: str, org: bool) -> None:
    assert is_org(value, "zh") is org


AT = datetime(2025, 6, 28, 10, tzinfo=UTC)


@pytest.mark.parametrize(("clause", "days_before"), [
    ("We moved to Austin last week.", 7),
    ("moved here 3 weeks ago", 21),
    ("上周搬到奥斯汀了", 7),
    ("三天前入职字节了", 3),
    ("两个月前搬到了成都", 60),
    ("I moved to Austin yesterday", 1),
], ids=["en-last-week", "en-weeks-ago", "zh-last-week", "zh-days-ago", "zh-months-ago", "en-yesterday"])
def test_a_past_time_word_dates_the_statement(clause: str, days_before: int) -> None:
    since = said_since(clause, AT)
    assert since is not None
    assert abs((AT - since).days - days_before) <= 1


@pytest.mark.parametrize("clause", ["We moved to Austin today.", "我们下个月搬到苏州", "最近搬到成都了",
                                    "I live in Austin"], ids=["en-today", "zh-next-month", "zh-recently", "en-none"])
def test_no_past_time_word_keeps_the_turn_time(clause: str) -> None:
    assert said_since(clause, AT) is None


def test_the_old_home_ends_when_the_new_one_began() -> None:
    began = datetime(2025, 6, 21, tzinfo=UTC)
    assert ended_at(AT, began, datetime(2025, 1, 5, tzinfo=UTC)) == began
    assert ended_at(AT, began, datetime(2025, 6, 25, tzinfo=UTC)) == AT  # never before the old item began
    assert ended_at(AT, None, None) == AT


@pytest.mark.parametrize(("old", "moved", "new_home", "since"), [
    ("I live in Chicago.", "We moved to Austin last week.", "Austin", "2025-06-21"),
    ("我住在杭州。", "上周搬到成都了。", "成都", "2025-06-21"),
], ids=["en", "zh"])
def test_a_move_said_last_week_is_valid_from_then(tmp_path: Path, old: str, moved: str, new_home: str,
                                                  since: str) -> None:
    items = _said(tmp_path, (old, "2025-01-05T10:00:00Z"), (moved, "2025-06-28T10:00:00Z"))
    home = next(i for i in items if i["status"] == "active" and new_home in str(i["description"]))
    assert str(home["valid_from"]).startswith(since), home
    ended = next(i for i in items if i["status"] == "superseded")
    assert str(ended["valid_until"]).startswith(since), ended


def test_deleting_an_item_keeps_a_turn_another_memory_came_from(tmp_path: Path) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db")
    try:
        mem.add("I work at Google.", user_id="u", timestamp="2025-01-05T10:00:00Z")
        mem.add("I'm in the Zurich office btw, and we adopted a cat named Miso.", user_id="u",
                timestamp="2025-02-05T10:00:00Z")
        job = next(i for i in _items(mem) if "Google" in str(i["description"]))
        mem.delete(str(job["id"]), user_id="u")
        live = mem._list("u", None)
    finally:
        mem.close()
    turns = [str(i["description"]) for i in live if i["kind"] == "event" and i["status"] == "active"]
    assert [t for t in turns if "Miso" in t], turns  # the cat's turn stays
    assert not [t for t in turns if "I work at Google" in t], turns  # the job's own turn is forgotten
    assert [str(i["description"]) for i in live if i["kind"] != "event" and "Miso" in str(i["description"])]


@pytest.mark.parametrize(("said", "fact", "dated"), [
    ("my mum lives in Wuxi, dad retired last year", "Wuxi", False),
    ("my sister lives in Leeds, and my brother moved to York last month", "Leeds", False),
    ("I work at Airbus, my wife quit her job two weeks ago", "Airbus", False),
    ("I moved to Austin last week, finally", "Austin", True),
    ("I started at Google, last month", "Google", True),
    ("We moved to Austin last week and love it", "Austin", True),
], ids=["other-piece", "and-piece", "ago-piece", "own-piece", "time-alone", "own-with-and"])
def test_a_time_word_dates_only_the_piece_it_is_said_in(tmp_path: Path, said: str, fact: str, dated: bool) -> None:
    items = _said(tmp_path, (said, "2026-01-14T10:00:00Z"))
    item = next(i for i in items if fact in str(i["description"]))
    assert str(item["valid_from"]).startswith("2026-01-14") is not dated, item
