"""``gulfstream check`` flags a single-valued slot holding two active values whatever key carried them
(``memory_core.audit.carried``), in both languages, and leaves one value said twice alone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.audit.carried import carried_conflicts, carried_values
from memory_core.model import Kind, MemoryItem


def item(text: str, key: str, day: int = 1, **fields: object) -> MemoryItem:
    when = datetime(2026, 1, day, tzinfo=UTC)
    return MemoryItem("u", text, "work", key=key, valid_from=when, created_at=when, **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(("title", "filed", "old", "new"), [
    (item("用户的职业是hardware engineer", "fact:occupation"), item("用户在Google做TPM", "fact:works_at", 2),
     "hardware engineer", "TPM"),
    (item("User works as a nurse", "fact:occupation"), item("User is a product manager at Stripe", "fact:works_at", 2),
     "nurse", "product manager"),
    (item("User is a hardware engineer", "fact:occupation"), item("User works at Google as a TPM", "fact:works_at", 2),
     "hardware engineer", "TPM"),
    (item("用户是产品经理", "fact:occupation"), item("用户现在在字节当数据分析师", "fact:works_at", 2),
     "产品经理", "数据分析师"),
])
def test_two_job_titles_one_filed_as_the_employer_are_flagged(title: MemoryItem, filed: MemoryItem, old: str,
                                                               new: str) -> None:
    [(slot, values)] = carried_conflicts([filed, title])
    assert slot == "fact:occupation"
    assert [v.item.id for v in values] == [title.id, filed.id]  # oldest first
    assert old in values[0].value and values[1].value == new and values[1].filed_elsewhere


@pytest.mark.parametrize("other", [
    item("用户在腾讯当产品经理", "fact:works_at"),  # the same title said with the employer
    item("用户是Shopee的产品经理", "fact:works_at"),
    item("用户的妈妈在医院当护士", "fact:works_at"),  # someone else's job, however it was filed
    item("User's sister works as a nurse", "fact:works_at"),
    item("用户在家做饭", "fact:habit"),  # 做 without a job title
    item("用户在Google做TPM", "fact:works_at", status="superseded"),  # not active
    item("用户在Google做TPM", "fact:works_at", kind=Kind.EVENT),  # a turn as said
])
def test_one_title_or_someone_elses_is_no_conflict(other: MemoryItem) -> None:
    assert carried_conflicts([item("用户是产品经理", "fact:occupation"), other]) == []


def test_a_speakers_values_stay_apart_from_the_users() -> None:
    wei = item("Wei works at Google as a TPM", "fact:works_at@wei", speaker="Wei")
    assert [(v.slot, v.value) for v in carried_values(wei)] == [("fact:occupation@wei", "TPM")]
    assert carried_conflicts([wei, item("User is a hardware engineer", "fact:occupation")]) == []
