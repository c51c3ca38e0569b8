"""Words of plans and their outcomes the slot lexicon reads, in Chinese: an exam named by its verb (打算明年考研,
准备考公) is a goal; a time said first (明年…, 下半年…) keeps a dropped subject the speaker's; settling in a place
(在深圳安顿下来了, 在深圳落脚了) is the home now, someone else's settling theirs; a diet started (开始吃纯素了) is
no medication. And in both languages a home or job only weighed ("living in Denver sounds nice", "working at Meta
would mean…", 在阿里上班的话…) changes nothing."""

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


@pytest.mark.parametrize(("texts", "kept", "not_said"), [
    (["I work at Google.", "working at Meta would mean a longer commute"], "User works at Google", "Meta"),
    (["I work at Google.", "Working at Meta is exhausting, I hear"], "User works at Google", "Meta"),
    (["I live in Chicago.", "living in Denver sounds nice"], "User lives in Chicago", "Denver"),
    (["我在腾讯上班。", "在阿里上班的话通勤就远了"], "用户在腾讯工作", "阿里"),
    (["我住在北京。", "住在上海的话房租太贵了"], "用户住在北京", "上海"),
])
def test_a_home_or_job_weighed_as_a_subject_or_with_dehua_changes_nothing(texts: list[str], kept: str,
                                                                           not_said: str) -> None:
    said = [text for _, text in _active(texts)]
    assert kept in said and not any(not_said in t for t in said), said


@pytest.mark.parametrize(("texts", "now"), [
    (["I work at Google.", "working at Meta for three years now, still love it"], "User works at Meta"),
    (["我住在北京。", "我的话，现在住在上海"], "用户住在上海"),
])
def test_a_dropped_subject_or_a_topic_is_still_a_statement(texts: list[str], now: str) -> None:
    assert now in [text for _, text in _active(texts)]
