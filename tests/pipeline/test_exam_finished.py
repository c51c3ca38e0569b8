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
])
def test_an_exam_finished_ends_its_preparation(turns: list[str], prepared: str) -> None:
    assert _todos(turns).get(prepared) == "superseded"


@pytest.mark.parametrize(("turns", "prepared"), [
    (["我在准备雅思，目标7分", "我妹雅思考完了，她考了8分"], "用户在准备雅思"),
    (["我在准备雅思，目标7分", "等雅思考完了就去旅游"], "用户在准备雅思"),
    (["我在准备雅思，目标7分", "雅思考完了吗？"], "用户在准备雅思"),
    (["I'm studying for the GRE", "my sister's GRE is finally over"], "User is studying for the GRE"),
])
def test_another_persons_exam_a_time_to_come_or_a_question_ends_nothing(turns: list[str], prepared: str) -> None:
    assert _todos(turns).get(prepared) == "active"
