"""Life plans other than retirement: one to-do per act, in either language, revised, called off or fulfilled."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_core.pipeline.plans import life_plan
from memory_core.pipeline.slots import read_clause
from tests.pipeline._slot_items import active, slot_items

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("clause", "lang", "key"), [
    ("we're moving to Denver in March", "en", "todo:move"),
    ("we're relocating to Austin next spring", "en", "todo:move"),
    ("I'm planning to move to Lisbon next year", "en", "todo:move"),
    ("we're getting married next June", "en", "todo:wedding"),
    ("I'm starting at Google on Monday", "en", "todo:start"),
    ("I'm going back to college next fall", "en", "todo:school"),
    ("下个月搬去杭州", "zh", "todo:move"),
    ("明年春天办婚礼", "zh", "todo:wedding"),
    ("我们年底结婚", "zh", "todo:wedding"),
    ("打算九月回去读研", "zh", "todo:school"),
    ("我准备明年去英国留学", "zh", "todo:school"),
    ("我下周一去腾讯报到", "zh", "todo:start"),
])
def test_a_plan_said_ahead_is_one_to_do_per_act(clause: str, lang: str, key: str) -> None:
    hits = read_clause(clause, lang).hits
    plans = [h for h in hits if h.key.startswith("todo:")]
    assert [h.key for h in plans] == [key]
    assert plans[0].polarity > 0
    assert not any(h.key == "fact:lives_in" for h in hits)  # the home is not changed yet


@pytest.mark.parametrize(("clause", "lang", "key", "polarity"), [
    ("we pushed the wedding back to next October", "en", "todo:wedding", 1),
    ("my start date got moved to March 3rd", "en", "todo:start", 1),
    ("婚礼推迟到后年了", "zh", "todo:wedding", 1),
    ("the move's off", "en", "todo:move", -1),
    ("we called off the wedding", "en", "todo:wedding", -1),
    ("we're not moving anymore", "en", "todo:move", -1),
    ("我们不搬了", "zh", "todo:move", -1),
    ("婚礼取消了", "zh", "todo:wedding", -1),
])
def test_a_new_time_or_a_plan_off_lands_on_the_same_key(clause: str, lang: str, key: str, polarity: int) -> None:
    hits = [h for h in read_clause(clause, lang).hits if h.key.startswith("todo:")]
    assert [(h.key, h.polarity) for h in hits] == [(key, polarity)]


@pytest.mark.parametrize("clause", ["my sister is moving to Boston next month", "if we move to Tokyo next year",
                                    "should we get married next year?", "I moved to Denver in March"])
def test_no_plan_of_the_user(clause: str) -> None:
    assert not any(h.key.startswith("todo:") for h in read_clause(clause, "en").hits)


def test_life_plan_keys() -> None:
    assert life_plan("todo:move") and life_plan("todo:wedding@wei") and life_plan("todo:retire")
    assert not life_plan("todo:exam") and not life_plan("fact:lives_in")


def test_a_move_done_fulfils_the_plan(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我住在南京", "下个月搬去杭州", "搬完了，现在住杭州"], start=START, days_apart=20)
    assert active(rows) == [("fact:lives_in", "用户住在杭州")]
    assert ("superseded", "todo:move", "用户计划下个月搬去杭州") in rows


def test_the_old_home_said_again_leaves_the_plan(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["I live in Chicago", "we're moving to Denver in March", "I live in Chicago btw"],
                      start=START, days_apart=3)
    assert ("todo:move", "User is moving to Denver in March") in active(rows)
    assert ("fact:lives_in", "User lives in Chicago") in active(rows)


def test_a_wedding_put_off_supersedes_its_old_time(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["we're getting married next June", "we pushed the wedding back to next October"],
                      start=START, days_apart=5)
    assert active(rows) == [("todo:wedding", "User's wedding is next October")]
    assert ("superseded", "todo:wedding", "User is getting married next June") in rows


def test_a_plan_called_off_ends_it(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我们下个月15号领证，明年五一办婚礼", "婚礼取消了"], start=START, days_apart=5)
    assert not [r for r in active(rows) if r[0] == "todo:wedding" and "计划" in r[1]]
