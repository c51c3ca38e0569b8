"""Words of plans and their outcomes the slot lexicon reads, in Chinese: an exam named by its verb (打算明年考研,
准备考公) is a goal; a time said first (明年…, 下半年…) keeps a dropped subject the speaker's; settling in a place
(在深圳安顿下来了, 在深圳落脚了) is the home now, someone else's settling theirs; a diet started (开始吃纯素了) is
no medication."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


def _active(texts: list[str]) -> list[tuple[str, str]]:
    return [(key, text) for status, key, text in planned_items(texts, timedelta(days=5)) if status == "active"]


@pytest.mark.parametrize("text", ["打算明年考研", "准备明年考研", "我打算考研", "下半年准备考公"])
def test_an_exam_named_by_its_verb_is_a_goal(text: str) -> None:
    assert any(key.startswith("todo:") for key, _ in _active([text])), _active([text])


@pytest.mark.parametrize(("texts", "home", "gone"), [
    (["我住在广州。", "已经在深圳安顿下来了"], "住在深圳", "住在广州"),
    (["我住在广州。", "在深圳落脚了"], "住在深圳", "住在广州"),
])
def test_settling_in_a_place_is_the_home_now(texts: list[str], home: str, gone: str) -> None:
    said = [text for _, text in _active(texts)]
    assert any(home in t for t in said) and not any(gone in t for t in said), said


def test_someone_elses_settling_in_is_theirs() -> None:
    said = [text for _, text in _active(["我住在广州。", "我妹妹在深圳安顿下来了"])]
    assert "用户住在广州" in said and "用户住在深圳" not in said, said


@pytest.mark.parametrize("text", ["上个月开始吃纯素了", "开始吃全素了"])
def test_a_diet_started_is_no_medication(text: str) -> None:
    keys = [key for key, _ in _active(["我吃素。", text])]
    assert "fact:diet" in keys and not any(k.startswith("fact:medication") for k in keys), keys


def test_a_vitamin_is_still_a_medication() -> None:
    assert any(k.startswith("fact:medication") for k, _ in _active(["我在吃维生素"]))
