"""A drink given up, then taken up again, said in Chinese: the restart ends the stop (又开始, 重新, 又…上了, 恢复)."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


def _active(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


@pytest.mark.parametrize(
    ("stop", "again", "thing"),
    [
        ("酒我已经戒了，体检指标太吓人。", "最近又开始喝点酒了，应酬躲不掉。", "酒"),
        ("咖啡我早就戒掉了。", "重新开始喝咖啡了，每天上午一杯。", "咖啡"),
        ("我不喝奶茶了，控糖中。", "控糖失败，恢复喝奶茶了。", "奶茶"),
        ("我不喝酒了，为了身体。", "过年那阵又喝上了，唉。", "喝"),
    ],
)
def test_a_drink_taken_up_again_ends_its_stop(mem: EmbeddedMemory, stop: str, again: str, thing: str) -> None:
    mem.add(stop, user_id="u", timestamp="2025-01-01T10:00:00Z")
    assert any(thing in d and ("不再" in d or "戒" in d or "不喝" in d) for d in _active(mem)), _active(mem)
    mem.add(again, user_id="u", timestamp="2025-06-01T10:00:00Z")
    active = _active(mem)
    assert not any("不再" in d or "戒" in d or "不喝" in d for d in active), active
    assert any("又" in d or "重新" in d or "恢复" in d for d in active), active


def test_a_time_said_first_is_no_object_put_first() -> None:
    from memory_core.pipeline.cessation import topicalised

    assert topicalised("过年那阵我又喝上了") == ""
    assert topicalised("酒我又喝上了") == "酒"


def test_drinking_again_with_no_drink_named_is_alcohol() -> None:
    from memory_core.pipeline.cessation import resumption_scope

    assert resumption_scope("又喝上了", "zh").endswith("（酒）")
    assert not resumption_scope("又开始喝咖啡了", "zh").endswith("（酒）")


def test_a_time_word_before_a_stop_is_no_drink() -> None:
    from datetime import UTC, datetime

    from memory_core.model import Turn
    from memory_core.pipeline.extract import MechanicalExtractor

    turn = Turn("u", "t", "s", "user", "我现在已经戒了", datetime(2025, 1, 1, tzinfo=UTC))
    keys = [c.key for c in MechanicalExtractor().extract(turn)]
    assert not any(k.startswith("pref:现在") for k in keys), keys
