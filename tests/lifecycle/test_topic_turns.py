"""Decay keeps the later words on a kept memory's topic and counts a memory's days from its last telling."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from _turns import T0

from memory_core.lifecycle import ManualClock
from memory_core.lifecycle.topic_turns import EVIDENCE_TURNS, last_said, later_words, turn_times
from memory_core.model import Kind, MemoryItem, Status
from memory_core.service import Memory

CASES = {
    "en": ("Mara", "Mara plays chess online every night with her club",
           ["Mara: I quit online chess and deleted the account, it ate my sleep.",
            "Mara: Chess club dinner was fun, though I no longer play."],
           "Mara: The weather is lovely, went for a walk by the river."),
    "zh": ("秦月", "秦月每天晚上在网上下围棋",
           ["秦月: 围棋账号我注销了，不再下了。", "秦月: 周末去看了围棋比赛，只是看看。"],
           "秦月: 今天天气不错，去河边散步了。"),
}


def _event(speaker: str, text: str, turn: str, at: datetime) -> MemoryItem:
    return MemoryItem.create("u1", text, "moments", kind=Kind.EVENT, speaker=speaker, source=[turn], valid_from=at,
                             importance=0.5)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_later_words_on_a_memorys_topic_are_named_and_bounded(lang: str) -> None:
    speaker, fact_text, later, unrelated = CASES[lang]
    fact = MemoryItem.create("u1", fact_text, "hobbies", kind=Kind.FACT, speaker=speaker, source=["t1"],
                             valid_from=T0)
    told = _event(speaker, f"{speaker}: {fact_text}", "t1", T0)
    before = _event(speaker, later[0], "t0", T0 - timedelta(days=3))  # on topic, but said before the fact
    after = [_event(speaker, later[n % 2], f"t{n + 2}", T0 + timedelta(days=10 * (n + 1))) for n in range(4)]
    other = _event(speaker, unrelated, "t9", T0 + timedelta(days=50))
    reply = _event("assistant", f"assistant: {later[0]}", "t8", T0 + timedelta(days=45))
    kept = later_words([fact, told, before, *after, other, reply])
    assert kept == {e.id for e in after[-EVIDENCE_TURNS:]}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_decay_keeps_the_later_word_that_a_kept_fact_is_out_of_date(memory: Memory, clock: ManualClock,
                                                                    lang: str) -> None:
    speaker, fact_text, later, unrelated = CASES[lang]
    store = memory.store
    fact = store.add("u1", fact_text, "hobbies", kind=Kind.FACT, speaker=speaker, source=["t1"], valid_from=T0,
                     importance=0.5)
    store.add("u1", f"{speaker}: {fact_text}", "moments", kind=Kind.EVENT, speaker=speaker, source=["t1"],
              valid_from=T0, importance=0.5)
    change = store.add("u1", later[0], "moments", kind=Kind.EVENT, speaker=speaker, source=["t2"],
                       valid_from=T0 + timedelta(days=30), importance=0.5)
    chat = store.add("u1", unrelated, "moments", kind=Kind.EVENT, speaker=speaker, source=["t3"],
                     valid_from=T0 + timedelta(days=30), importance=0.5)
    clock.set(T0 + timedelta(days=60))
    memory.maintain("u1")
    assert store.get("u1", fact).status == Status.ACTIVE
    assert store.get("u1", change).status == Status.ACTIVE  # the only record that the fact changed
    assert store.get("u1", chat).status == Status.ARCHIVED


def test_a_memory_said_again_counts_its_days_from_the_last_telling(memory: Memory, clock: ManualClock) -> None:
    store = memory.store
    told_again = store.add("u1", "Training for the Lisbon half marathon in October", "plans", kind=Kind.TODO,
                           source=["a1", "a2"], valid_from=T0, importance=0.75)
    told_once = store.add("u1", "Training for the Porto trail race in November", "plans", kind=Kind.TODO,
                          source=["b1"], valid_from=T0, importance=0.75)
    for turn, day in (("a1", 0), ("a2", 40), ("b1", 0)):
        store.add("u1", f"turn {turn}", "moments", kind=Kind.EVENT, source=[turn],
                  valid_from=T0 + timedelta(days=day), importance=0.5)
    items = store.list_items("u1")
    again = next(i for i in items if i.id == told_again)
    assert last_said(again, turn_times(items)) == T0 + timedelta(days=40)
    clock.set(T0 + timedelta(days=60))
    memory.maintain("u1")
    assert store.get("u1", told_again).status == Status.ACTIVE  # 20 days since its detail was added
    assert store.get("u1", told_once).status == Status.ARCHIVED  # 60 days since it was said
