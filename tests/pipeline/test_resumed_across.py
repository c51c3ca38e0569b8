"""A stop said in one language and the return said in the other: the return ends the stop (issue 13)."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.cessation import bare_drinking


def _active(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


@pytest.mark.parametrize(
    ("stop", "again"),
    [
        ("我戒酒了，为了身体。", "I started drinking again, work dinners every week."),
        ("我不喝酒了。", "I'm drinking again these days."),
        ("I don't drink alcohol.", "I started drinking again."),
        ("I quit drinking.", "I started drinking again."),
    ],
)
def test_drinking_again_in_english_ends_a_stop_in_either_language(mem: EmbeddedMemory, stop: str, again: str) -> None:
    mem.add(stop, user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add(again, user_id="u", timestamp="2025-06-01T10:00:00Z")
    active = _active(mem)
    assert not any(w in d for d in active for w in ("不再", "戒", "不喝", "quit", "n't drink")), active
    assert any("again" in d for d in active), active


def test_only_drinking_with_no_object_is_alcohol() -> None:
    assert bare_drinking("drinking", "en")
    assert not bare_drinking("drinking tea", "en")
    assert not bare_drinking("喝", "zh")
