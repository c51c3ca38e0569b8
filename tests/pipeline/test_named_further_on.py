"""A partner, pet or child named a clause or two after the noun ("我老婆在旁边帮忙贴快递单，她叫小芳",
"家里捡了一条小土狗，黄色的，叫旺财", "女儿出生了！！！6斤2两，母女平安，名字叫朵朵", "我脱单了！！…他是伴郎，叫周宇",
"I have a boyfriend now!! 他叫 Kevin"): the name reaches the item, and what is said next of the partner stays
theirs. English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.named_next import name_joined

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "joined"), [
    ("我脱单了！！在小雅婚礼上认识的，他是伴郎，叫周宇",
     "我脱单了，他叫周宇！！在小雅婚礼上认识的，他是伴郎，叫周宇"),
    ("女儿出生了！！！6斤2两，母女平安，名字叫朵朵", "女儿出生了，叫朵朵！！！6斤2两，母女平安，名字叫朵朵"),
    ("I have a boyfriend now!! 他叫 Kevin，也是 UofT 的", "I have a boyfriend now, his name is Kevin. 他也是 UofT 的"),
    ("Our daughter was born!!! 6lb 2oz, her name is Lily",
     "Our daughter was born, her name is Lily!!! 6lb 2oz, her name is Lily"),
    # named right after the bond already, or another person named in between: as said
    ("我脱单了，他叫周宇", "我脱单了，他叫周宇"),
    ("我脱单了！我闺蜜也来了，她叫小美", "我脱单了！我闺蜜也来了，她叫小美"),
])
def test_a_name_said_further_on_is_said_again_after_the_bond(text: str, joined: str) -> None:
    assert name_joined(text) == joined


@pytest.mark.parametrize(("text", "want"), [
    ("今天发了三百多单，累死了😂 打包到半夜，我老婆在旁边帮忙贴快递单，她叫小芳，我们结婚五年了", "小芳"),
    ("家里捡了一条小土狗，黄色的，叫旺财，天天跟着我去果园", "旺财"),
    ("自己养了一只橘猫，领养的，叫大橘，三个月大，治愈我了🐱", "大橘"),
    ("女儿出生了！！！6斤2两，母女平安，名字叫朵朵🥰", "朵朵"),
    ("生了个儿子，母子平安，取名小宝", "小宝"),
    ("我脱单了！！在小雅婚礼上认识的，他是伴郎，叫周宇，是个消防员😳", "周宇"),
    ("终于有对象了！是同事介绍的，她叫林晓，在银行上班", "林晓"),
    ("my wife was helping me pack orders all night, her name is Grace", "Grace"),
    ("My son was born yesterday, 7 pounds, we named him Leo", "Leo"),
])
def test_the_name_reaches_an_item(tmp_path: Path, text: str, want: str) -> None:
    rows = active(slot_items(tmp_path, [text], start=START, days_apart=1))
    assert any(want in desc for key, desc in rows if key.startswith(("fact:partner", "fact:pet", "fact:family")))


@pytest.mark.parametrize("text", ["终于有对象了！是同事介绍的，她叫林晓，在银行上班",
                                  "我老婆的闺蜜来了，她叫小美，在银行上班"])
def test_what_follows_a_named_person_is_theirs(tmp_path: Path, text: str) -> None:
    rows = active(slot_items(tmp_path, [text], start=START, days_apart=1))
    assert not any(key == "fact:works_at" or "小美" in desc for key, desc in rows)


def test_the_partner_s_school_stays_off_the_user_s(tmp_path: Path) -> None:
    rows = active(slot_items(tmp_path, ["我是UofT的大二学生，学CS",
                                        "I have a boyfriend now!! 他叫 Kevin，也是 UofT 的，学 engineering，香港人 🥰"],
                             start=START, days_apart=30))
    assert ("fact:school", "用户在UofT读书") in rows
    assert any("Kevin" in desc for key, desc in rows if key == "fact:partner")
    assert not any("engineering" in desc or "Kevin" in desc for key, desc in rows if key != "fact:partner")
