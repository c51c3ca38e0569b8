"""A job begun or left said by the event: a short name, a start and a leave in one turn, an offer accepted."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.model import Kind, MemoryItem, Status
from memory_core.pipeline.job_event import job_event, offer_taken
from memory_core.retrieval.index import RecallResult
from memory_core.retrieval.time_questions import period_first


def _items(tmp_path: Path, texts: list[str]) -> list[tuple[str, str, str]]:
    return slot_items(tmp_path, texts, start=datetime(2025, 1, 1, tzinfo=UTC), days_apart=30)


def _employers(rows: list[tuple[str, str, str]]) -> list[str]:
    return [text for key, text in active(rows) if key == "fact:works_at"]


@pytest.mark.parametrize(("texts", "gone"), [
    (["我在字节跳动上班。", "从字节离职了，今天最后一天。"], "字节跳动"),
    (["I work at Tencent as a product manager.", "上周从鹅厂辞职了，休息一阵再说。"], "Tencent"),
])
def test_a_leave_said_by_a_short_name_without_a_subject_ends_the_employer(tmp_path: Path, texts: list[str],
                                                                           gone: str) -> None:
    employers = _employers(_items(tmp_path, texts))
    assert employers and all("离职" in e or "no longer" in e for e in employers), employers
    assert not [e for e in employers if gone in e and "离职" not in e]


@pytest.mark.parametrize("texts", [
    ["I work at NetEase.", "Started at Grab this week, left ByteDance."],
    ["我在网易上班。", "Joined Grab this week, the onboarding is intense."],
    ["I work at ByteDance.", "I got an offer from Grab in Singapore! Accepted it."],
    ["I work at ByteDance.", "Accepted the offer from Grab yesterday, start in two weeks!"],
    ["我在字节跳动上班。", "纠结了好久，最后接了Grab的offer。"],
    ["我在字节跳动上班。", "Grab的offer我接了。"],
])
def test_a_new_employer_said_by_the_event_is_current(tmp_path: Path, texts: list[str]) -> None:
    assert _employers(_items(tmp_path, texts)) in (["User works at Grab"], ["用户在Grab工作"])


@pytest.mark.parametrize("texts", [
    ["I work at Shopify.", "Got an offer from Grab, not sure if I should accept it."],
    ["I work at Shopify.", "Should I accept Grab's offer?"],
    ["我在京东上班。", "Grab给了我offer，在犹豫要不要接。"],
    ["我在京东上班。", "我同事接了Grab的offer。"],
    ["I work at Shopify.", "At a conference in Lisbon this week, the talks are great."],
])
def test_an_offer_weighed_or_someone_elses_or_a_trip_changes_nothing(tmp_path: Path, texts: list[str]) -> None:
    rows = _items(tmp_path, texts)
    mine = [(key, text) for key, text in active(rows) if "/" not in key]  # a colleague's offer is theirs
    assert not [text for _, text in mine if "Grab" in text or "Lisbon" in text], active(rows)
    assert len(_employers(rows)) == 1


def test_a_week_word_is_a_trip_except_for_a_job_event() -> None:
    assert job_event("works_at", "I started at Grab this week")
    assert job_event("works_at", "我这周入职了字节")
    assert not job_event("lives_in", "I left Madrid this week")
    assert not job_event("works_at", "I'm at Google this week for a workshop")


def test_offer_taken_rewrites_only_an_accepted_offer() -> None:
    assert offer_taken("I got an offer from Grab in Singapore! Accepted it.").endswith(
        "I accepted the offer at Grab.")
    assert offer_taken("Grab的offer我接了") == "我接了Grab的offer"
    assert offer_taken("Got an offer from Grab. Should I take it?") == "Got an offer from Grab. Should I take it?"
    assert offer_taken("Declined the offer from Grab.") == "Declined the offer from Grab."


def _result(text: str, start: datetime, end: datetime | None, rank: int) -> RecallResult:
    item = MemoryItem(user_id="u", description=text, theme="work", kind=Kind.FACT, key="fact:works_at",
                      valid_from=start, valid_until=end, status=Status.SUPERSEDED if end else Status.ACTIVE)
    return RecallResult(item=item, score=1.0 / rank, bm25=1.0, rank=rank)


@pytest.mark.parametrize("query", ["Where did he work before Grab?", "去Grab之前他在哪上班？"])
def test_before_an_event_ranks_first_the_value_it_replaced(query: str) -> None:
    t0 = datetime(2024, 1, 1, tzinfo=UTC)
    grab = t0 + timedelta(days=600)
    results = [_result("User works at NetEase", t0, t0 + timedelta(days=180), 1),
               _result("用户在字节跳动工作", t0 + timedelta(days=180), grab, 2),
               _result("User works at Grab", grab, None, 3)]
    ordered = period_first(query, results, lambda phrase: results[2].item)
    assert ordered is not None
    assert [r.item.description for r in ordered][:2] == ["用户在字节跳动工作", "User works at NetEase"]
