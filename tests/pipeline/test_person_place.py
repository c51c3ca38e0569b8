"""Where a partner or a relative is, is that person's own fact: never text added to the user's bond with them."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


def _active(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


@pytest.mark.parametrize(
    ("bond", "place", "name", "city"),
    [
        (
            "我男朋友叫陈默，我们在一起三年了。",
            "陈默 is still in Hangzhou for work, we see each other on weekends.",
            "陈默",
            "Hangzhou",
        ),
        (
            "My girlfriend is Maya, we've been together two years.",
            "Maya is in Denver now, she took a job there.",
            "Maya",
            "Denver",
        ),
        ("我老公叫周航。", "周航还在苏州，我们周末才见面。", "周航", "苏州"),
    ],
)
def test_a_partners_place_is_no_detail_of_the_partner(
    mem: EmbeddedMemory, bond: str, place: str, name: str, city: str
) -> None:
    mem.add(bond, user_id="u", timestamp="2025-03-01T10:00:00Z")
    mem.add(place, user_id="u", timestamp="2025-04-01T10:00:00Z")
    active = _active(mem)
    assert any(name in d for d in active), active
    assert not any(name in d and city in d and ("；" in d or ";" in d) for d in active), active


def test_a_partners_place_is_told_apart_from_other_details() -> None:
    from memory_core.pipeline.detail_role import detail_of_thing
    from memory_core.pipeline.gist import topic

    said, old = "Tom is still in Hangzhou for work", "User's husband is Tom"
    assert not detail_of_thing(said, topic(said, "en"), topic(old, "en"), "fact:partner", "en")
    said = "周航还在苏州"
    assert not detail_of_thing(said, topic(said, "zh"), topic("用户的老公是周航", "zh"), "fact:partner", "zh")
