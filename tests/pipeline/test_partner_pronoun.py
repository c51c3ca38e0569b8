"""A partner named earlier in the turn and called "he"/"she" where the bond is said ("还好有小王陪我…他是我男朋友",
"things with Kevin are great, he's my boyfriend now") is the new partner, after a breakup with someone else."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.partner_pronoun import named_partner

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("还好有小王陪我。我们上个月在一起了，他是我男朋友。", "还好有小王陪我。我们上个月在一起了，小王是我男朋友。"),
        ("认识了阿杰，她现在是我女朋友", "认识了阿杰，阿杰现在是我女朋友"),
        (
            "Things with Kevin are great, he's my boyfriend now",
            "Things with Kevin are great, Kevin is my boyfriend now",
        ),
        ("I met Dana at work and she is my girlfriend now", "I met Dana at work and Dana is my girlfriend now"),
    ],
)
def test_the_pronoun_names_the_partner_said_before_it(text: str, read: str) -> None:
    assert named_partner(text) == read


@pytest.mark.parametrize(
    "text",
    [
        "我们在一起了，他是我男朋友",
        "我老公很好，他是我老公",
        "小区里认识的，他是我男朋友",
        "Still in Denver. He is my boyfriend",
    ],
)
def test_no_name_before_it_leaves_the_text_as_written(text: str) -> None:
    assert named_partner(text) == text


@pytest.mark.parametrize(
    ("texts", "now", "then"),
    [
        (["我男朋友叫阿伟", "今天和阿伟分手了", "还好有小王陪我。我们上个月在一起了，他是我男朋友。"], "小王", "阿伟"),
        (
            ["My boyfriend is Mark", "Mark and I broke up", "Things with Kevin are great, he's my boyfriend now"],
            "Kevin",
            "Mark",
        ),
    ],
)
def test_a_new_partner_after_a_breakup_is_current(tmp_path: Path, texts: list[str], now: str, then: str) -> None:
    rows = [
        (k, d)
        for k, d in active(slot_items(tmp_path, texts, start=START, days_apart=3))
        if k.startswith("fact:partner")
    ]
    assert any(now in d for _, d in rows) and not any(then in d for _, d in rows), rows
