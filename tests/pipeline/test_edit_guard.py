"""An edit of an item's text is made of the item's words and whole words of the turn
(memory_core/pipeline/edit_guard.py), and the rules that spliced unrelated turns into a pet's item read each kind
right: a time word opens no topic (gist ``_lead``), a dot inside "Trip.com" ends no sentence (own_words), a
correction frames a value by whole words (correction_pair ``_context_pair``)."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import MemoryItem, Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.correction_pair import said_only_pair
from memory_core.pipeline.edit_guard import foreign_words, guarded_edits, spliced_texts
from memory_core.pipeline.gist import topic
from memory_core.pipeline.own_words import mention
from memory_core.store.write_ops import HitOp, Op, UpdateOp

START = datetime(2026, 1, 1, tzinfo=UTC)


def _run(texts: list[str]) -> tuple[DictStore, list[tuple[dict[str, str], list[Op]]]]:
    """Plan and apply ``texts`` a month apart for one user; the store, and per turn the item texts before it and
    its ops."""
    store, pipeline, planned = DictStore(), WritePipeline(), []
    for n, text in enumerate(texts):
        turn = Turn("u1", f"t{n}", "s", "user", text, START + timedelta(days=30) * n)
        before = {i.id: i.description for i in store.list_items("u1", statuses=None)}
        ops = pipeline.plan(turn, store)
        planned.append((before, ops))
        store.apply("u1", ops)
    return store, planned


def _facts(store: DictStore) -> list[str]:
    return [i.description for i in store.list_items("u1") if i.kind != "event"]


def test_a_spliced_text_is_refused_and_the_hit_stands() -> None:
    old = "User has a cat named Nuomi; Nuomi turned 4 last week"
    spliced = "User has a cat nameant 头孢 (cephalosporins) last week"
    ops = [HitOp("c1", turn_id="t4"), UpdateOp("c1", "补充细节", new_description=spliced)]
    kept = guarded_edits("actually I meant 头孢 (cephalosporins), penicillin is fine", ops, {"c1": old})
    assert kept == ops[:1]


def test_a_word_read_from_an_emoji_is_taken_out_of_the_edit() -> None:
    old = "User has a cat named Mochi"
    ops = [UpdateOp("c1", "added detail: Mochi turned 5 last week cake",
                    new_description="User has a cat named Mochi; Mochi turned 5 last week cake")]
    kept = guarded_edits("Mochi turned 5 last week 🎂", ops, {"c1": old})
    assert [(op.new_description, op.reason) for op in kept if isinstance(op, UpdateOp)] == [
        ("User has a cat named Mochi; Mochi turned 5 last week", "added detail: Mochi turned 5 last week")]
    zh = [UpdateOp("c2", "补充细节", new_description="用户有一只猫叫年糕；年糕上个月满5岁了蛋糕")]
    assert [op.new_description for op in guarded_edits("年糕上个月满5岁了🎂", zh, {"c2": "用户有一只猫叫年糕"})
            if isinstance(op, UpdateOp)] == ["用户有一只猫叫年糕；年糕上个月满5岁了"]


def test_an_edit_of_the_items_words_and_the_turns_words_passes() -> None:
    ops = [UpdateOp("h1", "added detail", new_description="User lives in Jing'an, Shanghai")]
    assert guarded_edits("I'm in Jing'an actually", ops, {"h1": "User lives in Shanghai"}) == ops
    assert not foreign_words("Ann has a dog named Pixel; Pixel is 3", "Ann has a dog named Pixel", "Pixel is 3 now",
                             "Ann")
    assert foreign_words("User has a cat nameant", "User has a cat named Nuomi", "I meant it") == {"nameant"}


def test_a_time_word_opens_no_topic() -> None:
    assert topic("Last day at Trip.com today, Monday I start at NIO", "en", "User").lead == "trip"
    assert topic("Next week I fly to Oslo", "en", "User").lead == "fli"
    assert topic("上周去了一趟大理", "zh", "用户").lead != "上周"
    assert topic("Piano update: I passed grade 5", "en", "User").lead == "syn:piano"


def test_a_dot_inside_a_name_ends_no_sentence() -> None:
    said = mention(Turn("u1", "t1", "s", "user", "Last day at Booking.com today. Monday I start at Adyen", START),
                   "", "")
    assert said is not None
    assert said.pieces[0].startswith("Last day at Booking.com today")
    assert len(said.pieces) == 2


def test_a_correction_frames_its_value_by_whole_words() -> None:
    rows = [("c", "fact:pet:cat", "User has a cat named Nuomi; Nuomi turned 4 last week")]
    assert said_only_pair("correction about the allergy: actually I meant 头孢 (cephalosporins), penicillin is fine",
                          rows, False, True) is None
    rows = [("w", "fact:works_at", "用户在上海工作")]
    assert said_only_pair("说错了，是在苏州工作", rows, True, False) == ("苏州", "上海")
    assert said_only_pair("说错了，是在Suzhou工作", [("w", "fact:works_at", "用户在Shanghai工作")], True, False) \
        == ("Suzhou", "Shanghai")


def test_the_reported_turns_leave_the_cat_item_whole() -> None:
    store, _ = _run(["I have a cat called Nuomi (糯米), orange tabby, very fat 🐱",
                     "Nuomi turned 4 last week, we had a tiny party 🎂",
                     "Last day at Trip.com today 🥲 Monday I start at NIO as a battery test engineer",
                     "correction about the allergy: actually I meant 头孢 (cephalosporins), penicillin is fine for me"])
    cat = [d for d in _facts(store) if "Nuomi" in d]
    assert cat == ["User has a cat named Nuomi; Nuomi turned 4 last week, we had a tiny party"], _facts(store)


FIRSTS = [
    "I have a cat called Nuomi, orange tabby, very fat 🐱",
    "My dog is called Pixel, a tiny corgi",
    "I live in Lisbon",
    "I work at Trip.com as a product manager",
    "I'm allergic to penicillin",
    "I love sushi 🍣",
    "我养了一只猫叫糯米，橘猫，特别胖🐱",
    "我家狗叫旺财，三岁了",
    "我住在杭州",
    "我在携程做产品经理",
    "我对青霉素过敏",
    "我女儿叫朵朵，今年五岁",
]
SECONDS = [
    "Nuomi turned 4 last week, we had a tiny party 🎂",
    "Pixel had his shots yesterday 💉 so brave",
    "Last day at Trip.com today 🥲 Monday I start at NIO as a battery test engineer",
    "Last week at Booking.com 😅 next month I join Adyen as a data analyst",
    "correction about the allergy: actually I meant 头孢 (cephalosporins), penicillin is fine for me",
    "sorry, I meant Lola, not Luna",
    "actually it's Porto, not Lisbon",
    "Trip to Expedia.com HQ next week ✈️",
    "糯米上周满4岁了，我们给它办了个小派对🎂",
    "今天是在携程的最后一天🥲 周一去蔚来做电池测试工程师",
    "更正一下过敏的事：其实是头孢过敏，青霉素没问题",
    "说错了，是在苏州工作，不是杭州",
    "朵朵今年六岁了🎂",
    "旺财昨天打了疫苗💉",
]


@pytest.mark.parametrize(("first", "second"), list(itertools.product(FIRSTS, SECONDS)))
def test_every_edit_is_made_of_the_items_words_and_the_turns(first: str, second: str) -> None:
    _, planned = _run([first, second])
    texts, ops = planned[1]
    for op in ops:
        if isinstance(op, UpdateOp) and op.new_description is not None and op.item_id in texts:
            old = texts[op.item_id]
            assert not foreign_words(op.new_description, old, second), (first, second, old, op.new_description)
            assert "cake" not in op.new_description and "蛋糕" not in op.new_description
            texts[op.item_id] = op.new_description


def test_a_text_that_says_a_run_of_words_twice_is_flagged() -> None:
    def item(text: str) -> MemoryItem:
        return MemoryItem.create(user_id="u1", description=text, theme="relationships", kind="fact")
    spliced = item("User has a cat named Nuomi; Nuomi turned 4 last week, we had a tiny party; Last day at Trip；"
                   "User has a cat nameant 头孢 last week, we had a tiny party; Last day at Trip")
    zh = item("用户有一只猫叫糯米；糯米上周满4岁了，我们给它办了个小派对；"
              "用户有一只猫叫头孢上周满4岁了，我们给它办了个小派对")
    fine = [item("User has a cat named Nuomi; Nuomi turned 4 last week, we had a tiny party"),
            item("User runs 5k every Monday and every Thursday"), item("用户有一只猫叫糯米；糯米上周满4岁了")]
    assert [line.split()[0] for line in spliced_texts([spliced, zh, *fine])] == [spliced.id, zh.id]
