"""A partner named in passing in Chinese or a mixed sentence ("我男朋友阿杰今天给我做了饭") is kept."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


def _active(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


@pytest.mark.parametrize(("text", "name"), [("我男朋友阿杰今天给我做了饭", "阿杰"), ("我老公Tom今天加班", "Tom"),
                                            ("我女朋友小雨说周末去爬山", "小雨")])
def test_a_partner_named_in_passing_in_chinese_is_kept(mem: EmbeddedMemory, text: str, name: str) -> None:
    mem.add(text, user_id="u", timestamp="2025-06-01T10:00:00Z")
    assert any(d.endswith(f"是{name}") for d in _active(mem)), _active(mem)


@pytest.mark.parametrize("text", ["我男朋友小时候住在北京", "我老公小心眼"])
def test_no_partner_name_where_none_is_said(mem: EmbeddedMemory, text: str) -> None:
    mem.add(text, user_id="u", timestamp="2025-06-01T10:00:00Z")
    assert not any("是小" in d for d in _active(mem)), _active(mem)
