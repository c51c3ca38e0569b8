"""An exam said first, then over, ends its preparation ("my GRE is finally over"); another person's exam, an exam
still to come and a question end nothing, in either language."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

DAY = timedelta(days=60)


def _todos(texts: list[str]) -> dict[str, str]:
    return {text: status for status, key, text in planned_items(texts, DAY) if key.startswith("todo:")}


@pytest.mark.parametrize(("turns", "prepared"), [
    (["I'm studying for the GRE", "my GRE is finally over, going out tonight"], "User is studying for the GRE"),
    (["我在准备雅思，目标7分", "雅思终于考完了，感觉口语还行"], "用户在准备雅思"),
    (["我在准备托福", "我的托福昨天考完了"], "用户在准备托福"),
    (["最近在备考GRE，每天刷单词", "终于考完GRE了，解放了！"], "用户最近在备考GRE"),
])
def test_an_exam_finished_ends_its_preparation(turns: list[str], prepared: str) -> None:
    assert _todos(turns).get(prepared) == "superseded"


@pytest.mark.parametrize(("turns", "prepared"), [
    (["我在准备雅思，目标7分", "我妹雅思考完了，她考了8分"], "用户在准备雅思"),
    (["我在准备雅思，目标7分", "等雅思考完了就去旅游"], "用户在准备雅思"),
    (["我在准备雅思，目标7分", "雅思考完了吗？"], "用户在准备雅思"),
    (["I'm studying for the GRE", "my sister's GRE is finally over"], "User is studying for the GRE"),
    (["我在准备雅思，目标7分", "雅思下周就考完了"], "用户在准备雅思"),
    (["我在准备雅思，目标7分", "雅思快考完了，再坚持一下"], "用户在准备雅思"),
])
def test_another_persons_exam_a_time_to_come_or_a_question_ends_nothing(turns: list[str], prepared: str) -> None:
    assert _todos(turns).get(prepared) == "active"


@pytest.mark.parametrize("booked", ["GMAT is booked for May 14th, nervous already", "finally booked the GMAT for May"])
def test_an_exam_only_booked_leaves_its_preparation(booked: str) -> None:
    todos = _todos(["I'm studying for the GMAT", booked])
    assert [status for text, status in todos.items() if text.startswith("User is studying for the GMAT")] == ["active"]


def test_a_booking_to_do_ends_when_booked() -> None:
    items = planned_items(["I have to book the flights to Lisbon by Friday", "Flights are booked!"], DAY)
    assert [status for status, _, text in items if "book the flights" in text] == ["superseded"]
