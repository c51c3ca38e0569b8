"""What a supposition, plan or wish carries on in the next clause states nothing either ("我要是中了彩票就买游艇，
然后搬去冰岛", "if I win the lottery, I'll quit, then move to Lisbon"), while a clause of its own after it does."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.supposed import carried_on

DAY = timedelta(days=1)


def _active(texts: list[str]) -> dict[str, str]:
    return {text: key for status, key, text in planned_items(texts, DAY) if status == "active"}


@pytest.mark.parametrize(
    "text",
    [
        "我要是中了彩票就买一艘游艇，然后搬去冰岛。",
        "要是中了彩票，我就辞职，然后搬去大理。",
        "假如明年升职了，我就换辆车，再搬到市中心。",
        "等我退休了，就搬去海南，然后天天钓鱼。",
        "我在考虑搬去深圳，然后在腾讯找份工作。",
        "我要是有钱了，就搬去 Tokyo，then open a cafe",
    ],
)
def test_a_supposition_carried_on_in_chinese_moves_nobody(text: str) -> None:
    active = _active(["我住在杭州，在阿里上班。", text])
    assert active.get("用户住在杭州") == "fact:lives_in", active
    assert active.get("用户在阿里工作") == "fact:works_at", active
    assert not [k for k in active.values() if k.startswith("fact:")][2:], active


@pytest.mark.parametrize(
    "text",
    [
        "If I win the lottery, I'll quit my job, then move to Lisbon.",
        "if I got laid off I'd go back home and work at my dad's shop",
        "要是 I win the lottery，就搬去冰岛",
    ],
)
def test_a_supposition_carried_on_in_english_moves_nobody(text: str) -> None:
    active = _active(["I live in Leeds and work at Tesco.", text])
    assert active.get("User lives in Leeds") == "fact:lives_in", active
    assert active.get("User works at Tesco") == "fact:works_at", active
    assert not [k for k in active.values() if k.startswith(("fact:", "gist:"))][2:], active


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("如果你有推荐的话告诉我，我住在浦东。", "用户住在浦东"),
        ("我上个月辞职了，然后搬去了成都。", "用户住在成都"),
        ("If you have tips, I live in Manchester now.", "User lives in Manchester"),
    ],
)
def test_a_clause_of_its_own_after_a_supposition_is_still_said(text: str, said: str) -> None:
    assert said in _active([text])


def test_the_supposition_ends_with_the_sentence() -> None:
    clauses = [c for c, _ in split_clauses("要是中了彩票就好了。然后搬去了成都。")]
    assert any("搬去了成都" in c for c in clauses), clauses


def test_carried_on_reads_and_updates_the_sentence_state() -> None:
    supposing = [""]
    assert not carried_on("我要是中了彩票就买游艇", "zh", supposing) and supposing == ["supposed"]
    assert carried_on("然后搬去冰岛", "zh", supposing) and supposing == ["supposed"]
    assert not carried_on("我住在杭州", "zh", supposing) and supposing == [""]
    assert not carried_on("然后搬去冰岛", "zh", supposing)
