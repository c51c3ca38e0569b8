"""A relative's value said in the other language ends the one said before, when it can be one person only."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


def _active(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


@pytest.mark.parametrize(("old", "new", "gone", "now"), [
    ("我妹妹住在北京", "my sister moved to Shenzhen for work", "北京", "Shenzhen"),
    ("my sister lives in Beijing", "我妹妹搬到深圳了", "Beijing", "深圳"),
    ("我哥哥在华为工作", "my brother works at Tencent now", "华为", "Tencent"),
])
def test_a_relatives_value_in_the_other_language_ends_the_old(mem: EmbeddedMemory, old: str, new: str, gone: str,
                                                               now: str) -> None:
    mem.add(old, user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add(new, user_id="u", timestamp="2025-06-01T10:00:00Z")
    active = _active(mem)
    assert any(now in d for d in active) and not any(gone in d for d in active), active


def test_two_sisters_named_keep_their_own_values(mem: EmbeddedMemory) -> None:
    mem.add("我姐姐住在上海", user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add("我妹妹住在北京", user_id="u", timestamp="2025-01-02T10:00:00Z")
    mem.add("my sister moved to Shenzhen for work", user_id="u", timestamp="2025-06-01T10:00:00Z")
    active = _active(mem)
    assert all(any(city in d for d in active) for city in ("上海", "北京", "Shenzhen")), active
