"""A deal signed, a news heading and a flat share left name no employer (trial 36, finding 5).

"Signed with the publisher!!" is a book, record or game deal; "Big one: I quit the agency job!!" heads the news with
"Big one"; "Left the WG" leaves a shared flat, which is a move.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


def _items(texts: list[str]) -> list[tuple[str, str]]:
    return [(k, d) for s, k, d in planned_items(texts, timedelta(days=30)) if s == "active"]


@pytest.mark.parametrize("said", [
    "Signed with the publisher!! They're funding 9 months.",
    "signed with a record label last week",
    "我签约了一家游戏发行商",
    "跟出版社签约了！",
])
def test_a_deal_signed_is_no_employer(said: str) -> None:
    assert not any(k.startswith("fact:works_at") for k, _ in _items([said])), _items([said])


def test_signing_with_a_company_still_names_it() -> None:
    assert any(k.startswith("fact:works_at") and "Google" in d for k, d in _items(["I signed with Google"]))


def test_a_heading_names_no_employer_left() -> None:
    items = _items(["Big one: I quit the agency job!! Savings should last ~14 months."])
    assert any(k.startswith("fact:works_at") for k, _ in items), items
    assert not any("Big" in d for _, d in items), items


@pytest.mark.parametrize("said", ["Left the WG", "I moved out of the flatshare", "left the dorm last week"])
def test_a_shared_home_left_is_a_move_not_a_job(said: str) -> None:
    items = _items([said])
    assert not any(k.startswith("fact:works_at") for k, _ in items), items
    assert any(k.startswith("fact:lives_in") for k, _ in items), items


def test_the_new_home_beside_a_shared_one_left_is_current() -> None:
    items = _items(["I live in Neukölln", "Lena and I got the keys, 2-room flat in Wedding. Left the WG"])
    homes = [d for k, d in items if k.startswith("fact:lives_in")]
    assert homes == ["User lives in Wedding"], items


@pytest.mark.parametrize("said", ["quit the chew. cold turkey. day 3", "I quit the vape, 2 weeks clean",
                                  "I left the booze behind this year"])
def test_a_habit_quit_is_no_job_left(said: str) -> None:
    # new-user trial 37: "quit the chew" was "User no longer works at the chew"
    assert not any(k.startswith("fact:works_at") for k, _ in _items([said])), _items([said])


def test_a_workplace_quit_still_ends_the_job() -> None:
    assert any(k.startswith("fact:works_at") and "Costco" in d for k, d in _items(["I quit Costco last week"]))
