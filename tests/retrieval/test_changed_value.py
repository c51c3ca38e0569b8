"""A question about now finds the turn that changed the asked work, home or partner, and reads it before the older
value (``changed_value``); another person's change, a supposed one and a past question are left alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_core.model import Kind, MemoryItem, Trust, Turn
from memory_core.retrieval.changed_value import asked_kinds, change_turns, changes_first, says_change
from memory_core.service import Memory

T0 = datetime(2026, 3, 2, 9, tzinfo=UTC)


@pytest.mark.parametrize(("query", "kinds"), [
    ("What does she do for work now?", ["work"]), ("她现在在哪里上班？", ["work"]),
    ("What's Marcus's rank now?", ["work"]), ("Where does Vivian live now?", ["move"]),
    ("他现在住哪儿？", ["move"]), ("Does she have a boyfriend?", ["partner"]), ("她现在有对象吗？", ["partner"]),
    ("what does her son-in-law do for work?", []),  # another person's work
    ("where does my sister live now?", []), ("What's her favourite food?", []),
])
def test_the_kind_a_question_asks_about_the_user(query: str, kinds: list[str]) -> None:
    assert [k.name for k in asked_kinds(query)] == kinds


@pytest.mark.parametrize(("text", "query", "said"), [
    ("user: 转岗申请批了！下个月开始调到武汉站做客运值班员，不用跑车了", "她现在做什么工作？", True),
    ("user: Promoted!! Lieutenant Marcus Bell. Transferring to Station 8 as LT", "what's his job now?", True),
    ("user: T&T 的工作也不做了，找了个 on-campus job", "她现在在哪打工？", True),
    ("user: summer 搬出宿舍了，和 Jess 在 North York 合租了一个 condo", "where does she live now?", True),
    ("user: 从和室友合租的房子搬出来了，自己在光谷租了个一室一厅", "她住哪？", True),
    ("user: 和 Kevin 分手了。。。他说他毕业要回香港", "does she have a boyfriend?", True),
    ("user: we broke up last week, it's for the best", "is he seeing anyone?", True),
    ("user: Tasha got a new job at a clinic", "what does he do for work now?", False),  # his wife's change
    ("user: Jess 说她明年要搬去 Vancouver", "她现在住哪？", False),
    ("user: 女婿跳槽到上海了，在张江上班", "她现在在哪上班？", False),
    ("user: 假如我辞职去考公务员，你觉得靠谱不？", "她现在做什么工作？", False),  # supposed, not said
    ("user: thinking about moving to Berlin next year", "where does he live now?", False),
])
def test_a_turn_says_the_users_change(text: str, query: str, said: bool) -> None:
    assert says_change(text, asked_kinds(query)) is said


def _item(text: str, day: int, key: str | None = None) -> MemoryItem:
    kind = Kind.FACT if key else Kind.EVENT
    return MemoryItem(user_id="u", description=text, theme="", kind=kind, trust=Trust.USER, key=key,
                      valid_from=T0 + timedelta(days=day))


def test_the_change_goes_before_the_older_value_and_the_older_change() -> None:
    items = [_item("用户的职业是高铁乘务员", 0, "fact:occupation"), _item("用户的房租是一千八", 5, "fact:rent"),
             _item("user: 转岗申请批了！调到武汉站做客运值班员", 30), _item("user: 又调岗了！", 60),
             _item("用户的室友的职业是乘务员", 1, "fact:室友/occupation")]
    kinds = asked_kinds("What does she do for work now?")
    when = {j: (it.valid_from or T0).timestamp() for j, it in enumerate(items)}
    order, scores = np.array([0, 1, 4, 2, 3]), np.array([0.9, 0.8, 0.7, 0.6, 0.5])
    moved, kept = changes_first(items, order, scores, kinds, when.__getitem__)
    assert moved.tolist() == [3, 2, 0, 1, 4] and kept.tolist() == [0.9, 0.8, 0.7, 0.6, 0.5]
    # a value said after the change stays first; nothing asked: nothing moves
    later = [_item("user: 转岗申请批了！调到武汉站", 0), _item("用户的职业是客运值班员", 30, "fact:occupation")]
    assert changes_first(later, np.array([1, 0]), np.array([0.5, 0.4]), kinds,
                         lambda j: (later[j].valid_from or T0).timestamp())[0].tolist() == [1, 0]
    assert changes_first(items, order, scores, (), when.__getitem__)[0].tolist() == order.tolist()
    turns, slots = change_turns(items, order, kinds)
    assert turns == {2, 3} and "occupation" in slots


@pytest.fixture()
def memory(lexical_memory: Memory) -> Memory:
    return lexical_memory  # lexical only: these rankings are the lexical index's


CASES = {
    "zh-work": (["我是高铁乘务员，在武汉客运段，干了快三年了", "周末去爬山了，天气很好",
                 "转岗申请批了！下个月开始调到武汉站做客运值班员，不用跑车了"],
                "What does she do for work now?", "客运值班员"),
    "zh-home": (["我住在学校宿舍 New College", "最近在学做饭",
                 "summer 搬出宿舍了，和 Jess 在 North York 合租了一个 condo"],
                "Where does she live now?", "North York"),
    "en-rank": (["I'm a firefighter with Tacoma Fire, Station 12, been on 9 years", "went fishing with my dad",
                 "Promoted!! Lieutenant now. Transferring to Station 8 on A shift starting next week"],
                "What's his rank and station now?", "Station 8"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_change_is_read_before_the_value_it_changed(memory: Memory, case: str) -> None:
    lines, question, current = CASES[case]
    memory.ingest([Turn(user_id=case, turn_id=f"{case}-t{n}", session_id=f"s{n}", role="user", text=text,
                        timestamp=T0 + timedelta(days=40 * n)) for n, text in enumerate(lines)])
    said = [r.item.description for r in memory.recall(case, question, k=5).results]
    assert said and current in said[0], said


@pytest.mark.parametrize("query", ["他老伴现在在哪？", "她爱人现在做什么？", "Is his spouse still in Leeds?",
                                   "她现在有另一半吗？"])
def test_every_spouse_word_asks_the_partner_kind(query: str) -> None:
    assert [k.name for k in asked_kinds(query)] == ["partner"] or "work" in [k.name for k in asked_kinds(query)]


@pytest.mark.parametrize(("text", "said"), [
    ("user: 跟李想确定关系了！他也养猫", True), ("user: 最近在相亲，我姨介绍的，一个中学老师叫李想", True),
    ("user: 最近认识了一个人，叫Vivian，做UI设计的", True), ("user: 许然昨晚跟我表白了，我答应了！", True),
    ("user: Met someone at the climbing gym, her name's Talia", True), ("user: Talia and I made it official!", True),
    ("user: 要是能认识一个人就好了", False),  # a wish, supposed
    ("user: I bought a new bike", False),
])
def test_a_relationship_starting_is_a_partner_change(text: str, said: bool) -> None:
    assert says_change(text, asked_kinds("Does she have a boyfriend?")) is said
