"""Life changes a second new user's trial found, each read by a general rule, in English and Chinese: a short
kinship word (我姐, 我弟) names another person, a drug switched names the drug it ends, and each named friend
holds their own facts."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active as _active
from _slot_items import slot_items

START = datetime(2026, 10, 3, 9, tzinfo=UTC)


@pytest.mark.parametrize(("mine", "theirs", "who", "org"), [
    ("I work at Alibaba", "我妹上个月去了美团上班", "妹妹", "美团"),  # 我妹 keys as 我妹妹
    ("我在京东上班", "我弟刚去了小米上班", "弟弟", "小米"),
])
def test_a_relatives_new_job_said_with_a_short_kinship_word_is_theirs(tmp_path: Path, mine: str, theirs: str,
                                                                       who: str, org: str) -> None:
    rows = slot_items(tmp_path, [mine, theirs], start=START, days_apart=2)
    live = _active(rows)
    own = [t for k, t in live if k.startswith("fact:works_at")]
    assert len(own) == 1 and org not in own[0], live  # the user's employer stays
    assert any(k.startswith(f"fact:{who}/works_at") and org in t and "了" + org not in t for k, t in live), live


@pytest.mark.parametrize(("said", "org"), [("我刚去了滴滴上班", "滴滴"), ("我下周去了快手报到", "快手")])
def test_gone_to_a_new_employer_keeps_the_name_without_the_aspect_marker(tmp_path: Path, said: str,
                                                                           org: str) -> None:
    rows = slot_items(tmp_path, ["我在京东上班", said], start=START, days_apart=2)
    now = [t for k, t in _active(rows) if k.startswith("fact:works_at")]
    assert now and org in now[0] and f"了{org}" not in now[0], rows


@pytest.mark.parametrize(("before", "switch", "old", "new"), [
    ("I take ibuprofen every day", "my doctor moved me from ibuprofen to aspirin", "ibuprofen", "aspirin"),
    ("I take metformin", "医生让我把二甲双胍改成了胰岛素", "metformin", "insulin"),
    ("我每天吃二甲双胍", "I switched from metformin to atorvastatin last week", "metformin", "atorvastatin"),
])
def test_a_drug_switched_ends_the_old_drug(tmp_path: Path, before: str, switch: str, old: str, new: str) -> None:
    rows = slot_items(tmp_path, [before, switch], start=START, days_apart=5)
    live_keys = [k for k, _ in _active(rows)]
    assert f"fact:medication:{new}" in live_keys, rows
    assert f"fact:medication:{old}" not in live_keys, rows
    assert any(status == "superseded" and k == f"fact:medication:{old}" for status, k, _ in rows), rows


@pytest.mark.parametrize(("first", "second", "kept", "added"), [
    ("my friend Omar moved to Lisbon", "my friend Nadia moved to Oslo", "Lisbon", "Oslo"),
    ("my colleague Ben lives in Leeds", "my colleague Rita lives in York", "Leeds", "York"),
    ("我朋友Kenji住在大阪", "我朋友Mei住在台北", "大阪", "台北"),
])
def test_each_named_friend_keeps_their_own_facts(tmp_path: Path, first: str, second: str, kept: str,
                                                 added: str) -> None:
    rows = slot_items(tmp_path, [first, second], start=START, days_apart=3)
    live = " | ".join(t for _, t in _active(rows))
    assert kept in live and added in live, rows


def test_the_same_friend_named_again_still_moves(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["my friend Omar lives in Lisbon", "my friend Omar moved to Porto"],
                      start=START, days_apart=3)
    live = " | ".join(t for _, t in _active(rows))
    assert "Porto" in live and "Lisbon" not in live, rows
