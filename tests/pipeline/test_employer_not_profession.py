"""Leaving an employer is not leaving a profession: "I left Google" ends the employer and keeps "software engineer";
"I quit nursing" / "离开护理行业了" end the profession; the same work said to go on ("还是做门诊药房", "same job,
different hospital") restates the title a bare quit had ended."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore, planned_items

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.same_work import says_same_work


def _state(texts: list[str]) -> dict[str, str]:
    """description -> status of the non-event items ``texts`` leave (the latest status of a repeated text)."""
    return {d: s for s, k, d in planned_items(texts, timedelta(days=1)) if not k.startswith("event:")}


def _active(texts: list[str]) -> list[str]:
    return [d for d, s in _state(texts).items() if s == "active"]


@pytest.mark.parametrize(("texts", "title"), [
    (["我是一名药剂师，在成都华西医院药剂科上班。", "从华西离职了。"], "药剂师"),
    (["I'm a software engineer at Google.", "I left Google."], "software engineer"),
    (["I'm an accountant at Deloitte.", "Left Deloitte in March."], "accountant"),
    (["我在腾讯做产品经理", "我从腾讯离职了"], "产品经理"),
])
def test_leaving_an_employer_keeps_the_title(texts: list[str], title: str) -> None:
    active = _active(texts)
    assert any(title in d and "不再" not in d and "no longer" not in d for d in active), active


@pytest.mark.parametrize(("texts", "title"), [
    (["I'm a nurse at St. Mary's hospital.", "I quit nursing."], "works as a nurse"),
    (["I'm a teacher.", "I left teaching last year."], "works as a teacher"),
    (["我是护士", "我离开护理行业了"], "职业是护士"),
])
def test_leaving_the_profession_ends_the_title(texts: list[str], title: str) -> None:
    assert not any(title in d for d in _active(texts)), _active(texts)


@pytest.mark.parametrize("texts", [
    ["I'm a cashier at Walmart", "I left my Walmart job last week"],
    ["在瑞幸找了份兼职，做咖啡师", "瑞幸的兼职辞了，要准备期末考试"],
])
def test_leaving_a_job_named_by_its_employer_ends_its_title(texts: list[str]) -> None:
    assert not any("cashier" in d or "咖啡师" in d for d in _active(texts)), _active(texts)


def test_a_school_of_the_profession_is_no_profession() -> None:
    assert any("works as a nurse" in d for d in _active(["I'm a nurse.", "I quit nursing school."]))


@pytest.mark.parametrize("texts", [
    ["我是一名药剂师，在成都华西医院药剂科上班。", "辞职了。", "今天去重医附一院报到了，还是做门诊药房。"],
    ["I'm a nurse at St. Mary's.", "I got laid off last month.",
     "Started at Mercy General today, same job, different hospital."],
])
def test_the_same_work_restates_an_ended_title(texts: list[str]) -> None:
    active = _active(texts)
    assert any("药剂师" in d or "works as a nurse" in d for d in active), active


def test_same_work_cues() -> None:
    assert says_same_work("还是做门诊药房") and says_same_work("same job, different hospital")
    assert says_same_work("干回老本行了")
    assert not says_same_work("totally different job now") and not says_same_work("not the same job at all")
    assert not says_same_work("换工作了，还是做销售")  # a change of work said: the cue is denied


def test_the_restated_title_keeps_its_first_turn_current() -> None:
    """The turn that first said the title is a source of the restated one: recall flags it outdated no more."""
    store, pipeline = DictStore(), WritePipeline()
    start = datetime(2026, 2, 1, tzinfo=UTC)
    for n, text in enumerate(["我是药剂师", "辞职了。", "今天去重医附一院报到了，还是做门诊药房。"]):
        store.apply("u1", pipeline.plan(Turn("u1", f"t{n}", "s", "user", text, start + timedelta(days=n)), store))
    [title] = [i for i in store.list_items("u1") if i.key == "fact:occupation" and i.status == "active"]
    assert title.source[0] == "t0" and "t2" in title.source, title.source
