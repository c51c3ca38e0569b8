"""A clause naming another one, or about whom an item's act is for, is no detail of the item (trial 33, finding 4)."""

from __future__ import annotations

from memory_core.pipeline.detail_role import company_only, speaks_of
from memory_core.pipeline.gist import topic
from memory_core.pipeline.names_new_one import new_name


def test_new_name_is_a_name_the_item_lacks() -> None:
    assert new_name("her name is Priya", frozenset({"denver"})) == "Priya"
    assert new_name("got a puppy named Mochi", frozenset({"dana"})) == "Mochi"
    assert new_name("认识了一个女生，名叫林夏", frozenset({"苏州"})) == "林夏"
    assert new_name("her name is Miso", frozenset({"miso", "cat"})) == ""
    assert new_name("我们叫它团子", frozenset({"团子"})) == ""
    assert new_name("she's a beagle mix", frozenset({"pixel"})) == ""


def test_pronouns_after_a_new_name_do_not_speak_of_the_item() -> None:
    old = "User lives in Denver"
    said = "User met someone, her name is Priya, she's an ER doctor at Denver Health"
    assert not speaks_of(said, topic(said, "en", "User"), topic(old, "en", "User"), "en", "User")
    old, said = "User has a cat named Miso", "Miso is sick, she's on antibiotics"
    assert speaks_of(said, topic(said, "en", "User"), topic(old, "en", "User"), "en", "User")


def test_whom_an_act_is_for_is_not_the_item() -> None:
    held, said = "用户又开始练琴了钢琴 弹给小米听", "小米湿疹好严重，医生说可能对牛奶蛋白过敏"
    assert company_only(held, topic(said, "zh", "用户"), topic(held, "zh", "用户"))
    held, said = "User walks the dog with Tom every morning", "Tom got a new job at Google"
    assert company_only(held, topic(said, "en", "User"), topic(held, "en", "User"))
    held, said = "用户有一只猫叫小米", "小米最近不爱吃饭"
    assert not company_only(held, topic(said, "zh", "用户"), topic(held, "zh", "用户"))
