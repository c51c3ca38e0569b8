""" "我的狗跑了，已经不在了": the one gone is the dog, never the speaker; the pet ends."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


def _active(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


@pytest.mark.parametrize("gone", ["我的狗跑了，已经不在了，好难过。", "我家狗跑了，估计回不来了。"])
def test_a_dog_run_off_ends_the_dog_and_no_user_fact(mem: EmbeddedMemory, gone: str) -> None:
    mem.add("我养了一只柯基，叫豆豆。", user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add(gone, user_id="u", timestamp="2025-06-01T10:00:00Z")
    active = _active(mem)
    assert not any("柯基" in d for d in active), active
    assert not any(d.startswith("用户") and ("不在了" in d or "回不来" in d) for d in active), active


def test_the_clause_after_a_pets_loss_is_not_the_speakers() -> None:
    from datetime import UTC, datetime

    from memory_core.model import Turn
    from memory_core.pipeline.extract import MechanicalExtractor

    turn = Turn("u", "t", "s", "user", "我的狗跑了，已经不在了", datetime(2025, 1, 1, tzinfo=UTC))
    said = [c.description for c in MechanicalExtractor().extract(turn) if not c.is_event]
    assert not any("用户已经不在了" in d for d in said), said


def test_a_dog_that_ran_a_distance_is_not_lost(mem: EmbeddedMemory) -> None:
    mem.add("我养了一只柯基，叫豆豆。", user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add("今天带狗跑了三公里，累坏了。", user_id="u", timestamp="2025-06-01T10:00:00Z")
    assert any("柯基" in d for d in _active(mem)), _active(mem)
