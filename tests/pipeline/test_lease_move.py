"""A home leased, rented or found in a place is a planned move there (dated when said); "we're in!", 入住了 and
"moved in" carry it out. A shop or office lease, a question and another person's lease are no move."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.lease_move import lease_said, leased_place

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "place", "when"), [
    ("Signed a lease in Swords, two bed apartment, €2,250 a month. Moving on the 25th of June.", "Swords",
     "on the 25th of June"),
    ("Found a great two-bed flat in Leeds, we move in next month!", "Leeds", "next month"),
    ("So yeah, found a rental in South Hobart.", "South Hobart", ""),
    ("签了滨江的房子，下个月搬", "滨江", "下个月"),
    ("昆山的房子交房了！", "昆山", ""),
])
def test_a_home_leased_names_the_place(text: str, place: str, when: str) -> None:
    assert leased_place(text) == (place, when)


@pytest.mark.parametrize("text", [
    "Signed the lease on a unit for the cidery in Cygnet.",
    "Got a lease on a little shop unit in Kinsale for the bakery.",
    "My sister signed a lease in Cork.",
    "If we sign a lease in Swords we'll be broke.",
    "在松山湖租了个铺面，准备开店",
    "同事签了滨江的房子",
])
def test_no_home_of_the_user_is_no_move(text: str) -> None:
    assert leased_place(text) == ("", "")
    assert lease_said(text) == text


def test_the_plan_is_said_after_the_turn() -> None:
    assert lease_said("Signed a lease in Swords. Moving on the 25th of June.").endswith(
        "I'm moving to Swords on the 25th of June.")
    assert lease_said("签了滨江的房子，下个月搬").endswith("我下个月要搬到滨江了。")
    assert lease_said("We're moving to Hobart, found a rental in South Hobart.") == \
        "We're moving to Hobart, found a rental in South Hobart."  # the move is said already


@pytest.mark.parametrize(("turns", "new", "old"), [
    (["I live in Ballincollig.", "Signed a lease in Swords, two bed apartment. Moving on the 25th of June.",
      "We're in! Boxes everywhere."], "Swords", "Ballincollig"),
    (["I'm based in Geelong.", "Found a little two-bed flat in Ballarat, we move in next month!",
      "Moved in last weekend, still unpacking."], "Ballarat", "Geelong"),
    (["我住在杭州西湖区。", "签了滨江的房子，下个月搬", "终于搬进来了，到处都是箱子"], "滨江", "西湖区"),
])
def test_the_move_is_carried_out(tmp_path: Path, turns: list[str], new: str, old: str) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=10)
    homes = [(state, text) for state, key, text in rows if key == "fact:lives_in"]
    assert any(state == "active" and new in text for state, text in homes), rows
    assert not any(state == "active" and old in text for state, text in homes), rows


def test_a_shop_lease_moves_no_one(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["I live in Cork.", "Got a lease on a little shop unit in Kinsale for the bakery.",
                                 "We're in! Shelves up."], start=START, days_apart=10)
    homes = [text for state, key, text in rows if key == "fact:lives_in" and state == "active"]
    assert homes and all("Cork" in text for text in homes), rows
