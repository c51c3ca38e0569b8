"""'I left X' ends the slot X's class names; a new job is a change, never a detail of the old employer."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items


def _items(tmp_path: Path, texts: list[str]) -> list[tuple[str, str, str]]:
    return slot_items(tmp_path, texts, start=datetime(2026, 1, 1, tzinfo=UTC), days_apart=30)


@pytest.mark.parametrize(("texts", "ended", "untouched"), [
    (["I work at Barclays as a data analyst.", "Big change — I left Barclays, now I'm at Monzo."],
     "fact:works_at", "fact:lives_in"),
    (["I live in Leeds.", "I left Leeds in March."], "fact:lives_in", "fact:works_at"),
])
def test_leaving_a_name_ends_the_slot_its_class_names(tmp_path: Path, texts: list[str], ended: str,
                                                      untouched: str) -> None:
    items = _items(tmp_path, texts)
    assert ("superseded", ended) in {(status, key) for status, key, _ in items}
    assert not [d for status, key, d in items if key == untouched], "an employer is no home, a city no employer"


@pytest.mark.parametrize("texts", [
    ["我现在在字节跳动伦敦办公室做数据科学家。", "I got a new job as a nurse at St James hospital."],
    ["I work at Google as an engineer.", "Got a new job! I'm a teacher at Hillside Primary now."],
])
def test_a_new_job_is_not_a_detail_of_the_old_employer(tmp_path: Path, texts: list[str]) -> None:
    items = _items(tmp_path, texts)
    old_employer = [d for status, key, d in items if key == "fact:works_at" and ("字节" in d or "Google" in d)]
    assert all("nurse" not in d and "teacher" not in d for d in old_employer), old_employer


@pytest.mark.parametrize("texts", [
    ["I am a big fan of oat milk lattes.", "我戒咖啡了"],
    ["我每天都喝啤酒。", "我戒酒了。"],
])
def test_giving_up_a_drink_in_chinese_ends_its_kinds(tmp_path: Path, texts: list[str]) -> None:
    """戒X了 is a cessation: it ends the user's likes of X's kinds (a latte is coffee, beer is alcohol)."""
    items = _items(tmp_path, texts)
    first = [status for status, key, d in items if key.startswith("pref:") and ("latte" in d or "啤酒" in d)]
    assert first == ["superseded"], items
