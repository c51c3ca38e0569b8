"""A relationship begun without a name takes the person the user met before (``pipeline.bond_met``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline.bond_met import met_partner
from memory_core.pipeline.pipeline import WritePipeline


@pytest.mark.parametrize(("text", "expected"), [
    ("相亲认识了一个男生，叫周航，我们在聊着", ("周航", "he")),
    ("朋友给我介绍了一个女生叫林夏，人挺好的", ("林夏", "she")),
    ("在探探上认识了个小哥哥，他叫阿杰", ("阿杰", "he")),
    ("I met a guy named Jake at a friend's party", ("Jake", "he")),
    ("Met a woman at the climbing gym, her name is Clara.", ("Clara", "she")),
    ("matched with Priya on Hinge last week", ("Priya", "any")),
])
def test_a_person_met_is_read_with_the_gender_of_the_role(text: str, expected: tuple[str, str]) -> None:
    assert met_partner(text) == expected


@pytest.mark.parametrize("text", ["认识了一个新同事，叫小李", "I met my new manager today", "我们在一起了"])
def test_no_possible_partner_is_read_from_other_people_or_none(text: str) -> None:
    assert met_partner(text) is None


def _turn(text: str) -> Turn:
    return Turn(user_id="u", session_id="s", turn_id="t", speaker="user", role="user", text=text,
                timestamp=datetime(2026, 3, 1, tzinfo=UTC))


def test_a_trip_in_another_part_of_the_clause_leaves_the_bond_lasting() -> None:
    cands = WritePipeline().candidates(_turn("went on a trip to Maine and we made it official"))
    assert any(c.key == "fact:partner" and c.polarity > 0 and c.valid_until is None for c in cands)


def test_a_trip_still_keeps_a_weak_place_cue_silent() -> None:
    cands = WritePipeline().candidates(_turn("I'm in Rome now, here for a conference this week"))
    assert not any(c.key.startswith("fact:lives_in") and not c.is_event for c in cands)


def _active_partners(texts: list[str]) -> list[str]:

    store, pipeline = DictStore(), WritePipeline()
    for n, text in enumerate(texts):
        turn = Turn("u1", f"t{n}", "s", "user", text, datetime(2026, 1, 1 + 3 * n, tzinfo=UTC), speaker="Bo")
        store.apply("u1", pipeline.plan(turn, store))
    return [i.description for i in store.list_items("u1", statuses=None)
            if str(i.key).startswith("fact:partner") and str(i.status) == "active"]


@pytest.mark.parametrize(("texts", "now"), [
    (["单身狗一枚。", "相亲认识了一个男生，叫周航，感觉还不错", "我们正式在一起啦！"], "男朋友是周航"),
    (["认识了一个女生叫林夏", "在一起了"], "女朋友是林夏"),
    (["I'm single.", "I met a guy named Jake at a party.", "we're official now"], "boyfriend is Jake"),
])
def test_the_partner_is_the_person_met_before(texts: list[str], now: str) -> None:
    active = _active_partners(texts)
    assert len(active) == 1 and now in active[0], active


def test_no_one_met_leaves_the_beginning_unnamed() -> None:
    assert _active_partners(["I'm single.", "we're official now"]) == ["Bo is in a relationship"]
