"""A transfer to another city's office ("我老公调回杭州上班了", "我调回上海工作了") is the new place of work: the old
one was left active beside it (issue 13)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("texts", "key", "old", "new"), [
    (["我老公在宁波上班，周末才回来", "我老公调回杭州上班了！"], "fact:husband/works_at", "宁波", "杭州"),
    (["我在苏州上班", "我调回上海工作了"], "fact:works_at", "苏州", "上海"),
])
def test_a_transfer_back_is_the_new_place_of_work(tmp_path: Path, texts: list[str], key: str, old: str,
                                                  new: str) -> None:
    rows = [d for k, d in active(slot_items(tmp_path, texts, start=START, days_apart=30)) if k.startswith(key)]
    assert any(new in d for d in rows) and not any(old in d for d in rows), rows
