"""Whose an item is, read from how its text opens, and recall putting the asked person's items first (issue 13/14).

The reader (``opening_person``) in both languages; ``own_before_others`` with raw turns no key speaks for; recall end
to end: a turn about someone else beside the user's own, asked about the user and about the other person.
"""

from __future__ import annotations

import numpy as np
import pytest
from _people_turns import FILLER, people_turns, top_result

from memory_core.model import Kind, MemoryItem
from memory_core.retrieval.opening_person import opening_person
from memory_core.retrieval.own_slot import own_before_others
from memory_core.service import Memory


@pytest.mark.parametrize(("text", "person"), [
    ("my little brother Tom is a plumber in Leeds", "brother"),
    ("Our neighbour, Dave, just retired from the post office", "neighbour"),
    ("big news: my wife got the job at Deloitte!!", "wife"),
    ("Kai's roommates are moving to Oslo", "roommate"),
    ("User's girlfriend works at a bakery", "girlfriend"),
    ("我表哥在深圳开了家店", "表哥"),
    ("说实话，我老公最近在学做饭", "husband"),
    ("我的同事小李下个月去上海", "同事"),
    ("阿梅的爸爸是医生", "dad"),
    ("用户的室友养了只猫", "室友"),
])
def test_a_text_opening_on_another_person_is_theirs(text: str, person: str) -> None:
    assert opening_person(text) == person  # the slot-key label: one name for one person ("我老公" is "husband")


@pytest.mark.parametrize("text", [
    "I moved to Leeds last spring", "My wife and I bought a flat in Porto", "my brother & I run a cafe",
    "我和老公搬到了苏州", "我老婆跟我一起去了成都", "我的妈呀，今天累死了", "我朋友圈里全是广告", "我在华为上班",
    "User lives in Austin", "用户住在杭州", "my life with my sister is easy",
])
def test_a_text_about_the_user_is_no_one_elses(text: str) -> None:
    assert opening_person(text) is None


def test_a_raw_turns_speaker_is_read_past() -> None:
    assert opening_person("Mike: my dad fixes boats", "Mike") == "dad"
    assert opening_person("user: 我姐夫是开出租的") is not None


def _turn(text: str, speaker: str = "user") -> MemoryItem:
    return MemoryItem.create("u", f"{speaker}: {text}", "event", kind=Kind.EVENT, speaker=speaker)


@pytest.mark.parametrize(("other", "own", "query"), [
    ("my cousin Ana teaches piano at a school in Lyon", "I teach maths at a school downtown", "Where do I teach?"),
    ("我表姐在招商银行上班，天天加班", "我在一家设计公司上班", "我在哪上班？"),
])
def test_another_persons_turn_goes_after_the_users_own_turn(other: str, own: str, query: str) -> None:
    items: list[MemoryItem | None] = [_turn(other), _turn(own)]
    order, scores = own_before_others(query, items, np.array([0, 1]), np.array([0.5, 0.4]))
    assert order.tolist() == [1, 0] and scores.tolist() == [0.4, 0.4]


@pytest.mark.parametrize(("other", "own", "query"), [
    ("my cousin Ana teaches piano at a school in Lyon", "I teach maths at a school downtown",
     "Where does my cousin teach?"),
    ("我表姐在招商银行上班，天天加班", "我在一家设计公司上班", "我表姐在哪上班？"),
])
def test_a_question_naming_the_person_keeps_their_turn_first(other: str, own: str, query: str) -> None:
    items: list[MemoryItem | None] = [_turn(other), _turn(own)]
    order, _ = own_before_others(query, items, np.array([0, 1]), np.array([0.5, 0.4]))
    assert order.tolist() == [0, 1]



@pytest.mark.parametrize(("own", "other", "own_ask", "own_word", "other_ask", "other_word"), [
    ("Rainy week again in Portland, my apartment window leaks", "my roommate Kyle got an offer in Denver and moves "
     "next month", "which city do I live in?", "Portland", "which city is my roommate moving to?", "Denver"),
    ("厦门这周天天下雨，公寓窗户还漏风", "我室友小林拿到上海的offer了，下个月就搬过去住", "我住在哪个城市？", "厦门",
     "我室友要搬去哪个城市？", "上海"),
    ("Tuesday night orchestra rehearsal again, cello case is heavy", "my husband started guitar lessons and plays "
     "every night", "what instrument do I play?", "cello", "what instrument does my husband play?", "guitar"),
    ("每周三晚上去社区乐团拉大提琴", "我老公最近在学吉他，天天在家弹", "我玩什么乐器？", "大提琴",
     "我老公在学什么乐器？", "吉他"),
])
def test_recall_puts_the_asked_persons_turn_first(memory: Memory, own: str, other: str, own_ask: str,
                                                  own_word: str, other_ask: str, other_word: str) -> None:
    memory.ingest(people_turns([*FILLER, own, other]))
    assert own_word in top_result(memory, own_ask)
    assert other_word in top_result(memory, other_ask)
