"""What a move leaves behind goes with the old home, in both languages (issue 13): the rent and the landlord end at
any move to another home; a local tie that names the old home's place (a gym, a commute) ends when the move leaves
that place. A job, the family living there, a home said again, a trip or someone else's move end nothing. And the
homes these turns are read from: a landlord of a place, the drive in from it, a first night in a new flat said in
mixed language, the how-manyth year in a place, a studio rented on arrival."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.model import Kind
from memory_core.pipeline.shared_home import shared_home_left
from memory_core.pipeline.slots import read_clause
from memory_core.pipeline.types import Candidate

DAY = timedelta(days=20)


def _status(texts: list[str]) -> dict[str, str]:
    """status by description of every item the turns leave."""
    return {text: status for status, _, text in planned_items(texts, DAY)}


def _home(value: str, lang: str = "en") -> Candidate:
    said = f"User lives in {value}" if lang == "en" else f"用户住在{value}"
    return Candidate(kind=Kind.FACT, description=said, theme="places", key="fact:lives_in", polarity=1, value=value)


ROWS = [
    ("1", "gist:landlord", "User's landlord is a nightmare"),
    ("2", "fact:rent", "User's rent is $900 a month"),
    ("3", "gist:syn:gym", "User goes to a climbing gym in Dundee every week"),
    ("4", "gist:works_at", "User works remotely for a bank in Dundee"),
    ("5", "gist:food", "User loves the bakery down the street"),
]
HOME = [("0", "fact:lives_in", "User lives in Dundee")]


def _ends(text: str, home: Candidate, homes: list[tuple[str, str, str]],
          rows: list[tuple[str, str, str]] = ROWS) -> set[str]:
    shared_home_left(text, [home], lambda prefixes: homes if prefixes == ("fact:lives_in",) else rows)
    return set(home.ends)


def test_a_move_to_another_city_ends_the_rent_the_landlord_and_the_gym_named_there() -> None:
    assert _ends("We finally moved to Perth", _home("Perth"), HOME) == {"gist:landlord", "fact:rent", "gist:syn:gym"}


ROWS_ZH = [("2", "fact:rent", "用户的房租是6000"), ("3", "gist:syn:健身", "用户在北京办了健身房年卡"),
           ("4", "gist:房东", "用户的房东人还不错")]


def test_a_move_within_the_city_ends_the_home_itself_but_keeps_what_names_the_city() -> None:
    ends = _ends("搬到北京海淀区了", _home("北京海淀区", "zh"), [("0", "fact:lives_in", "用户住在北京朝阳区")], ROWS_ZH)
    assert ends == {"fact:rent", "gist:房东"}
    ends = _ends("搬到杭州了", _home("杭州", "zh"), [("0", "fact:lives_in", "用户住在北京朝阳区")], ROWS_ZH)
    assert ends == {"fact:rent", "gist:房东", "gist:syn:健身"}


@pytest.mark.parametrize(("text", "value"), [
    ("I moved to Dundee 5 years ago and love it", "Dundee"),  # the same home said again
    ("I live in Perth", "Perth"),  # no move said
])
def test_no_move_to_another_home_ends_nothing(text: str, value: str) -> None:
    assert _ends(text, _home(value), HOME) == set()


def test_someone_elses_home_ends_nothing_of_the_users() -> None:
    home = Candidate(kind=Kind.FACT, description="User's sister lives in Perth", theme="places",
                     key="fact:sister/lives_in", polarity=1, value="Perth")
    assert _ends("my sister moved to Perth", home, HOME) == set()


@pytest.mark.parametrize(("texts", "gone", "kept"), [
    (["I live in Dundee", "my landlord is a nightmare", "my rent is $900 a month",
      "I go to a climbing gym in Dundee every week", "my parents live in Dundee too", "We finally moved to Perth"],
     ["landlord", "rent", "gym", "lives in Dundee"], ["User's parents live in Dundee", "User lives in Perth"]),
    (["我住在北京", "房租每个月6000", "我在北京办了健身房年卡，每周去三次", "我爸妈也住在北京", "上个月搬到杭州了"],
     ["房租", "健身房", "用户住在北京"], ["用户的爸妈住在北京", "用户住在杭州"]),
])
def test_a_move_leaves_the_old_homes_ties_behind(texts: list[str], gone: list[str], kept: list[str]) -> None:
    active = [t for t, s in _status(texts).items() if s == "active"]
    assert not [t for t in active if any(word in t for word in gone) and t not in kept], active
    assert all(t in active for t in kept), active


@pytest.mark.parametrize("texts", [
    ["I live in Dundee", "my rent is $900 a month", "in Paris for a business trip this week, the hotel is tiny"],
    ["我住在杭州", "房租每个月4500", "这周在深圳出差，住在酒店"],
    ["I live in Dundee", "my rent is $900 a month", "my sister moved to Perth"],
])
def test_a_trip_or_another_persons_move_leaves_the_rent(texts: list[str]) -> None:
    assert [s for t, s in _status(texts).items() if "rent" in t or "房租" in t] == ["active"]


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["my landlord in Dundee is fixing the boiler",
      "The drive in from Perth to the office is killing me since we moved"], "Dundee", "Perth"),
    (["我 Brooklyn 的 landlord 又要涨 rent 了",
      "first night 在 Jersey City 的新 apartment！终于不用交 Brooklyn 的房租了"],
     "Brooklyn", "Jersey City"),
])
def test_homes_said_by_what_goes_with_them(texts: list[str], old: str, new: str) -> None:
    homes = {t: s for s, k, t in planned_items(texts, DAY) if k == "fact:lives_in"}
    assert [s for t, s in homes.items() if old in t] == ["superseded"], homes
    assert [s for t, s in homes.items() if new in t] == ["active"], homes


@pytest.mark.parametrize(("clause", "lang", "claim"), [
    ("我人在 Singapore 第二年了", "zh", "住在Singapore"),
    ("我住 Tiong Bahru 附近", "zh", "住在Tiong Bahru"),
    ("我北京的房东人还不错", "zh", "住在北京"),
    ("my daily train ride from Woking to work is an hour", "en", "lives in Woking"),
])
def test_a_home_read_from_one_clause(clause: str, lang: str, claim: str) -> None:
    assert claim in [h.claim for h in read_clause(clause, lang).hits if h.attr.id == "lives_in"]


@pytest.mark.parametrize(("clause", "lang"), [
    ("这周人在上海，来参加展会", "zh"), ("我朋友的房东人还不错", "zh"),
    ("the drive from Perth to Dundee was lovely", "en"),
])
def test_no_home_from_a_stay_another_persons_landlord_or_a_drive_once(clause: str, lang: str) -> None:
    assert not [h for h in read_clause(clause, lang).hits if h.attr.id == "lives_in"]


def test_a_studio_rented_on_arrival_is_the_new_home_a_holiday_rental_is_not() -> None:
    moved = _status(["I live in Leeds", "Made it to Glasgow, renting a tiny studio in the West End now"])
    assert moved.get("User lives in Glasgow") == "active" and moved.get("User lives in Leeds") == "superseded"
    stay = _status(["I live in Leeds", "Made it to Lisbon! renting a tiny studio in Alfama for the conference week"])
    assert stay.get("User lives in Leeds") == "active"


def test_a_visa_ends_only_with_a_move_out_of_the_place_it_names() -> None:
    rows = [("6", "gist:visa", "User is on a work visa in the UK"), ("7", "gist:h1b", "User is on an H-1B visa")]
    uk = [("0", "fact:lives_in", "User lives in the UK")]
    assert _ends("we moved to Canada last month", _home("Canada"), uk, rows) == {"gist:visa"}
    zh = [("6", "gist:works_at", "用户持有日本的工作签证")]
    japan = [("0", "fact:lives_in", "用户住在日本")]
    assert _ends("搬到多伦多了", _home("多伦多", "zh"), japan, zh) == {"gist:works_at"}
    assert _ends("搬到大阪了", _home("日本大阪", "zh"), [("0", "fact:lives_in", "用户住在日本")], zh) == set()
