"""A job's end said twice in one turn, or with no subject, is one end of the employer."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_core.pipeline.slots import read_clause
from tests.pipeline._slot_items import active, slot_items

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("first", "then", "gone"), [
    ("我在腾讯做后端", "我正式提离职了！！下个月就不是腾讯人了🎉", "腾讯"),
    ("我在字节做运营", "我提离职了，下周就不是字节人了", "字节"),
    ("I work at Acme as a designer", "last day at Acme is Friday!", "Acme"),
    ("I work at Acme as a designer", "I handed in my notice! last day at Acme is Friday", "Acme"),
])
def test_one_ending_one_item(tmp_path: Path, first: str, then: str, gone: str) -> None:
    rows = active(slot_items(tmp_path, [first, then], start=START, days_apart=10))
    assert len([r for r in rows if r[0] == "fact:works_at"]) == 1
    assert not [r for r in rows if r[0].startswith("gist:")]
    works = next(text for key, text in rows if key == "fact:works_at")
    assert "离职" in works or "no longer" in works
    assert not any(gone in text and "离职" not in text and "no longer" not in text for _, text in rows)


@pytest.mark.parametrize(("clause", "key", "polarity"), [
    ("我是腾讯人", "fact:works_at", 1),
    ("我现在是美团人了", "fact:works_at", 1),
    ("终于不再是阿里人了", "fact:works_at", -1),
    ("我已经不是美团的人了", "fact:works_at", -1),
    ("我是潍坊人", "fact:from", 1),
])
def test_one_of_a_companys_people(clause: str, key: str, polarity: int) -> None:
    hits = read_clause(clause, "zh").hits
    assert [(h.key, h.polarity) for h in hits] == [(key, polarity)]
