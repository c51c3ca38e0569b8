"""Saying the same thing again: a restatement finds its item whatever key it was filed under (EN + ZH).

What each test pins: the lookup by what the user's statements say
(``restate.restated_keys``), a name shared as a Chinese bigram or a
sentence's first word, a lasting description as a detail, a negation inside
a synonym group that is no polarity, a turn's own duplicate dropped beside
its hit, a friend's name said often naming nothing, a cessation that
restates nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline.gist import date_numbers, person_forms, topic
from memory_core.pipeline.own_words import stance_of
from memory_core.pipeline.restate import restated_keys

Ingest = Callable[[Turn], list[Any]]


def memories(store: DictStore, status: str = "active") -> list[Any]:
    return [i for i in store.list_items("u1", statuses=(status,)) if i.kind != "event"]


@pytest.mark.parametrize(("first", "again", "named"), [
    ("My favourite band is Radiohead.", "Radiohead is still my all-time favourite band, nothing comes close.",
     "Radiohead"),
    ("我最喜欢的电影是《霸王别姬》。", "《霸王别姬》还是我心里排第一的电影。", "霸王别姬"),
])
def test_a_restatement_finds_a_slot_item_by_what_it_says(store: DictStore, ingest: Ingest,
                                                          make_turn: Callable[..., Turn], first: str, again: str,
                                                          named: str) -> None:
    ingest(make_turn(first, speaker="Nora"))
    ingest(make_turn(again, speaker="Nora"))
    [item] = [i for i in memories(store) if named in i.description]
    assert item.hit == 1 and len(item.source) == 2


@pytest.mark.parametrize(("first", "then", "added"), [
    ("I have a dog named Biscuit.", "Biscuit is a golden retriever, by the way.", "golden retriever"),
    ("我养了一只狗，叫旺财。", "旺财是只柯基，今年四岁了。", "柯基"),
])
def test_a_description_of_a_named_thing_revises_its_item(store: DictStore, ingest: Ingest,
                                                         make_turn: Callable[..., Turn], first: str, then: str,
                                                         added: str) -> None:
    ingest(make_turn(first, speaker="Grace"))
    before = memories(store)[0].description
    ingest(make_turn(then, speaker="Grace"))
    [item] = memories(store)
    assert added in item.description and item.description.startswith(before.rstrip("。."))
    assert any(r.old_description == before for r in item.history)


@pytest.mark.parametrize(("first", "then"), [
    ("I have a dog named Biscuit.", "Biscuit chewed my favourite shoe yesterday."),
    ("我养了一只狗，叫旺财。", "旺财昨天把我的拖鞋咬坏了。"),
])
def test_an_episode_of_a_named_thing_is_no_detail(store: DictStore, ingest: Ingest,
                                                  make_turn: Callable[..., Turn], first: str, then: str) -> None:
    ingest(make_turn(first, speaker="Grace"))
    before = memories(store)[0].description
    ingest(make_turn(then, speaker="Grace"))
    assert [i.description for i in memories(store)] == [before]


@pytest.mark.parametrize(("first", "then", "word"), [
    ("I have a daughter, she keeps me busy.", "My daughter is seven now and loves dinosaurs.", "seven"),
    ("我有个儿子，特别调皮。", "我儿子今年五岁了。", "5岁"),
])
def test_a_family_member_named_by_kinship_gets_the_detail(store: DictStore, ingest: Ingest,
                                                          make_turn: Callable[..., Turn], first: str, then: str,
                                                          word: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(then))
    assert [i for i in memories(store) if word in i.description.replace("五岁", "5岁")]


@pytest.mark.parametrize(("first", "again"), [
    ("I don't drink alcohol.", "I'm teetotal, so a soft drink is fine for me at the party."),
    ("我不喝酒。", "我滴酒不沾，聚餐给我点饮料就行。"),
])
def test_a_negation_inside_a_synonym_is_no_reversal(store: DictStore, ingest: Ingest,
                                                    make_turn: Callable[..., Turn], first: str, again: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(again))
    assert not memories(store, "superseded")
    assert sum(i.hit for i in memories(store)) >= 1


def test_the_stance_of_a_statement_skips_a_synonyms_own_negation() -> None:
    assert stance_of("Ian doesn't drink alcohol") == stance_of("Ian is teetotal") == 1
    assert stance_of("马骁滴酒不沾") == 1 and stance_of("马骁不吃辣") == -1
    assert stance_of("I don't drink alcohol any more") == -1  # a change keeps its negation
    assert person_forms("don't drink alcohol") == ("don't drink alcohol", "doesn't drink alcohol")


@pytest.mark.parametrize(("first", "again"), [
    ("我对猫毛过敏。", "猫毛我是真的过敏，一碰就打喷嚏。"),
    ("我不吃猪肉。", "猪肉我是一口都不碰的。"),
])
def test_a_turns_own_duplicate_beside_its_hit_is_dropped(store: DictStore, ingest: Ingest,
                                                         make_turn: Callable[..., Turn], first: str,
                                                         again: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(again))
    [item] = memories(store)
    assert item.hit == 1


def test_a_name_in_many_statements_picks_none_of_them() -> None:
    rows = [("1", "gist:tom@ann", "Ann plays tennis with Tom"), ("2", "gist:tom@ann", "Ann cooks with Tom"),
            ("3", "gist:cinema@ann", "Ann goes to the cinema with Tom"), ("4", "gist:biscuit@ann",
                                                                           "Ann has a dog named Biscuit")]
    assert restated_keys(topic("Tom is a chef now", "en", "Ann"), rows, "@ann", "Ann") == ([], [])
    assert restated_keys(topic("Biscuit is a beagle", "en", "Ann"), rows, "@ann", "Ann")[0] == ["gist:biscuit@ann"]
    assert restated_keys(topic("Biscuit is a beagle", "en", "Bo"), rows, "@bo", "Bo") == ([], [])  # another's


@pytest.mark.parametrize(("first", "then", "gone"), [
    ("I play the guitar in a small covers band on weekends.",
     "I used to play guitar, but the band split up and I haven't touched it since.", "covers band"),
    ("我每天晚上都打羽毛球。", "羽毛球我现在不打了，膝盖受不了。", "每天晚上"),
])
def test_a_cessation_restates_nothing(store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn],
                                      first: str, then: str, gone: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(then))
    assert not [i for i in memories(store) if gone in i.description]


@pytest.mark.parametrize(("first", "then", "detail"), [
    ("I'm learning the piano.", "Piano update: I'm taking my grade 5 exam in November.", "November"),
    ("我在准备考研。", "考研目标定了，浙大计算机，12月底考。", "浙大"),
])
def test_the_word_a_sentence_opens_on_names_its_statement(store: DictStore, ingest: Ingest,
                                                          make_turn: Callable[..., Turn], first: str, then: str,
                                                          detail: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(then))
    [item] = memories(store)
    assert detail in item.description and item.hit == 1


def test_an_opening_word_said_in_many_statements_names_none() -> None:
    rows = [("1", "gist:早上@a", "阿强每天早上跑步"), ("2", "gist:早上@a", "阿强早上喝咖啡"),
            ("3", "gist:早上@a", "阿强早上送孩子上学")]
    assert restated_keys(topic("早上好，今天好冷", "zh", "阿强"), rows, "@a", "阿强")[1] == []
    assert topic("I really like tea", "en").lead == "" and topic("我在准备考研", "zh").lead == ""


@pytest.mark.parametrize(("first", "again"), [
    ("I hate cilantro, it tastes like soap.", "我不吃香菜，记得帮我备注。"),
    ("我特别怕冷。", "I really can't stand the cold."),
])
def test_a_slot_statement_under_another_key_is_a_hit_on_its_twin(store: DictStore, ingest: Ingest,
                                                                 make_turn: Callable[..., Turn], first: str,
                                                                 again: str) -> None:
    ingest(make_turn(first, speaker="Chloe"))
    ingest(make_turn(again, speaker="Chloe"))
    [item] = memories(store)
    assert item.hit == 1


def test_an_agreeing_slot_statement_that_names_more_revises_the_item(store: DictStore, ingest: Ingest,
                                                                    make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("我有一个女儿。", speaker="王丽"))
    ingest(make_turn("我女儿叫朵朵，今年上小学一年级了。", speaker="王丽"))
    [item] = memories(store)
    assert "朵朵" in item.description and any(r.old_description == "王丽有女儿" for r in item.history)


def test_a_switch_is_no_twin_of_what_it_replaces(store: DictStore, ingest: Ingest,
                                                 make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("I have an oat latte every single morning.", speaker="Sam"))
    ingest(make_turn("I switched from lattes to plain black coffee, the oat milk upset my stomach.", speaker="Sam"))
    assert not [i for i in memories(store) if "oat latte" in i.description]


@pytest.mark.parametrize(("first", "again", "named"), [
    ("I live in Leeds with my partner.", "Like I said, I live in Leeds, so London trips are a day out.", "Leeds"),
    ("我住在上海。", "我之前说过的，我住在上海，离你们不远。", "上海"),
])
def test_an_opener_saying_it_again_is_no_statement(store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn],
                                                   first: str, again: str, named: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(again))
    [item] = memories(store)
    assert named in item.description and item.hit == 1


@pytest.mark.parametrize(("first", "again", "kept"), [
    ("I'm a software engineer.", "我是程序员，天天写代码。", "software engineer"),
    ("My birthday is on March 3rd.", "我的生日是3月3号，别忘了。", "March 3rd"),
])
def test_one_value_said_in_the_other_language_is_no_change(store: DictStore, ingest: Ingest,
                                                           make_turn: Callable[..., Turn], first: str, again: str,
                                                           kept: str) -> None:
    ingest(make_turn(first, speaker="Amy"))
    ingest(make_turn(again, speaker="Amy"))
    assert not memories(store, "superseded")
    [item] = memories(store)
    assert kept in item.description and item.hit == 1


def test_another_value_is_still_a_change(store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("I'm a teacher.", speaker="Amy"))
    ingest(make_turn("我现在是护士了。", speaker="Amy"))
    assert [i.description for i in memories(store, "superseded")] == ["Amy works as a teacher"]
    assert date_numbers("March 3rd") == date_numbers("三月三号") == ("3", "3")


@pytest.mark.parametrize(("first", "again", "named"), [
    ("我是阿森纳球迷，从小就支持。", "我一直都是阿森纳铁粉。", "阿森纳"),
    ("我一般五点半起床。", "我习惯早起的，每天五点半左右就醒了。", "五点半"),
])
def test_a_chinese_name_or_a_time_said_again_is_a_hit(store: DictStore, ingest: Ingest,
                                                     make_turn: Callable[..., Turn], first: str, again: str,
                                                     named: str) -> None:
    ingest(make_turn(first, role="user", speaker="user"))
    ingest(make_turn(again, role="user", speaker="user"))
    [item] = memories(store)
    assert named in item.description and item.hit == 1
    assert "阿森纳" in topic("我一直都是阿森纳铁粉", "zh").strong and "5点" in topic("我一般五点半起床", "zh").strong


@pytest.mark.parametrize(("first", "then", "name"), [
    ("We adopted a dog last weekend!", "Oh, her name is Biscuit, she's a beagle mix.", "Biscuit"),
    ("我新养了一只猫。", "它叫年糕，特别黏人。", "年糕"),
])
def test_a_name_given_by_a_pronoun_joins_the_unnamed_pet(store: DictStore, ingest: Ingest,
                                                        make_turn: Callable[..., Turn], first: str, then: str,
                                                        name: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(then))
    [item] = memories(store)
    assert name in item.description and item.hit == 1


@pytest.mark.parametrize(("first", "then"), [
    ("我对花生过敏。", "我对虾也过敏。"),
    ("I'm allergic to peanuts.", "I'm also allergic to shrimp."),
])
def test_a_second_thing_of_one_attribute_is_no_twin(store: DictStore, ingest: Ingest,
                                                    make_turn: Callable[..., Turn], first: str, then: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(then))
    assert len(memories(store)) == 2


@pytest.mark.parametrize(("first", "then", "word"), [
    ("I have a son.", "My son is five now and loves trains.", "five"),
    ("我有一个弟弟。", "我弟弟叫小杰，在读大三。", "小杰"),
])
def test_a_kin_said_again_with_more_keeps_one_item(store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn],
                                                   first: str, then: str, word: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(then))
    assert len([i for i in memories(store) if word in i.description]) == 1
    assert sum(i.hit for i in memories(store)) == 1


def test_another_kind_of_a_thing_is_no_restatement(tmp_path) -> None:
    """'I also like black tea' after 'I like green tea' is a second preference, not a hit on the first."""
    from datetime import UTC, datetime, timedelta

    from memory_core.embedded import open_memory
    from memory_core.model import Turn
    from memory_core.settings import Settings

    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    memory.ingest([Turn("u1", "t1", "s", "user", "I like green tea.", t0),
                   Turn("u1", "t2", "s", "user", "I also like black tea.", t0 + timedelta(minutes=1))])
    prefs = {i.description: i.source for i in memory.store.list_items("u1") if i.kind == "preference"}
    assert prefs == {"User likes green tea": ["t1"], "User likes black tea": ["t2"]}


def test_an_object_of_several_words_is_read_as_its_terms() -> None:
    from memory_core.pipeline.restate import _names_a_sibling
    assert not _names_a_sibling("pref:spicy food", topic("I love spicy food, the hotter the better", "en"))
    assert _names_a_sibling("pref:green tea", topic("I like black tea", "en"))


@pytest.mark.parametrize(("first", "again"), [
    ("I don't eat any animal products, not even honey", "yeah I'm vegan btw"),
    ("我不吃任何动物制品，蛋奶都不碰", "我吃纯素好几年了"),
])
def test_a_vegan_diet_said_by_what_is_not_eaten_is_one_item(store: DictStore, ingest: Ingest,
                                                             make_turn: Callable[..., Turn], first: str,
                                                             again: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(again))
    assert len(memories(store)) == 1
