"""A phone number given to be called on is the user's number (trial 14, finding 9), English and Chinese.

"Call me on +33 6 12 34 56 78 if the tour is cancelled." kept the number only in the turn's raw event, so
forgetting another memory of that turn (which forgets the turn) lost the number. Said in the everyday ways
("call / text / reach me on / at …", "打我电话…", "有事打我手机…"), it is the ``fact:number:phone`` slot, shown in
clear (the README: a phone number is no secret to mask); another person's number, a time ("call me at 5pm") and a
question are not.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.model import Turn
from memory_core.pipeline.numbers import numbers_in
from memory_core.service import Memory

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _say(memory: Memory, texts: list[str]) -> None:
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, T0 + timedelta(days=n)) for n, text in enumerate(texts)])


@pytest.mark.parametrize(("said", "number"), [
    ("Call me on +33 6 12 34 56 78 if the tour is cancelled.", "+33 6 12 34 56 78"),
    ("Text me at 555-0199 when you land.", "555-0199"),
    ("You can reach me on WhatsApp at +44 7700 900123.", "+44 7700 900123"),
    ("有事打我手机13812345678。", "13812345678"),
    ("打我电话：139 1234 5678，随时都行", "139 1234 5678"),
    ("找我就打这个号 13712345678", "13712345678"),
])
def test_a_number_to_call_is_the_users_phone_number(memory: Memory, said: str, number: str) -> None:
    _say(memory, [said])
    phones = [i for i in memory.store.list_items("u1") if i.key == "fact:number:phone"]
    assert [number in i.description for i in phones] == [True], [i.description for i in phones]


@pytest.mark.parametrize("said", ["Call my mom on +33 6 12 34 56 78.", "call me at 5pm", "call me at 10:30 tomorrow",
                                  "Can you text me at 555-0199?", "给我妈打电话 13812345678"])
def test_not_the_users_number(said: str) -> None:
    assert not numbers_in(said)


def test_forgetting_the_debt_keeps_the_number(tmp_path: Path) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/q4.db")
    try:
        mem.add([{"role": "user", "content": "Call me on +33 6 12 34 56 78 if the tour is cancelled. I owe Marc 20k "
                  "euros.", "timestamp": "2025-04-01T10:00:00Z"}], user_id="q4")
        debt = next(i for i in mem.get_all(user_id="q4") if "Marc" in i["description"])
        mem.delete(debt["id"], user_id="q4", reason="the debt is settled")
        left = [i["description"] for i in mem.get_all(user_id="q4")]
        found = [h["description"] for h in mem.search("what's my phone number?", user_id="q4", k=3)]
    finally:
        mem.close()
    assert any("+33 6 12 34 56 78" in d for d in left), left
    assert found and "+33 6 12 34 56 78" in found[0], found


def test_a_new_number_to_call_supersedes_the_old_one(memory: Memory) -> None:
    _say(memory, ["我的手机号是13812345678", "换号了，有事打我手机13987654321"])
    live = [i.description for i in memory.store.list_items("u1") if i.key == "fact:number:phone"]
    assert live == ["用户的手机号是13987654321"], live
