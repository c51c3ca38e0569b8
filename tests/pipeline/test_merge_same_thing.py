"""A later turn adds to an item only when it speaks of the item's own thing (new-user trial 38, finding 2).

What each test pins: a word of how often or when ("每天", "every") leads to no statement; a Latin name after a
Chinese word of company (和 Lily) is whom the act is with; a bare 名字叫 names what its sentence opens on; an
everyday word of an item's name of several words ("the airport" of "Dublin Airport") is no name; a doctor's view
is theirs; a pet's age is still added to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline.detail_role import company_only
from memory_core.pipeline.gist import led_to, topic
from memory_core.pipeline.named_later import named_later
from memory_core.pipeline.named_role import common_word_of_name
from memory_core.pipeline.their_view import their_view, view_roles

Ingest = Callable[[Turn], list[Any]]


def _zh(text: str) -> Any:
    return topic(text, "zh", "用户")


def _en(text: str) -> Any:
    return topic(text, "en", "User")


@pytest.mark.parametrize(("old", "new"), [
    ("用户每天看游客排队真的会麻木", "用户每天早上九点到店"),
    ("用户晚上经常失眠", "用户晚上十点半关门"),
    ("用户周末常去爬山", "用户周末要加班"),
])
def test_a_word_of_how_often_or_when_leads_to_no_statement(old: str, new: str) -> None:
    assert not led_to(_zh(new), _zh(old))


def test_a_lead_naming_a_thing_still_picks_its_statement() -> None:
    assert led_to(_zh("考研目标定了，浙大"), _zh("用户在准备考研"))


@pytest.mark.parametrize("new", ["用户：Lily 的 transfer 批了", "Lily 下个月要搬去上海", "用户是Lily 同事送的"])
def test_a_latin_name_after_a_chinese_word_of_company_is_company(new: str) -> None:
    held = "用户周末和 Lily 去 Snoqualmie 徒步"
    assert company_only(held, _zh(new), _zh(held))


def test_a_place_of_the_act_is_not_company() -> None:
    held = "用户周末和 Lily 去 Snoqualmie 徒步"
    assert not company_only(held, _zh("Snoqualmie 下雪了"), _zh(held))


_ROWS = [("1", "gist:obj:cat", "用户领养了一只小橘猫")]


@pytest.mark.parametrize("text", [
    "店签了，就是师范学院旁边那家，名字叫“糯米茶事”，用我家猫的名字",
    "工作室总算注册下来了，名字叫“橘子设计”",
])
def test_a_bare_naming_after_another_thing_names_that_thing(text: str) -> None:
    assert named_later(text, _ROWS, "") == []


@pytest.mark.parametrize("text", ["对了，名字叫豆豆", "我们给它取了个名字叫豆豆", "它叫豆豆"])
def test_a_naming_of_the_one_spoken_of_before_still_finds_it(text: str) -> None:
    assert named_later(text, _ROWS, "") == ["gist:obj:cat"]


def test_an_everyday_word_of_a_name_is_no_name() -> None:
    held = "User is starting at Dublin Airport on the 1st of July"
    said = "looking at places in Swords, close to the airport"
    assert common_word_of_name(said, held, _en(said), _en(held), "User")
    again = "The Airport job starts on the 1st of July"
    assert not common_word_of_name(again, held, _en(again), _en(held), "User")


@pytest.mark.parametrize("said", ["医生说怀孕最好别跟狗太亲密", "用户：医生说孕期最好别吃生鱼片",
                                  "My doctor says the cold air makes it worse"])
def test_a_doctors_view_is_theirs(said: str) -> None:
    assert their_view(said, "用户" if "用户" in said or "医生" in said else "User", view_roles())


def _active(store: DictStore) -> list[Any]:
    return [i for i in store.list_items("u1", statuses=("active",)) if i.kind != "event"]


@pytest.mark.parametrize(("turns", "apart"), [
    (["你好呀，我在鼓浪屿轮渡码头当检票员。每天看游客排队真的会麻木", "我每天早上九点到店，晚上十点半关门"],
     ("麻木", "到店")),
    (["周末和 Lily 去 Snoqualmie 徒步，我对花粉过敏，每年春天都这样", "Lily 的 transfer 批了！！她 10 月来上海"],
     ("徒步", "transfer")),
])
def test_a_later_turn_about_another_thing_is_not_spliced(store: DictStore, ingest: Ingest,
                                                         make_turn: Callable[..., Turn], turns: list[str],
                                                         apart: tuple[str, str]) -> None:
    for text in turns:
        ingest(make_turn(text, role="user", speaker="user"))
    first, second = apart
    assert not [i.description for i in _active(store) if first in i.description and second in i.description]


def test_an_age_is_still_added_to_the_pet(store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("我养了一只兔子叫团团", role="user", speaker="user"))
    ingest(make_turn("团团今年三岁了", role="user", speaker="user"))
    texts = [i.description for i in _active(store)]
    assert any("团团" in t and ("三岁" in t or "3岁" in t) for t in texts)
