"""An old thing's end said beside the new one is no statement of its own; the new thing is kept."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.old_thing_gone import old_thing_gone


@pytest.mark.parametrize(
    "text",
    [
        "My old iPhone 12 finally gave up.",
        "my old laptop died last night",
        "the old car finally broke down",
        "旧手机终于坏了",
        "我那台旧的MacBook彻底罢工了",
        "老电脑开不了机了",
    ],
)
def test_an_old_things_end_is_read(text: str) -> None:
    assert old_thing_gone(text)


@pytest.mark.parametrize(
    "text", ["My old roommate moved to Denver", "did my old phone die?", "老公的手机坏了", "I gave up coffee"]
)
def test_other_clauses_are_not(text: str) -> None:
    assert not old_thing_gone(text)


@pytest.mark.parametrize(
    ("text", "new"),
    [
        ("Got a new phone, a Pixel 9. My old iPhone 12 finally gave up.", "Pixel 9"),
        ("换了个小米14，旧手机终于坏了。", "小米14"),
    ],
)
def test_the_new_thing_is_kept_and_the_old_ones_end_is_not_stored(text: str, new: str) -> None:
    active = [d for status, _, d in planned_items([text], timedelta(days=1)) if status == "active"]
    assert any(new in d for d in active), active
    assert not any(old_thing_gone(d) for d in active), active
