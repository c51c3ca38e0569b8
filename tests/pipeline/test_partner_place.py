"""A partner's or relative's place said as their own fact ("老婆还在杭州", "My wife is still in Hangzhou") is theirs:
never the user's home (issue 13 §6)."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


def _active(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


@pytest.mark.parametrize(("home", "then", "who", "place"), [
    ("上个月我搬到上海工作了。", "老婆还在杭州，暑假再过来。", "老婆", "杭州"),
    ("我住在北京。", "我老公目前还在深圳。", "老公", "深圳"),
    ("I moved to Shanghai for work last month.", "My wife is still in Hangzhou, she'll join me in summer.", "wife",
     "Hangzhou"),
])
def test_the_partners_place_is_theirs(mem: EmbeddedMemory, home: str, then: str, who: str, place: str) -> None:
    mem.add(home, user_id="u", timestamp="2025-01-05T10:00:00Z")
    mem.add(then, user_id="u", timestamp="2025-02-10T10:00:00Z")
    active = _active(mem)
    assert any(who in d and place in d for d in active), active
    assert not any(place in d and who not in d for d in active), active


@pytest.mark.parametrize("then", ["我老婆在洗澡。", "老婆还在加班。"])
def test_what_the_partner_is_doing_is_no_place(mem: EmbeddedMemory, then: str) -> None:
    mem.add(then, user_id="u", timestamp="2025-02-10T10:00:00Z")
    assert _active(mem) == []


def test_a_bare_place_of_a_relative_is_no_statement_of_theirs(mem: EmbeddedMemory) -> None:
    mem.add("我妈在上海。", user_id="u", timestamp="2025-02-10T10:00:00Z")
    assert not any("上海" in d and "妈" in d and "住" not in d for d in _active(mem)), _active(mem)
