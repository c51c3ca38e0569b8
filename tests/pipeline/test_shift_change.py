"""A move of shift ends the night or day work said with the workplace; "moved to days" is no home."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items


def _items(tmp_path: Path, texts: list[str]) -> list[tuple[str, str, str]]:
    return slot_items(tmp_path, texts, start=datetime(2025, 1, 1, tzinfo=UTC), days_apart=30)


@pytest.mark.parametrize(("texts", "old"), [
    (["I work nights at a warehouse.", "Finally moved to days!"], "nights"),
    (["I work nights at a warehouse.", "Switched to the day shift this month, sleeping so much better."], "nights"),
    (["I work nights at a warehouse.", "换成白班了，终于能正常睡觉。"], "nights"),
    (["I work days at a warehouse.", "I've moved to nights, the pay is better."], "days"),
])
def test_a_move_of_shift_ends_the_other_shift_said_with_the_workplace(tmp_path: Path, texts: list[str],
                                                                       old: str) -> None:
    now = active(_items(tmp_path, texts))
    assert not [text for _, text in now if f"works {old}" in text], now
    assert [key for key, _ in now if key == "fact:work_shift"], now
    assert not [text for key, text in now if key == "fact:lives_in"], "a shift is no home"


def test_another_persons_move_of_shift_leaves_the_users_shift(tmp_path: Path) -> None:
    now = active(_items(tmp_path, ["I work nights at a warehouse.", "My wife switched to the day shift."]))
    assert ("gist:works_at", "User works nights at a warehouse") in now, now
