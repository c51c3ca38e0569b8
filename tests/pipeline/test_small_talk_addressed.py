"""Small talk holds with a name, a title or a form of address in it (trial 33, finding 9)."""

from __future__ import annotations

import pytest

from memory_core.pipeline.small_talk import is_small_talk


@pytest.mark.parametrize("text", [
    "Congrats on passing your quals, Aisha! That's a huge milestone.",
    "Nice to meet you, Marcus! I'll remember what you share.",
    "Welcome to Denver! Take it one box at a time.",
    "Congratulations on your graduation, Dr. Lee!",
    "Welcome back, Mr. Chen! Take it easy.",
    "Aisha, congrats!",
    "恭喜王叔叔当爷爷了！祝宝宝健康成长！",
    "何佳你好！孕期还要工作辛苦了，注意休息。",
    "王叔叔您好！",
    "张老师好！有什么可以帮您的吗？",
    "陈老师好！很高兴认识您。",
    "李老师，辛苦了！",
])
def test_addressed_pleasantries_are_small_talk(text: str) -> None:
    assert is_small_talk(text)


@pytest.mark.parametrize("text", [
    "Congrats! Your meeting is at 3.",
    "Nice to meet you, Marcus! Your flight is on Friday.",
    "恭喜王叔叔！您的孙子叫王小宝。",
    "戒烟了，谢谢",
    "我女儿对花生过敏，谢谢",
    "Denver is great.",
])
def test_content_after_a_pleasantry_is_no_small_talk(text: str) -> None:
    assert not is_small_talk(text)


@pytest.mark.parametrize("text", [
    "恭喜当爸爸！好好照顾小芳和朵朵。",
    "恭喜！好好照顾自己。",
    "Congrats! Take good care of the baby.",
    "好好休息，多陪陪家人。",
])
def test_a_wish_of_care_is_small_talk(text: str) -> None:
    assert is_small_talk(text)


@pytest.mark.parametrize("text", ["好好休息，明天你要去北京开会。", "Take care of yourself. Surgery is on Monday."])
def test_a_fact_beside_a_wish_of_care_is_no_small_talk(text: str) -> None:
    assert not is_small_talk(text)


@pytest.mark.parametrize(("text", "stated"), [
    ("Hi! Great to meet you, how was your day at work?", []),
    ("在轮渡码头工作一定见过各种各样的游客吧。有什么我可以帮你的？", []),
    ("你最近还好吗", []),
    ("Your dentist appointment is on Tuesday. Want a reminder? 😊", ["Your dentist appointment is on Tuesday."]),
    ("好的！一般还需要员工健康证。你那边办了吗？", ["一般还需要员工健康证。"]),
])
def test_stated_sentences_leave_out_pleasantries_and_questions(text: str, stated: list[str]) -> None:
    from memory_core.pipeline.small_talk import stated_sentences

    assert stated_sentences(text) == stated
