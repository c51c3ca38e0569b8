"""A credential keeps the thing it is for (``pipeline/sensitive_thing.py``), English and Chinese.

A question about one thing's secret ("我的电脑密码是多少？", "what is my laptop password?") never gets
another thing's (a bank card's PIN, the wifi's password).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Turn
from memory_core.pipeline.sensitive import detect
from memory_core.pipeline.sensitive_kind import thing_of
from memory_core.pipeline.sensitive_thing import tied_text
from memory_core.service import Memory

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("said", "value", "thing"), [
    ("我的银行卡号 6222 0212 3456 7890 123，密码是 654321", "654321", "bank"),
    ("我的工资卡是招商银行的，密码是 135790", "135790", "bank"),
    ("我的wifi名字是Home5G，密码是Tr0ub4dor&3", "Tr0ub4dor&3", "wifi"),
])
def test_a_secret_split_from_its_thing_keeps_it(memory: Memory, said: str, value: str, thing: str) -> None:
    memory.ingest([Turn(user_id="u", turn_id="t0", session_id="s", role="user", text=said, timestamp=T0)])
    holding = [i.description for i in memory.store.list_items("u") if value in i.description]
    things = {f.thing for d in holding for f in detect(d) if f.value.strip() == value}
    assert len(holding) >= 2 and things == {thing}, (holding, things)
    for question in ("我的电脑密码是多少？", "what is my laptop password?", "我手机的解锁密码是什么"):
        shown = [r.item.description for r in memory.recall("u", question).results]
        assert not [d for d in shown if value in d], (question, shown)


@pytest.mark.parametrize(("said", "value"), [
    ("I opened a bank account, my debit card number is 4111 1111 1111 1111, and the PIN is 8531.", "8531"),
    ("Set up the home wifi today, the network is Home5G and its password is Quokka!2024.", "Quokka!2024"),
])
def test_english_secrets_of_other_things_stay_out_of_a_laptop_question(memory: Memory, said: str,
                                                                       value: str) -> None:
    memory.ingest([Turn(user_id="u", turn_id="t0", session_id="s", role="user", text=said, timestamp=T0)])
    for question in ("what is my laptop password?", "what's my computer passcode?", "我的电脑密码是多少？"):
        shown = [r.item.description for r in memory.recall("u", question).results]
        assert not [d for d in shown if value in d], (question, shown)


@pytest.mark.parametrize(("item", "said", "want"), [
    ("User's PIN is 4321", "My bank card number is 4111 1111 1111 1111, the PIN is 4321",
     "User's bank card PIN is 4321"),
    ("User's password is Zx9!kq77", "Our router is new, the password is Zx9!kq77", "User's wifi password is Zx9!kq77"),
    ("用户的密码是 654321", "我的银行卡号 6222 0212 3456 7890 123，密码是 654321", "用户的银行卡密码是 654321"),
    ("用户的密码是Quokka!2024", "我买了新的笔记本电脑，密码是Quokka!2024", "用户的电脑密码是Quokka!2024"),
])
def test_tied_text_names_the_turns_thing_before_the_credential_word(item: str, said: str, want: str) -> None:
    got = tied_text(item, detect(item), detect(said))
    assert got == want
    found = detect(got)
    assert found and thing_of(got, found[0].start, found[0].end) == found[0].thing != ""


@pytest.mark.parametrize("item", ["User's password is hunter2hunter2", "用户的密码是 hunter2hunter2"])
def test_a_secret_whose_turn_names_no_thing_is_left_as_it_is(item: str) -> None:
    assert tied_text(item, detect(item), detect("my password is hunter2hunter2")) == item
