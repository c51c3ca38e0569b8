"""An assistant turn that states nothing new (pleasantries, praise, the user's own words) leaves no item;
one with news of its own (a recommendation, a fact, a plan) is kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _memstore import DictStore
from _turn_factory import TurnFactory

from memory_core.model import Turn
from memory_core.pipeline.small_talk import is_small_talk


def _events_after(store: DictStore, ingest: Callable[[Turn], list[Any]], make_turn: TurnFactory,
                  user_said: str, reply: str) -> list[str]:
    ingest(make_turn(user_said, speaker="Bo"))
    ingest(make_turn(reply, role="assistant"))
    return [i.description for i in store.list_items("u1") if i.kind == "event" and i.speaker == "assistant"]


@pytest.mark.parametrize("reply", [
    "Nice to meet you, Bo! Happy to help anytime.",
    "你好，Bo！很高兴认识你。",
    "Sure, glad to hear that!",
])
def test_pleasantries_with_a_name_inside_are_small_talk(reply: str) -> None:
    assert is_small_talk(reply)


@pytest.mark.parametrize(("user_said", "reply"), [
    ("I have a cat named Mochi.", "好的，没问题！Mochi is a cute name."),
    ("I have a cat named Mochi.", "What a lovely name, Mochi!"),
    ("我养了一只猫，叫豆豆。", "豆豆这个名字真可爱！"),
    ("我住在杭州。", "好的，杭州很漂亮！"),
])
def test_an_echo_of_the_user_leaves_no_item(store: DictStore, ingest: Callable[[Turn], list[Any]],
                                            make_turn: TurnFactory, user_said: str, reply: str) -> None:
    assert _events_after(store, ingest, make_turn, user_said, reply) == []


@pytest.mark.parametrize(("user_said", "reply"), [
    ("I have a cat named Mochi.", "Mochi is a cute name! Cats like Mochi need their vaccines yearly."),
    ("I live in Chengdu.", "Sure! I recommend the hotpot place near Chunxi Road."),
    ("我住在杭州。", "好的，推荐你去西湖边的楼外楼吃饭。"),
    ("我养了一只猫，叫豆豆。", "豆豆很可爱！明天记得带它去打疫苗。"),
])
def test_a_reply_with_news_of_its_own_is_kept(store: DictStore, ingest: Callable[[Turn], list[Any]],
                                             make_turn: TurnFactory, user_said: str, reply: str) -> None:
    assert len(_events_after(store, ingest, make_turn, user_said, reply)) == 1


@pytest.mark.parametrize(("user_said", "reply"), [
    ("I'm allergic to peanuts, keep that in mind for snacks", "Noted, no peanuts!"),
    ("我吃素，已经三年了", "Got it, vegetarian 🥦"),  # the echo in the other language
    ("我对花生过敏，别给我推荐花生酱", "好的，不推荐花生 🥜"),
    ("我现在不喝咖啡了", "收到，以后不给你推荐咖啡啦"),
    ("I quit coffee last month", "Okay, no more coffee for you then!"),
])
def test_an_acknowledgement_echoing_the_user_leaves_no_item(store: DictStore, ingest: Callable[[Turn], list[Any]],
                                                            make_turn: TurnFactory, user_said: str,
                                                            reply: str) -> None:
    assert _events_after(store, ingest, make_turn, user_said, reply) == []


@pytest.mark.parametrize(("user_said", "reply"), [
    ("I'm allergic to peanuts", "Noted. Your dentist appointment is Friday at 3pm."),
    ("我对花生过敏", "好的，你周五下午三点要去看牙医。"),
    ("I swim now instead of running", "Swimming is gentle on knees."),
    ("我吃素", "收到，推荐你试试楼下新开的素食餐厅"),
])
def test_an_acknowledgement_with_news_of_its_own_is_kept(store: DictStore, ingest: Callable[[Turn], list[Any]],
                                                         make_turn: TurnFactory, user_said: str,
                                                         reply: str) -> None:
    assert len(_events_after(store, ingest, make_turn, user_said, reply)) == 1


@pytest.mark.parametrize(("user_said", "reply"), [
    ("sorry, actually I meant cashews, not peanuts", "Got it, cashews then."),
    ("嗯……那就腰果吧", "好的，那就腰果"),
])
def test_an_echo_of_words_the_user_said_without_a_statement_leaves_no_item(
        store: DictStore, ingest: Callable[[Turn], list[Any]], make_turn: TurnFactory, user_said: str,
        reply: str) -> None:
    """The user's words are read from what they said (their events) when no statement of theirs holds them."""
    assert _events_after(store, ingest, make_turn, user_said, reply) == []


@pytest.mark.parametrize(("first", "reply"), [
    ("You should try the Dolomites.", "The Dolomites again!"),
    ("推荐你去楼外楼", "楼外楼不错！"),
])
def test_words_only_the_assistant_said_are_no_echo(store: DictStore, ingest: Callable[[Turn], list[Any]],
                                                   make_turn: TurnFactory, first: str, reply: str) -> None:
    ingest(make_turn(first, role="assistant"))
    ingest(make_turn(reply, role="assistant"))
    assert any(reply in i.description for i in store.list_items("u1") if i.kind == "event")


@pytest.mark.parametrize(("user_said", "reply"), [
    ("hi! I'm Lin, I just moved to Hangzhou", "Welcome to Hangzhou! 🎉"),
    ("hi! I'm Lin", "Nice to meet you, Lin! How can I help today?"),
    ("going to Kyoto with my sister in April", "Sounds like a great trip!"),
    ("we're doing a picnic on Saturday", "What a lovely plan! Is there anything else I can help you with?"),
    ("back from my holiday", "Welcome back! That sounds like so much fun."),
    ("你好，我是小林，刚搬到杭州", "欢迎来到杭州！"),
    ("四月份打算和姐姐去京都玩", "听起来很棒的旅行！"),
    ("你好，我是小林", "很高兴认识你，小林！有什么可以帮你的吗？"),
    ("周六我们去江边野餐", "好棒的计划呀！还有什么需要我帮忙的吗？"),
])
def test_a_welcome_praise_of_a_plan_or_an_offer_of_help_leaves_no_item(
        store: DictStore, ingest: Callable[[Turn], list[Any]], make_turn: TurnFactory, user_said: str,
        reply: str) -> None:
    assert _events_after(store, ingest, make_turn, user_said, reply) == []


@pytest.mark.parametrize(("user_said", "reply"), [
    ("just moved to Hangzhou", "Welcome to Hangzhou! You should try the Longjing tea at Meijiawu."),
    ("going to Kyoto in April", "Sounds like a great trip! Book the ryokan early, April is cherry blossom season."),
    ("I'm looking for a new project", "How can I help you plan the app launch in May?"),
    ("刚搬到杭州", "欢迎来到杭州！推荐你去梅家坞喝龙井。"),
    ("四月份去京都", "听起来很棒的旅行！记得提前订好温泉旅馆。"),
])
def test_a_welcome_or_praise_that_goes_on_with_news_is_kept(
        store: DictStore, ingest: Callable[[Turn], list[Any]], make_turn: TurnFactory, user_said: str,
        reply: str) -> None:
    assert len(_events_after(store, ingest, make_turn, user_said, reply)) == 1
