"""An item that replaces another carries the change in its own history (issue 13).

"I live in Lisbon" then "I moved to Porto": the current item (Porto) has a ``replace`` revision from the Lisbon text;
through a chain (Lisbon -> Porto -> Madrid) the current item keeps every earlier value, in either language and
whatever key shape each was written with. The old item stays superseded, naming its successor.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore, planned_store

from memory_core.model import MemoryItem, Status
from memory_core.pipeline.successor_history import with_change_history
from memory_core.store.write_ops import AddOp, EndOp, HitOp

_START = datetime(2026, 2, 1, tzinfo=UTC)


def _store(texts: list[str]) -> DictStore:
    return planned_store(texts, timedelta(days=30), start=_START)


def _olds(item: MemoryItem) -> list[str]:
    return [r.old_description for r in item.history if r.op == "replace"]


@pytest.mark.parametrize(("texts", "olds", "new"), [
    (["I live in Lisbon", "I moved to Porto last week"], ["Lisbon"], "Porto"),
    (["I work at Acme Corp", "I just joined Initech"], ["Acme"], "Initech"),
    (["我住在成都", "我搬到重庆了"], ["成都"], "重庆"),
    (["我在腾讯上班", "我跳槽到字节了"], ["腾讯"], "字节"),
    (["I live in Lisbon", "I moved to Porto last week", "we relocated to Madrid"], ["Lisbon", "Porto"], "Madrid"),
    (["我住在成都", "我搬到重庆了", "我又搬到西安了"], ["成都", "重庆"], "西安"),
])
def test_the_current_item_holds_every_earlier_value(texts: list[str], olds: list[str], new: str) -> None:
    items = [i for i in _store(texts).list_items("u1", statuses=None) if i.kind != "event"]
    current = [i for i in items if i.status == Status.ACTIVE and new in i.description]
    assert len(current) == 1, [(i.status, i.description) for i in items]
    held = _olds(current[0])
    assert all(any(old in h for h in held) for old in olds), current[0].history
    for old in olds:  # each old item stays superseded
        assert any(i.status == Status.SUPERSEDED and old in i.description for i in items)


def _item(text: str, key: str = "fact:lives_in") -> MemoryItem:
    return MemoryItem.create("u1", text, "identity", key=key, at=_START)


def test_an_end_by_an_added_item_is_recorded_on_it() -> None:
    old, new = _item("User lives in Lisbon"), _item("User lives in Porto")
    at = _START + timedelta(days=3)
    ops = with_change_history([AddOp(new), EndOp(old.id, Status.SUPERSEDED, "moved", by_id=new.id, turn_id="t2",
                                                 at=at)], {old.id: old})
    assert len(ops) == 2
    change = new.history[-1]
    assert (change.op, change.old_description, change.new_description, change.other_id, change.turn_id,
            change.at) == ("replace", "User lives in Lisbon", "User lives in Porto", old.id, "t2", at)
    assert new.history[0].op == "create"


def test_an_end_naming_no_added_item_changes_nothing() -> None:
    old, new, other = _item("User lives in Lisbon"), _item("User lives in Porto"), _item("User likes tea", "pref:tea")
    with_change_history([AddOp(new), EndOp(old.id, Status.SUPERSEDED, "x", by_id=other.id),
                         EndOp(other.id, Status.ARCHIVED, "x", by_id=new.id), HitOp(old.id)],
                        {old.id: old, other.id: other})
    assert [r.op for r in new.history] == ["create"]


def test_a_chain_is_carried_once() -> None:
    a, b, c = _item("用户住在成都"), _item("用户住在重庆"), _item("用户住在西安")
    with_change_history([AddOp(b), EndOp(a.id, Status.SUPERSEDED, "搬家", by_id=b.id)], {a.id: a})
    ops = [AddOp(c), EndOp(b.id, Status.SUPERSEDED, "搬家", by_id=c.id)]
    with_change_history(ops, {b.id: b})
    with_change_history(ops, {b.id: b})  # planned twice: the same change is not recorded again
    assert [r.old_description for r in c.history if r.op == "replace"] == ["用户住在成都", "用户住在重庆"]


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["I'm a huge Arsenal supporter", "I support Chelsea now, Arsenal just doesn't do it for me anymore"],
     "Arsenal", "Chelsea"),
    (["I love watching the Lakers", "I don't watch the Lakers anymore, I watch the Knicks now"], "Lakers", "Knicks"),
    (["我特别爱吃香菜", "香菜我现在不吃了，改吃葱了"], "香菜", "葱"),
    (["我是曼联球迷", "我不再支持曼联了，现在是利物浦的球迷"], "曼联", "利物浦"),
])
def test_what_is_taken_up_in_place_of_a_thing_stopped_holds_it_in_its_history(texts: list[str], old: str,
                                                                              new: str) -> None:
    items = [i for i in _store(texts).list_items("u1", statuses=None) if i.kind != "event"]
    current = [i for i in items if i.status == Status.ACTIVE and new in i.description and old not in i.description]
    assert len(current) == 1, [(i.status, i.description) for i in items]
    assert any(old in h for h in _olds(current[0])), current[0].history


@pytest.mark.parametrize("texts", [
    ["I love sushi", "I don't eat sushi anymore, my sister got a cat"],
    ["我特别爱吃香菜", "香菜我不吃了，我妹妹养了一只猫"],
])
def test_a_statement_beside_a_stop_that_takes_nothing_up_keeps_its_own_history(texts: list[str]) -> None:
    items = _store(texts).list_items("u1", statuses=None)
    cat = [i for i in items if i.kind != "event" and ("cat" in i.description or "猫" in i.description)]
    assert cat and all(not _olds(i) for i in cat), [(i.description, i.history) for i in items]


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["Die-hard Yankees fan here, born and raised in the Bronx.",
      "Honestly I've switched to the Dodgers since moving out west. The Yankees don't do it for me anymore."],
     "Yankees", "Dodgers"),
])
def test_the_one_statement_a_turn_adds_succeeds_the_item_it_ends(texts: list[str], old: str, new: str) -> None:
    items = [i for i in _store(texts).list_items("u1", statuses=None) if i.kind != "event"]
    ended = [i for i in items if i.status == Status.SUPERSEDED and old in i.description]
    current = [i for i in items if i.status == Status.ACTIVE and new in i.description]
    assert len(ended) == 1 and len(current) == 1, [(i.status, i.description) for i in items]
    assert any(r.op == "supersede" and r.other_id == current[0].id for r in ended[0].history)
    assert any(old in h for h in _olds(current[0]))
