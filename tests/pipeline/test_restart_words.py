"""A restart said with a word of return ("改回", "换回", "又回到", "restarted", "went back to …ing") is read as the
restart form, so the value taken up again is current and the stop or switch between ends (issue 13 §2)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import live_texts

from memory_core.pipeline.restart_words import as_restart


def _active(tmp_path: Path, texts: list[str]) -> list[str]:
    return live_texts(tmp_path, texts, start=datetime(2026, 2, 1, tzinfo=UTC))


@pytest.mark.parametrize(("said", "read"), [
    ("还是换回坐地铁上班了", "还是又开始坐地铁上班了"),
    ("重新回到吃素了", "又开始吃素了"),
    ("上个月换回安卓手机了", "上个月又换成安卓手机了"),
    ("resumed swimming this spring", "started swimming again this spring"),
    ("I went back to cycling to work", "I started cycling to work again"),
])
def test_a_restart_in_other_words_reads_as_the_restart_form(said: str, read: str) -> None:
    assert as_restart(said) == read


@pytest.mark.parametrize("said", [
    "又回到上海了",  # a return to a place: returned_to reads it
    "被调回总部了",  # a transfer back
    "又改回来了",  # nothing named
    "went back to Acme last month",  # an employer
    "my wife went back to running",  # another person's
    "she is back to normal",
    "I'm going back to teaching in May",  # a plan
    "Back to studying now",  # no speaker said
    "I'm resuming swimming next week",  # a plan
])
def test_a_return_that_is_no_restart_stays_as_written(said: str) -> None:
    assert as_restart(said) == said


def test_a_switch_back_ends_the_way_switched_to(tmp_path: Path) -> None:
    active = _active(tmp_path, ["我每天坐地铁上班", "改骑车上班了", "还是换回坐地铁上班了，骑车太累"])
    assert any("地铁" in d for d in active), active
    assert not any("骑车上班" in d and "不再" not in d for d in active), active


def test_a_return_to_a_diet_ends_the_meat_eating(tmp_path: Path) -> None:
    active = _active(tmp_path, ["我吃素", "最近开始吃肉了", "吃肉不习惯，重新回到吃素了"])
    assert any("素" in d for d in active), active
    assert "用户吃肉" not in active, active


@pytest.mark.parametrize(("texts", "current", "stale"), [
    (["I swim every week", "I stopped swimming", "resumed swimming this spring"], "swim", "no longer"),
    (["I cycle to work", "I take the bus to work now", "I went back to cycling to work"], "bike", "bus"),
])
def test_an_english_restart_in_other_words_is_current(tmp_path: Path, texts: list[str], current: str,
                                                      stale: str) -> None:
    active = _active(tmp_path, texts)
    assert any(current in d for d in active), active
    assert not any(stale in d for d in active), active
