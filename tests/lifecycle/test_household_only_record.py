"""Maintenance keeps the only record of a household value (an age, a name, a count) or of news (trial 41, finding 7).

The values live in ``data/circle_values.yaml``; traditional and Cantonese text is read as its simplified Mandarin.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _turns import T0

from memory_core.lifecycle.circle_values import circle_values
from memory_core.lifecycle.only_record import only_records, stated_records, stated_things
from memory_core.model import Kind, MemoryItem, Trust


def _event(text: str, turn: str, days: int = 0) -> MemoryItem:
    return MemoryItem.create("u1", f"user: {text}", "moments", kind=Kind.EVENT, speaker="user", source=[turn],
                             valid_from=T0 + timedelta(days=days), importance=0.4, trust=Trust.USER)


def _fact(text: str, turn: str, key: str) -> MemoryItem:
    return MemoryItem.create("u1", text, "places", kind=Kind.FACT, source=[turn], valid_from=T0, key=key)


@pytest.mark.parametrize(("text", "family"), [
    ("大仔8岁，细仔5岁", "age"),
    ("我女儿今年三岁了", "age"),
    ("my older son is 8 and the youngest is 5", "age"),
    ("the dog is 3 years old now", "age"),
    ("我们给娃儿取了小名叫糖糖", "name"),
    ("小狗的名字叫旺财", "name"),
    ("we named her Chai", "name"),
    ("our cat is called Pixel", "name"),
    ("we have two kids", "count"),
    ("我们养了两只猫", "count"),
])
def test_household_values_in_both_languages(text: str, family: str) -> None:
    assert any(k.startswith(f"value:{family}:") for k in circle_values(text))


@pytest.mark.parametrize("text", ["I am 8 minutes late", "My boss is 50", "the kids are fine", "我8点到家",
                                  "叫了个外卖", "we have two meetings today"])
def test_no_household_value_in_other_sentences(text: str) -> None:
    assert circle_values(text) == frozenset()


@pytest.mark.parametrize(("text", "key"), [
    ("我住喺沙田，同老公同兩個仔一齊住。大仔8歲，細仔5歲", "value:age:大仔8岁"),  # Cantonese, traditional
    ("筆試過咗喇！theory test一次過", "value:news:笔试过了"),
    ("面试过了！下周一入职", "value:news:面试过了"),
    ("面試過咗喇，下個月返工", "value:news:面试过了"),
    ("個女今年三歲", "value:age:个女今年三岁"),
    ("passed my driving test today!!", "value:news:passed my driving test"),
])
def test_stated_things_read_traditional_and_regional_text(text: str, key: str) -> None:
    assert key in stated_things(text)


def test_a_household_value_beside_a_superseded_home_is_kept() -> None:
    """The home item made from the turn was superseded by a move: the sons' ages are in no history."""
    turn = _event("我住喺沙田，同老公同兩個仔一齊住。大仔8歲，細仔5歲", "t1")
    home_now = _fact("用户住在曼彻斯特", "t9", "fact:lives_in")
    chat = _event("今日好攰", "t2", 3)
    for keep in (only_records, stated_records):
        kept = keep([turn, home_now, chat], derived={"t1"})
        assert turn.id in kept and chat.id not in kept


@pytest.mark.parametrize(("said", "item", "key"), [
    ("we named her Chai, she's a shepherd mix", "User has a dog named Chai", "fact:pet:dog"),
    ("我女儿今年三岁了，刚上幼儿园", "用户的女儿今年三岁", "fact:family:daughter"),
])
def test_a_household_value_an_item_holds_is_no_only_record(said: str, item: str, key: str) -> None:
    turn = _event(said, "t1")
    assert turn.id not in only_records([turn, _fact(item, "t1", key)], summed_to=None)
    other = _fact("User works at Sunnybrook" if item.isascii() else "用户在医院工作", "t1", "fact:employer")
    assert turn.id in only_records([turn, other], summed_to=None)  # an item of another clause: the value is missed
