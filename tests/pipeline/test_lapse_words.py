"""A held plan said to lapse ("游泳卡过期了", "会员到期了", "没续") ends what the user said they held; a thing that
goes off or a document that expires ends nothing (issue 13 §2: a stop said by its consequence)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.pipeline.cessation import cessation_scope
from memory_core.settings import Settings


def _active(tmp_path: Path, texts: list[str]) -> list[str]:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    t0 = datetime(2026, 2, 1, tzinfo=UTC)
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, t0 + timedelta(days=20 * n)) for n, text in enumerate(texts)])
    try:
        return [i.description for i in memory.store.list_items("u1") if i.kind != "event" and i.status == "active"]
    finally:
        memory.close()


@pytest.mark.parametrize("said", ["游泳卡过期了，不打算续", "QQ音乐会员到期了", "瑜伽馆的年卡到期了，懒得续了"])
def test_a_lapse_is_a_cessation_form(said: str) -> None:
    assert cessation_scope(said, "zh")


@pytest.mark.parametrize("said", ["牛奶过期了", "我的护照过期了", "合同到期了再说", "信用卡到期了，银行寄了新卡",
                                  "年卡下个月到期了"])
def test_what_is_not_held_by_paying_is_no_lapse(said: str) -> None:
    assert not cessation_scope(said, "zh")


@pytest.mark.parametrize(("texts", "held"), [
    (["我办了一张游泳卡", "游泳卡过期了，不打算续"], "办了一张游泳卡"),
    (["我开了QQ音乐会员", "QQ音乐会员到期了，没续费"], "开了QQ音乐会员"),
    (["I signed up for a climbing gym membership", "my climbing gym membership lapsed and I didn't renew it"],
     "signed up"),
])
def test_a_lapsed_plan_is_no_longer_held(tmp_path: Path, texts: list[str], held: str) -> None:
    active = _active(tmp_path, texts)
    assert not any(held in d for d in active), active
