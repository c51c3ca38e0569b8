"""Where one is in one's studies holds one value at a time: a new year or degree said without the school ("研二了",
"大四了", "I'm in my final year now", "just started my PhD", "third year now") ends the stage before and keeps the
school; a year at one's job ("started my second year at St Mary's") is no stage."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.terse import en_filled

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("texts", "old", "new", "school"),
    [
        (["我在复旦读研一。", "研二了"], "研一", "研二", "复旦"),
        (["我在浙大读大三，学机械。", "大四了"], "大三", "大四", "浙大"),
        (["我在清华读硕士。", "开始读博了"], "硕士", "博士", "清华"),
        (["I'm a third-year student at McGill.", "I'm in my final year now"], "third-year", "final year", "McGill"),
        (["I'm doing my master's at ETH Zurich.", "just started my PhD"], "master's", "PhD", "ETH Zurich"),
        (
            ["I'm in my second year at Oxford.", "third year now, dissertation time"],
            "second year",
            "third year",
            "Oxford",
        ),
        (["我在港大读 master。", "just started my PhD，还是在港大"], "master", "PhD", ""),
    ],
)
def test_a_new_stage_ends_the_old_and_keeps_the_school(
    tmp_path: Path, texts: list[str], old: str, new: str, school: str
) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=200)
    stages = [d for k, d in active(rows) if k.startswith("fact:study_stage")]
    assert len(stages) == 1 and new in stages[0], rows
    assert any(s == "superseded" and k.startswith("fact:study_stage") and old in d for s, k, d in rows), rows
    assert not school or any(k.startswith("fact:school") and school in d for k, d in active(rows)), rows


def test_a_year_of_study_named_with_its_school_is_no_job(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["I'm a third-year student at McGill."], start=START, days_apart=1)
    assert not any(k.startswith(("fact:works_at", "fact:occupation")) for k, _ in active(rows)), rows


@pytest.mark.parametrize("text", ["Just started my second year at St Mary's, time flies.", "大一点的房子更好"])
def test_a_year_of_something_else_is_no_stage(tmp_path: Path, text: str) -> None:
    rows = slot_items(tmp_path, [text], start=START, days_apart=1)
    assert not any(k.startswith("fact:study_stage") for k, _ in active(rows)), rows


@pytest.mark.parametrize(
    ("fragment", "said"),
    [
        ("third year now", "I'm in my third year now"),
        ("in my final year", "I'm in my final year"),
        ("second year of uni", None),
        ("my first year", None),
    ],
)
def test_a_year_said_as_a_fragment_is_the_speakers_year(fragment: str, said: str | None) -> None:
    assert en_filled(fragment) == said
