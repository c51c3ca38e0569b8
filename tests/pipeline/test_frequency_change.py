"""A schedule changed ("理疗可以改成一周一次", "physio is down to once a week") ends the schedule held of that
activity; with no activity said, the user's one routine is the one changed."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.frequency_change import said_change

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "said"), [
    ("膝盖好多了，医生说理疗可以改成一周一次，周五去就行", [("理疗", "一周一次", "zh")]),
    ("游泳减到一周一次了", [("游泳", "一周一次", "zh")]),
    ("现在改成每周一次了", [("", "每周一次", "zh")]),
    ("Physio is down to once a week now.", [("physio", "once a week", "en")]),
    ("Cut swimming back to once a week, too tired.", [("swimming", "once a week", "en")]),
    ("My physio sessions are down to twice a month.", [("physio", "twice a month", "en")]),
])
def test_the_change_names_activity_and_frequency(text: str, said: list[tuple[str, str, str]]) -> None:
    assert said_change(text) == said


@pytest.mark.parametrize("text", ["Should I cut physio to once a week?", "她的理疗改成一周一次了",
                                  "理疗能不能改成一周一次？", "I go to the gym every Monday."])
def test_no_change_of_the_users(text: str) -> None:
    assert said_change(text) == []


@pytest.mark.parametrize(("turns", "new", "old"), [
    (["我现在每周二和周五下午去理疗", "医生说理疗可以改成一周一次了"], "一周一次", "周二和周五"),
    (["I do physio twice a week, Tuesdays and Fridays.", "Physio is down to once a week now."], "once a week",
     "twice a week"),
    (["我每周去三次健身房", "现在改成每周一次了"], "每周一次", "三次"),
])
def test_the_old_schedule_ends(tmp_path: Path, turns: list[str], new: str, old: str) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=30)
    active = [text for state, _, text in rows if state == "active"]
    assert any(new in text for text in active), rows
    assert not any(old in text for text in active), rows


def test_another_activity_is_left(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我每周六去爬山", "游泳减到一周一次了"], start=START, days_apart=30)
    assert any(state == "active" and "爬山" in text for state, _, text in rows), rows
