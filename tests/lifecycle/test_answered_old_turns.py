"""Decay keeps the assistant's question the user answered, the raw turn of a value since replaced, and the
assistant's turn a later user turn refers to (restored when already archived).

Both are raw turns recall needs to reach a value the curated items alone do not lead to
(``lifecycle.answered``, ``lifecycle.old_turns``); each is tested on the rule (pure) and on the job
(``fading.ending_ops`` with a strength far below the threshold), in English and Chinese.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from _turns import T0

from memory_core.decay import Decay
from memory_core.lifecycle.answered import ANSWER_WINDOW, answered_questions, asks
from memory_core.lifecycle.fading import ending_ops
from memory_core.lifecycle.old_turns import old_value_turns
from memory_core.lifecycle.referred import REFER_WINDOW, referred_turns, refers_back, restore_ops
from memory_core.lifecycle.topic_turns import EVIDENCE_TURNS
from memory_core.model import Kind, MemoryItem, Status, Trust
from memory_core.service import open_memory
from memory_core.settings import Settings
from memory_core.store.write_ops import AddOp, EndOp

QA = {"en": ("Did you end up adopting the beagle puppy from the shelter?",
             "Yes, we brought him home on Saturday, the kids adore him.", "Nice weather today."),
      "zh": ("你们最后领养了救助站那只柯基吗？", "领了！周六接回家的，孩子们特别喜欢它。", "今天天气不错。")}
CHANGE = {"en": ("I have a glass of red wine with dinner most nights.", "The doctor says I can't drink alcohol."),
          "zh": ("我每天晚饭都要喝二两白酒。", "医生说我不能再喝酒了。")}
LATER = T0 + timedelta(days=400)


def _event(text: str, turn: str, at: datetime, speaker: str = "user") -> MemoryItem:
    return MemoryItem.create("u1", f"{speaker}: {text}", "moments", kind=Kind.EVENT, speaker=speaker, source=[turn],
                             valid_from=at, importance=0.2, trust=Trust.USER if speaker == "user" else Trust.AGENT)


def _faded(active: list[MemoryItem], now: datetime, replaced: Sequence[MemoryItem] = (),
           keep_old: bool = True) -> set[str]:
    derived = [t for i in replaced for t in i.source]  # as the job passes them (``maintain``)
    _, faded = ending_ops(active, now, Decay(), derived=derived, replaced=replaced if keep_old else ())
    return {op.item_id for op in faded}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_question_stays_while_its_answer_does(lang: str) -> None:
    question, answer, chat = QA[lang]
    assert asks(f"assistant: {question}") and not asks(answer)
    q = _event(question, "t1", T0, "assistant")
    a = _event(answer, "t2", T0 + timedelta(minutes=1))
    fact = MemoryItem.create("u1", answer, "pets", kind=Kind.FACT, source=["t2"], valid_from=T0)  # keeps ``a``
    assert answered_questions([q, a], [], T0 + timedelta(days=1)) == {q.id}
    assert answered_questions([q, a], [a.id], T0 + timedelta(days=1)) == set()  # the answer ends: so does it
    late = _event(answer, "t3", T0 + ANSWER_WINDOW + timedelta(minutes=1))
    assert answered_questions([q, late], [], LATER) == set()  # too late to be its answer
    assert answered_questions([q, _event(chat, "t4", T0 - timedelta(minutes=1))], [], T0) == {q.id}  # just asked
    assert answered_questions([q], [], T0 + ANSWER_WINDOW + timedelta(minutes=1)) == set()  # never answered
    faded = _faded([q, a, fact], LATER)
    assert q.id not in faded and a.id not in faded  # the answer is the fact's evidence; the question stays with it
    reply = _event(chat, "t5", T0 + timedelta(minutes=1))  # small talk after it: both fade
    assert {q.id, reply.id} <= _faded([q, reply], LATER)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_raw_turn_of_a_replaced_value_stays_while_the_new_value_holds(lang: str) -> None:
    old_text, new_text = CHANGE[lang]
    key = "gist:obj:alcohol@user"
    olds, turns = [], []
    for n in range(EVIDENCE_TURNS + 1):  # the old value said three times, each superseded
        at = T0 + timedelta(days=n)
        turns.append(_event(old_text, f"o{n}", at))
        old = MemoryItem.create("u1", old_text, "habits", kind=Kind.FACT, source=[f"o{n}"], valid_from=at, key=key)
        old.status = Status.SUPERSEDED
        olds.append(old)
    new = MemoryItem.create("u1", new_text, "habits", kind=Kind.FACT, source=["n1"], key=key,
                            valid_from=T0 + timedelta(days=30))
    newer = _event(new_text, "n1", T0 + timedelta(days=30))
    assert old_value_turns([*turns, new, newer], olds) == {e.id for e in turns[-EVIDENCE_TURNS:]}
    assert old_value_turns([*turns, newer], olds) == set()  # the new value itself ended: nothing leads to it
    faded = _faded([*turns, new, newer], LATER, olds)
    assert faded.isdisjoint(e.id for e in turns[-EVIDENCE_TURNS:]) and turns[0].id in faded
    assert {e.id for e in turns} <= _faded([*turns, new, newer], LATER, olds, keep_old=False)  # without the rule


REFER = {"en": ("You could try the Couch to 5K app, it builds up slowly over nine weeks.",
                "I downloaded that app you suggested and I'm in week two.", "Good night!"),
         "zh": ("可以试试悦跑圈的新手计划，九周循序渐进。", "你推荐的那个新手计划我已经跑到第二周了。", "晚安！")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_later_turn_referring_to_the_assistant_keeps_and_restores_its_turn(lang: str, tmp_path: Path) -> None:
    tip, reply_text, chat = REFER[lang]
    assert refers_back(reply_text) and not refers_back(chat) and not refers_back(tip)
    suggestion = _event(tip, "t1", T0, "assistant")
    other = _event(chat, "t0", T0 - timedelta(days=1), "assistant")  # shares no word with the reply
    reply = _event(reply_text, "t2", T0 + timedelta(days=14))
    assert referred_turns([reply], [other, suggestion]) == {reply.id: suggestion.id}
    late = _event(reply_text, "t3", T0 + REFER_WINDOW + timedelta(days=1))
    assert referred_turns([late], [suggestion]) == {}  # too long after
    faded = _faded([suggestion, other, reply], T0 + timedelta(days=15))
    assert suggestion.id not in faded and other.id in faded
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/r.sqlite3", maintain_every_turns=0,
                                  embedder="none"))
    try:
        store = memory.store
        store.apply("u1", [AddOp(suggestion), AddOp(other)])
        store.apply("u1", [EndOp(suggestion.id, Status.ARCHIVED, "faded", "system"),
                           EndOp(other.id, Status.ARCHIVED, "faded", "system")])
        ops = restore_ops(store, "u1", [reply], None, T0 + timedelta(days=14))
        assert [op.item_id for op in ops] == [suggestion.id]  # the one it refers to, archived, comes back
        assert restore_ops(store, "u1", [reply], (T0 + timedelta(days=20)).isoformat(), T0) == []  # not new
    finally:
        memory.close()
