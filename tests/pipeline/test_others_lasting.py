"""Another person's lasting habit, ability or place said with no copula is kept under that person; a home said with
how long one has lived there is the home; a "can't" complement ends nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _memstore import DictStore
from _turn_factory import TurnFactory

from memory_core.model import Turn
from memory_core.pipeline.ending_hits import ending_clauses
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.terse import en_filled


def _statements(make_turn: TurnFactory, text: str) -> list[tuple[str, str]]:
    return [(c.key, c.description) for c in MechanicalExtractor().statements(make_turn(text))]


@pytest.mark.parametrize(("text", "person"), [
    ("我老公每天早上必须来一杯手冲，不然整个人起不来", "老公"),
    ("我同事 Amy 只喝 matcha latte，她说咖啡因对她来说太猛了", "同事"),
    ("我室友在字节，他们那边加班比我还狠", "室友"),
    ("我哥一家都在广州，他劝我别瞎折腾", "哥"),
    ("男朋友一点辣都吃不了，每次吃火锅都得点鸳鸯锅", "男朋友"),
    ("my coworker Priya actually lives here in Lisbon, she's showing me around tonight", "coworker"),
    ("my roommate Jake only drinks oat milk lattes", "roommate"),
])
def test_a_lasting_clause_about_another_person_is_theirs(make_turn: TurnFactory, text: str, person: str) -> None:
    found = _statements(make_turn, text)
    assert any(key.startswith(f"fact:{person}/") for key, _ in found), found
    assert not any(key.startswith(("gist:", "pref:")) and "/" not in key for key, _ in found), found


@pytest.mark.parametrize("text", [
    "我妈在上海",  # where she is today: maybe a visit
    "我的朋友说 I should totally move to 成都",  # speech reported
    "林晓的表姐把千岛湖婚礼的照片发来了",  # a past act
    "my cousin sent the Lake Tahoe wedding photos",
    "我的朋友每天都说我胖了",
])
def test_a_visit_speech_or_past_act_of_another_person_is_not_kept(make_turn: TurnFactory, text: str) -> None:
    assert not any("/about:" in key for key, _ in _statements(make_turn, text))


def test_the_users_item_on_the_same_thing_does_not_hide_the_persons_habit(
        store: DictStore, make_turn: TurnFactory, ingest: Callable[[Turn], list[Any]]) -> None:
    ingest(make_turn("咖啡戒了"))
    ingest(make_turn("我老公每天早上必须来一杯手冲，不然整个人起不来"))
    texts = [i.description for i in store.list_items("u1")]
    assert any("老公" in t and "手冲" in t for t in texts), texts
    assert any("不再喝咖啡" in t for t in texts), texts


@pytest.mark.parametrize(("fragment", "sentence"), [
    ("6 years in Denver and I still can't deal with the ice", "I've been in Denver for 6 years and I still can't"),
    ("Three years in Leeds now", "I've been in Leeds for Three years now"),
    ("Portland's been home for like 4 years now", "I live in Portland for like 4 years now"),
])
def test_a_home_said_as_how_long_is_put_back_in_the_first_person(fragment: str, sentence: str) -> None:
    filled = en_filled(fragment)
    assert filled is not None and filled.startswith(sentence), filled


@pytest.mark.parametrize("fragment", ["2 weeks in Paris and I'm exhausted", "3 days in Rome"])
def test_a_stay_of_weeks_or_days_is_no_home(fragment: str) -> None:
    assert en_filled(fragment) is None


@pytest.mark.parametrize(("text", "city"), [
    ("住上海这么多年了还是受不了梅雨季，衣服都快发霉了", "上海"),
    ("杭州今天下雪了！住杭州这么多年第一次见这么大的雪", "杭州"),
    ("6 years in Denver and I still can't deal with scraping ice off the windshield", "Denver"),
    ("Chicago's been home for a decade now, can't complain", "Chicago"),
])
def test_a_home_said_with_how_long_is_the_home(make_turn: TurnFactory, text: str, city: str) -> None:
    found = _statements(make_turn, text)
    assert ("fact:lives_in", next((d for k, d in found if k == "fact:lives_in"), "")) in found, found
    assert any(city in d for k, d in found if k == "fact:lives_in"), found


@pytest.mark.parametrize(("text", "ends"), [
    ("住上海这么多年了还是受不了梅雨季", False),  # cannot bear the rain: no end of anything
    ("我一点辣都吃不了", False),
    ("咖啡喝不了了", True),  # can no longer: an end
    ("我喝不了咖啡了", True),
    ("粤语学不下去了", True),
])
def test_a_cannot_complement_ends_nothing_unless_a_change_follows(text: str, ends: bool) -> None:
    assert bool(ending_clauses(text)) is ends


def test_another_persons_employer_said_with_a_weak_cue_is_theirs_and_their_next_one_ends_it(
        store: DictStore, make_turn: TurnFactory, ingest: Callable[[Turn], list[Any]]) -> None:
    ingest(make_turn("我在美团上班"))
    ingest(make_turn("我表姐在网易，天天加班到十一点"))
    assert not any(i.key.startswith("gist:") for i in store.list_items("u1")), store.list_items("u1")
    ingest(make_turn("我表姐跳槽去腾讯了"))
    active = [i.description for i in store.list_items("u1") if i.kind.value != "event"]
    assert any("美团" in t for t in active), active
    assert any("腾讯" in t for t in active) and not any("网易" in t for t in active), active
