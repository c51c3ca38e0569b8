"""Mem0's add events (ADD / UPDATE with previous_memory / DELETE), get after delete, and a replay after
delete_all, on the embedded store (EN and ZH)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.mem0_compat import Memory


@pytest.fixture
def m(tmp_path: Path) -> Iterator[Memory]:
    mem = Memory(EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m0.db"))
    yield mem
    mem.close()


@pytest.mark.parametrize(("first", "then", "old", "new"), [
    ("我住在杭州", "I moved to Beijing last month", "用户住在杭州", "User lives in Beijing"),
    ("I live in Lisbon", "我搬到上海了", "User lives in Lisbon", "用户住在上海"),
])
def test_add_reports_a_superseded_value_as_update_of_its_successor(m: Memory, first: str, then: str, old: str,
                                                                   new: str) -> None:
    """Mem0 reports a memory whose value changed as one UPDATE with ``previous_memory``, never as a DELETE of
    the old value beside an ADD of the new."""
    added = m.add([{"role": "user", "content": first, "timestamp": "2026-10-01T10:00:00+08:00"}], user_id="alex")
    old_id = next(r["id"] for r in added["results"] if r["memory"] == old)
    changed = m.add([{"role": "user", "content": then, "timestamp": "2026-11-01T10:00:00+08:00"}],
                    user_id="alex")["results"]
    assert [r["event"] for r in changed] == ["UPDATE"], changed
    assert changed[0]["memory"] == new and changed[0]["previous_memory"] == old
    assert changed[0]["id"] == old_id  # Mem0's UPDATE keeps the id the caller holds (mem0_lineage)
    assert m.get(old_id)["memory"] == new  # ... and get of it is the current memory
    assert [(h["event"], h["old_memory"], h["new_memory"]) for h in m.history(old_id)] == [
        ("ADD", None, old), ("UPDATE", old, new)]
    # a message that changes nothing reports no DELETE
    same = m.add([{"role": "user", "content": "I like green tea", "timestamp": "2026-11-02T10:00:00Z"}],
                 user_id="alex")["results"]
    assert "DELETE" not in {r["event"] for r in same}


@pytest.mark.parametrize(("turns", "back", "before"), [
    (["我住在杭州", "我搬到上海了"], "又搬回杭州了", "上海"),
    (["我住在杭州", "I moved to Beijing last month"], "Actually I moved back to Hangzhou", "Beijing"),
])
def test_a_value_changed_back_is_one_update_and_no_delete(m: Memory, turns: list[str], back: str,
                                                          before: str) -> None:
    for n, text in enumerate(turns):
        m.add([{"role": "user", "content": text, "timestamp": f"2026-0{n + 1}-01T10:00:00+08:00"}], user_id="ivy")
    kept = {r["id"]: r["memory"] for r in m.get_all(user_id="ivy")["results"]}
    changed = m.add([{"role": "user", "content": back, "timestamp": "2026-06-01T10:00:00+08:00"}],
                    user_id="ivy")["results"]
    assert [r["event"] for r in changed] == ["UPDATE"], changed
    assert before in changed[0]["previous_memory"] and before not in changed[0]["memory"]
    still = {r["id"]: r["memory"] for r in m.get_all(user_id="ivy")["results"]}
    assert {i: t for i, t in kept.items() if before not in t}.items() <= still.items()  # nothing else ended


def test_an_end_without_a_new_value_stays_a_delete(m: Memory) -> None:
    from memory_core.mem0_compat import mem0_add_events

    class Api:  # the native add's answer and one history: an item deleted by a turn of the add
        def history(self, memory_id: str, *, user_id: str) -> list[dict[str, object]]:
            return [{"op": "delete", "turn_id": "t1", "other_id": None, "old_description": "x"}]

    result = {"turn_ids": ["t1"], "results": [
        {"id": "a1", "description": "User lives in Oslo", "status": "deleted", "event": "DELETE", "source": ["t0"],
         "kind": "fact", "key": "fact:lives_in"}]}
    assert mem0_add_events(Api(), "u", result, {"a1"}) == [  # type: ignore[arg-type]
        {"id": "a1", "memory": "User lives in Oslo", "event": "DELETE"}]


def test_get_after_delete_is_none_and_delete_all_then_replay_stores_again(m: Memory) -> None:
    said = [{"role": "user", "content": "I work at Tencent", "timestamp": "2026-11-10T20:00:00+08:00"},
            {"role": "user", "content": "我养了一只猫叫咪咪", "timestamp": "2026-11-10T20:01:00+08:00"}]
    first = m.add(said, user_id="kai")["results"]
    job = next(r["id"] for r in first if r["memory"] == "User works at Tencent")
    assert m.delete(job) == {"message": "Memory deleted successfully!"}
    assert m.get(job) is None
    kept = m.get_all(user_id="kai")["results"]
    m.add(said, user_id="kai")
    assert m.get_all(user_id="kai")["results"] == kept, "a retried add (same derived turn ids) stores nothing twice"
    wiped = m.api.delete_all(user_id="kai")
    assert wiped["deleted"] > 0 and {r["event"] for r in wiped["results"]} == {"DELETE"}
    assert all(r["status"] == "deleted" for r in wiped["results"])
    assert m.get_all(user_id="kai") == {"results": []}
    assert m.search("where do I work?", user_id="kai")["results"] == []
    again = m.add(said, user_id="kai")["results"]
    assert {r["memory"] for r in again} >= {"User works at Tencent"}
    assert any("咪咪" in r["memory"] for r in again)
    assert m.search("where do I work?", user_id="kai")["results"][0]["memory"] == "User works at Tencent"
    # the deleted items keep their history; a second retry of the replay still stores nothing twice
    assert m.history(job)[-1]["event"] == "DELETE"
    now = m.get_all(user_id="kai")["results"]
    m.add(said, user_id="kai")
    assert m.get_all(user_id="kai")["results"] == now


def test_add_update_carries_previous_memory(m: Memory) -> None:
    m.add([{"role": "user", "content": "I have a dog named Pixel", "timestamp": "2026-10-01T10:00:00Z"}],
          user_id="zoe")
    changed = m.add([{"role": "user", "content": "Pixel is 3 years old now", "timestamp": "2026-11-01T10:00:00Z"}],
                    user_id="zoe")["results"]
    updates = [r for r in changed if r["event"] == "UPDATE"]
    assert updates and updates[0]["previous_memory"] and "Pixel" in updates[0]["previous_memory"]
    assert updates[0]["previous_memory"] != updates[0]["memory"]


@pytest.mark.parametrize("text", ["I'm training for the Berlin marathon in September.", "我每天早上六点起床跑步。"])
def test_the_same_message_again_lists_no_event(m: Memory, text: str) -> None:
    """Mem0 decides NONE for a memory a message leaves as it was, and its add lists nothing for it."""
    msg = [{"role": "user", "content": text}]
    first = m.add(msg, user_id="u1")["results"]
    assert first and {r["event"] for r in first} == {"ADD"}
    again = m.add(msg, user_id="u1")["results"]
    assert again == [], again
    assert len(m.get_all(filters={"user_id": "u1"})["results"]) == len(first)


@pytest.mark.parametrize(("said", "changed"), [
    ("I'm vegetarian", "最近又开始吃肉了"),
    ("我住在杭州", "I moved to Beijing last month"),
])
def test_a_message_sent_again_lists_no_event_even_when_its_memory_was_superseded(m: Memory, said: str,
                                                                                  changed: str) -> None:
    """A re-sent message (its stored turn: nothing applied again) is Mem0's NONE, never an ADD of an ended item."""
    first = [{"role": "user", "content": said, "timestamp": "2026-03-02T10:00:00Z"}]
    [(old, text)] = [(r["id"], r["memory"]) for r in m.add(first, user_id="alex")["results"] if r["event"] == "ADD"]
    assert m.add(first, user_id="alex") == {"results": []}, "still live, said again"
    m.add([{"role": "user", "content": changed, "timestamp": "2026-05-02T10:00:00Z"}], user_id="alex")
    now = m.get(old)  # ended, or the memory's new value under its id (mem0_lineage)
    assert now is None or now["memory"] != text
    again = m.add(first, user_id="alex")["results"]
    assert again == [], again
    # the same words said later are a new turn, and bring the value back: the changed value is updated back
    later = m.add([{"role": "user", "content": said, "timestamp": "2026-06-02T10:00:00Z"}], user_id="alex")["results"]
    assert later and all(m.get(r["id"]) is not None for r in later)
    assert {r["event"] for r in later} <= {"ADD", "UPDATE"}, later
