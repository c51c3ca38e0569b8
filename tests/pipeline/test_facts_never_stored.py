"""Facts the mechanical write path used to drop or word oddly (issue 13): each is stored, in either language."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from tests.pipeline._slot_items import active, slot_items

START = datetime(2025, 1, 5, 10)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("老家是成都的，在北京待了十年。", "用户老家在成都"),
        ("我家乡是湖南的", "用户老家在湖南"),
        ("我老家在重庆。", "用户老家在重庆"),
        ("My hometown is Chengdu, but I have lived in Beijing for ten years.", "User is from Chengdu"),
    ],
)
def test_a_hometown_reads_as_one(tmp_path: Path, text: str, wanted: str) -> None:
    rows = active(slot_items(tmp_path, [text], start=START, days_apart=1))
    assert ("fact:from", wanted) in rows


def test_a_new_hometown_supersedes_the_old(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我老家是成都的。", "我老家在重庆。"], start=START, days_apart=30)
    assert ("superseded", "fact:from", "用户老家在成都") in rows
    assert ("active", "fact:from", "用户老家在重庆") in rows
