"""Change said in other words: cessation scope, topicalised Chinese objects, relatives' dropped subjects (EN + ZH)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline.cessation import cessation_scope, ended_keys, topicalised
from memory_core.pipeline.extract import split_clauses

Ingest = Callable[[Turn], list[Any]]


def texts(store: DictStore, status: str = "active") -> list[str]:
    return [i.description for i in store.list_items("u1", statuses=(status,)) if i.kind != "event"]


@pytest.mark.parametrize(("clause", "lang", "scope"), [
    ("I don't run anymore", "en", "run"),
    ("I used to play guitar", "en", "play guitar"),
    ("I gave up on sourdough because it took too long", "en", "sourdough"),
    ("I'm done with lifting", "en", "lifting"),
    ("I love running", "en", ""),
    ("I used to think so", "en", ""),
    ("我瑜伽就没再练过", "zh", "我瑜伽就没再练过"),
    ("我周末都去钓鱼", "zh", ""),
])
def test_the_words_a_cessation_form_governs(clause: str, lang: str, scope: str) -> None:
    assert cessation_scope(clause, lang) == scope


def test_a_chinese_object_said_first_is_the_clauses_topic() -> None:
    assert topicalised("香菜我现在反而挺爱吃的") == "香菜"
    assert topicalised("泳我现在也不游了") == "泳"
    assert topicalised("最近我开始学吉他") == ""  # a time word, not an object
    assert topicalised("昨天我去了公园") == ""


def test_ended_keys_cover_the_word_family() -> None:
    keys = ended_keys("run", "en", "@g")
    assert "pref:running@g" in keys and "fact:hobby:running@g" in keys and "gist:run@g" in keys
    zh = ended_keys("我瑜伽就没再练过", "zh", "")
    assert "fact:hobby:练瑜伽" in zh and "fact:routine:练瑜伽" in zh


def test_a_cessation_with_another_verb_ends_the_like(store: DictStore, ingest: Ingest,
                                                     make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("I love running, I do a 10k loop most mornings."))
    ingest(make_turn("My knees gave out this summer, so I don't run anymore."))
    assert "User loves running" in texts(store, "superseded")
    assert "User doesn't run anymore" in texts(store)


def test_used_to_ends_a_hobby_and_is_its_successor(store: DictStore, ingest: Ingest,
                                                   make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("I play the guitar in a covers band on weekends."))
    ingest(make_turn("I used to play guitar, but the band split up."))
    assert texts(store) == ["User used to play guitar"]
    ended = [i for i in store.list_items("u1", statuses=("superseded",)) if i.kind != "event"]
    assert [i.history[-1].other_id for i in ended] == [i.id for i in store.list_items("u1") if i.kind != "event"]


def test_mei_zai_without_a_subject_ends_the_habit(store: DictStore, ingest: Ingest,
                                                  make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("我每天早上都练瑜伽，已经坚持两年了。"))
    ingest(make_turn("换了新工作以后太忙，瑜伽就没再练过。"))
    active = texts(store)
    assert not any("瑜伽" in t and "没再" not in t for t in active)
    assert any("没再练" in t for t in active)


def test_a_reversed_preference_said_the_chinese_way(store: DictStore, ingest: Ingest,
                                                    make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("我不吃香菜，一点都受不了那个味道。"))
    ingest(make_turn("说来奇怪，香菜我现在反而挺爱吃的。"))
    assert "用户不吃香菜" in texts(store, "superseded")
    assert any("爱吃" in t for t in texts(store))


def test_a_restated_like_is_not_reversed(store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("我很喜欢吃香菜。"))
    ingest(make_turn("香菜我一直都很爱吃。"))
    assert not texts(store, "superseded")


def test_a_relative_just_named_is_the_subject_of_the_next_clauses(store: DictStore, ingest: Ingest,
                                                                   make_turn: Callable[..., Turn]) -> None:
    assert [c for c, _ in split_clauses("我有个哥哥，住在北京。")] == ["我有个哥哥", "我哥哥住在北京。"]
    ingest(make_turn("我住在南京，鼓楼区。"))
    ingest(make_turn("我有个哥哥，住在北京，在一家银行上班。"))
    assert any(t.startswith("用户住在南京") for t in texts(store))
    assert not any(t.startswith("用户住在北京") for t in texts(store))


@pytest.mark.parametrize("text", [
    "My doctor keeps telling me I should give up coffee, but no way.",
    "I should probably give up coffee.",
])
def test_advice_and_reported_speech_end_nothing(store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn],
                                                text: str) -> None:
    ingest(make_turn("I drink a lot of black coffee."))
    ingest(make_turn(text))
    assert not texts(store, "superseded")
    assert any("coffee" in t for t in texts(store))


def test_another_persons_cessation_leaves_the_users_like(store: DictStore, ingest: Ingest,
                                                         make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("I love running."))
    ingest(make_turn("My sister doesn't run anymore."))
    assert "User loves running" in texts(store)


@pytest.mark.parametrize(("clause", "lang"), [
    ("I stopped by the bakery on the way home", "en"),
    ("I got used to the cold", "en"),
    ("I can't eat gluten at all", "en"),
    ("I'm used to it", "en"),
])
def test_words_that_look_like_an_end_but_are_not(clause: str, lang: str) -> None:
    assert cessation_scope(clause, lang) == ""


def test_an_end_said_again_leaves_the_ended_item(store: DictStore, ingest: Ingest,
                                                 make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("I quit smoking two years ago."))
    ingest(make_turn("I haven't smoked since, not even one."))
    assert not texts(store, "superseded")


def test_a_statement_in_other_words_is_ended_by_its_thing(store: DictStore, ingest: Ingest,
                                                          make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("我周末基本都去水库钓鱼。"))
    ingest(make_turn("钓鱼我不再去了，现在周末都在攀岩馆。"))
    assert any("水库钓鱼" in t for t in texts(store, "superseded"))
    ingest(make_turn("I spend most Saturdays at the climbing gym with Theo."))
    ingest(make_turn("I'm done with work for today."))
    assert any("climbing" in t for t in texts(store))
