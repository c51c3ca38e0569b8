"""Lists of things the user has, said in free wording: each member ends on its own, a member added later adds,
and "all of them" ends them all (issue 13)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.all_ended import ended_all
from memory_core.pipeline.counted_names import counted_named
from memory_core.pipeline.members import without_members


def _facts(texts: list[str]) -> tuple[list[str], list[str]]:
    """(active, ended) descriptions of the non-event items ``texts`` leave, said a day apart."""
    store, pipeline = DictStore(), WritePipeline()
    t0 = datetime(2026, 4, 1, tzinfo=UTC)
    for n, text in enumerate(texts):
        turn = Turn("u1", f"t{n}", "s", "user", text, t0 + timedelta(days=n))
        store.apply("u1", pipeline.plan(turn, store))
    items = [i for i in store.list_items("u1", statuses=None) if i.kind != "event"]
    return [i.description for i in items if i.status == "active"], \
        [i.description for i in items if i.status != "active"]


@pytest.mark.parametrize(("description", "terms", "kept"), [
    ("User plays guitar and piano", {"syn:piano"}, "User plays guitar"),
    ("User plays guitar and piano", {"syn:guitar"}, "User plays piano"),
    ("User is into climbing, chess and baking", {"syn:chess"}, "User is into climbing and baking"),
    ("User is into climbing, chess, and baking", {"bake"}, "User is into climbing and chess"),
    ("User pays for Netflix, Hulu and Disney+", {"hulu"}, "User pays for Netflix and Disney+"),
    ("用户订了腾讯视频和爱奇艺", {"爱奇艺"}, "用户订了腾讯视频"),
])
def test_the_ended_member_is_taken_out_of_the_list(description: str, terms: set[str], kept: str) -> None:
    assert without_members(description, frozenset(terms)) == kept


@pytest.mark.parametrize(("description", "terms"), [
    ("User loves mac and cheese", {"chees"}),  # one dish
    ("User eats cheese", {"chees"}),  # no list
    ("User plays guitar and piano every day", {"syn:guitar"}),  # the list does not end the text
    ("用户订了腾讯视频和爱奇艺", {"视频"}),  # a part of a name is no member
])
def test_no_member_is_taken_out(description: str, terms: set[str]) -> None:
    assert without_members(description, frozenset(terms)) == ""


@pytest.mark.parametrize(("texts", "ended", "kept"), [
    (["I pay for Netflix, Hulu and Disney+.", "I cancelled Hulu last week."], "Hulu", ["Netflix", "Disney+"]),
    (["I play guitar and piano.", "I gave up piano."], "piano", ["guitar"]),
    (["I'm into climbing, chess and baking.", "I quit chess."], "chess", ["climbing", "baking"]),
    (["我订了腾讯视频和爱奇艺。", "取消了爱奇艺会员。"], "爱奇艺", ["腾讯视频"]),
    (["我养了两只猫，豆豆和咪咪。", "豆豆走了。"], "豆豆", ["咪咪"]),
])
def test_one_member_ends_and_the_others_stay(texts: list[str], ended: str, kept: list[str]) -> None:
    active, gone = _facts(texts)
    stays = [d for d in active if all(k in d for k in kept)]
    assert stays and ended not in stays[0], active
    assert any(ended in d and all(k in d for k in kept) for d in gone), gone  # history keeps the whole list


@pytest.mark.parametrize("texts", [
    ["I pay for Netflix and Hulu.", "I cancelled all my streaming subscriptions."],
    ["我开了腾讯视频和优酷的会员。", "视频会员我全都退了。"],
])
def test_all_of_them_end(texts: list[str]) -> None:
    active, gone = _facts(texts)
    names = ("Netflix", "Hulu", "腾讯视频", "优酷")
    assert not any(n in d for d in active for n in names), active
    assert gone


def test_a_member_taken_up_later_adds_and_ends_nothing() -> None:
    active, gone = _facts(["I pay for Netflix and Hulu.", "I also got Spotify."])
    assert any("Netflix" in d and "Hulu" in d for d in active) and any("Spotify" in d for d in active), active
    assert not gone


def test_a_word_about_one_member_ends_nothing() -> None:
    active, gone = _facts(["我订了腾讯视频和爱奇艺。", "爱奇艺最近又涨价了。"])
    assert any("腾讯视频" in d and "爱奇艺" in d for d in active) and not gone, (active, gone)


@pytest.mark.parametrize(("text", "said"), [
    ("我养了两只猫，豆豆和咪咪。", "我养了两只猫，叫豆豆和咪咪。"),
    ("我有两个孩子，大宝和二宝", "我有两个孩子，叫大宝和二宝"),
    ("我养了两只猫，都很乖。", "我养了两只猫，都很乖。"),  # no names
    ("我养了两只猫，豆豆和咪咪都很乖。", "我养了两只猫，豆豆和咪咪都很乖。"),  # the names start a clause of their own
])
def test_names_after_a_count_are_the_counted_ones_names(text: str, said: str) -> None:
    assert counted_named(text) == said


@pytest.mark.parametrize(("text", "member", "ends"), [
    ("I cancelled all my streaming subscriptions.", "Spotify", True),
    ("I cancelled all my video subscriptions", "Netflix", True),
    ("I cancelled all my video subscriptions", "Spotify", False),
    ("视频会员我全退了", "爱奇艺", True),
    ("I cancelled Netflix.", "Netflix", False),
    ("I cancelled all my plans for today.", "Netflix", False),
])
def test_all_of_a_kind(text: str, member: str, ends: bool) -> None:
    assert (member in ended_all(text)) is ends
