"""A partner named with no owner or as the new one is the user's partner: "男朋友叫阿杰" keeps the name, and in
"脱单了！新男朋友叫Kevin，是个设计师" the job is the partner's, not the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.own_partner import own_partner


def _active(text: str) -> list[tuple[str, str]]:
    store, pipeline = DictStore(), WritePipeline()
    turn = Turn("u1", "t1", "s", "user", text, datetime(2026, 3, 1, 8, tzinfo=UTC))
    store.apply("u1", pipeline.plan(turn, store))
    return [(str(i.key), i.description) for i in store.list_items("u1") if i.kind != "event"]


@pytest.mark.parametrize(("text", "read"), [
    ("男朋友叫阿杰", "我男朋友叫阿杰"),
    ("脱单了！新男朋友叫Kevin，是个设计师", "脱单了！我男朋友叫Kevin，是个设计师"),
    ("我新女朋友叫小美", "我女朋友叫小美"),
    ("老公在华为上班", "我老公在华为上班"),
])
def test_an_ownerless_partner_is_read_as_the_users(text: str, read: str) -> None:
    assert own_partner(text) == read


@pytest.mark.parametrize("text", [
    "她男朋友叫阿杰", "小美的男朋友是个设计师", "I met my boyfriend at work", "我妹妹脱单了，男朋友叫阿杰。",
])
def test_someone_elses_partner_is_left_as_written(text: str) -> None:
    assert own_partner(text) == text


@pytest.mark.parametrize(("text", "name", "job"), [
    ("脱单了！新男朋友叫Kevin，是个设计师", "Kevin", "设计师"),
    ("新女朋友叫小美，是个护士", "小美", "护士"),
])
def test_the_name_and_the_job_are_the_partners(text: str, name: str, job: str) -> None:
    active = _active(text)
    assert any(k == "fact:partner" and name in d for k, d in active), active
    assert not any(k == "fact:occupation" for k, _ in active), active
    assert any(k.endswith("/occupation") and job in d for k, d in active), active
