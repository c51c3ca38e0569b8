"""A move put on someone else and the user's own city said as still held ("No, that's my brother. I'm still in
Shenzhen", 不是，那是我哥。我还在深圳) states the user's home even when no home was known; "still in" alone, or
still in a room, states none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline


def _active(texts: list[str]) -> list[tuple[str, str]]:
    """(key, description) of the active statements the user turns leave, one day apart."""
    store, pipeline = DictStore(), WritePipeline()
    for i, text in enumerate(texts):
        turn = Turn("u1", f"t{i}", "s", "user", text, datetime(2026, 4, 1 + i, 9, tzinfo=UTC))
        store.apply("u1", pipeline.plan(turn, store))
    return [(i.key, i.description) for i in store.list_items("u1") if i.kind != "event" and i.status == "active"]


@pytest.mark.parametrize(
    ("texts", "home"),
    [
        (["No, that's my brother. I'm still in Shenzhen."], "User lives in Shenzhen"),
        (["That's my sister, not me. I'm still in Boston."], "User lives in Boston"),
        (
            ["My brother moved to Tokyo last week.", "No, that's my brother. I'm still in Shenzhen."],
            "User lives in Shenzhen",
        ),
        (["不是，那是我哥。我还在深圳。"], "用户住在深圳"),
        (["不是我，是我姐。我还在杭州。"], "用户住在杭州"),
    ],
)
def test_still_here_after_a_denied_move_is_the_home(texts: list[str], home: str) -> None:
    active = _active(texts)
    assert ("fact:lives_in", home) in active, active
    assert not any(k.startswith("gist:") and "still" in d for k, d in active), active


@pytest.mark.parametrize(
    "text", ["I'm still in Shenzhen.", "No, that's my brother. I'm still in the office.", "我还在深圳。"]
)
def test_still_in_without_a_denied_move_states_no_home(text: str) -> None:
    assert not any(k == "fact:lives_in" for k, _ in _active([text]))
