"""TurnStore, fencing and per-user locks of SqlStore, on SQLite and a real PostgreSQL."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta, timezone

import pytest

from memory_core.errors import EmptyText, InvalidField, NotFound, StoreError, StoreLocked
from memory_core.model import MemoryItem, Turn
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp, HitOp, UpdateOp

U = "alice"
T0 = datetime(2026, 5, 9, 12, 0, tzinfo=UTC)


def turn(n: int, text: str | None = None, user: str = U) -> Turn:
    return Turn(user, f"t{n}", "s1", "user", text or f"turn {n}", T0 + timedelta(minutes=n),
                meta={"n": str(n)})


def test_append_assigns_seq_and_is_idempotent(sql_store: SqlStore) -> None:
    stored = [sql_store.append(turn(n)) for n in range(3)]
    assert [(t.seq, new) for t, new in stored] == [(1, True), (2, True), (3, True)]
    again, new = sql_store.append(turn(1))
    assert not new and again.seq == 2 and again.text == "turn 1"
    assert sql_store.append(turn(3))[0].seq == 4
    with pytest.raises(InvalidField, match="other text"):
        sql_store.append(turn(1, "something else"))
    assert [t.turn_id for t in sql_store.list_turns(U)] == ["t0", "t1", "t2", "t3"]


def test_the_same_turn_under_a_new_id_is_a_repeat_of_the_first(sql_store: SqlStore) -> None:
    from memory_core.store.turn_text import DUPLICATE_META, is_duplicate_turn

    first = [sql_store.append(turn(n))[0] for n in range(2)]
    local = T0.astimezone(timezone(timedelta(hours=8)))  # the same instant written in another offset
    again = sql_store.append_many([Turn(U, "re-t0", "s1", "user", "turn 0", local, meta={"n": "0"}),
                                   Turn(U, "re-t1", "s1", "user", "turn 1", T0 + timedelta(minutes=1))])
    assert [(t.turn_id, new) for t, new in again] == [("t0", False), ("t1", False)]  # reported as already there
    stored = sql_store.get_turn(U, "re-t0")  # stored under its own id, so that id has a status
    assert stored.meta[DUPLICATE_META] == "t0" and is_duplicate_turn(stored) and stored.seq == 3
    assert not any(is_duplicate_turn(t) for t in first)
    assert sql_store.append(Turn(U, "re-t0", "s1", "user", "turn 0", T0))[1] is False  # its id stays the key
    # another session, role, time or text is another turn; within one batch the second copy is the repeat
    others = sql_store.append_many([Turn(U, "o1", "s2", "user", "turn 0", T0),
                                    Turn(U, "o2", "s1", "assistant", "turn 0", T0),
                                    Turn(U, "o3", "s1", "user", "turn 0", T0 + timedelta(seconds=1)),
                                    Turn(U, "o4", "s1", "user", "Turn 0", T0),
                                    Turn(U, "n1", "s1", "user", "我住在杭州", T0 + timedelta(hours=1)),
                                    Turn(U, "n2", "s1", "user", "我住在杭州", T0 + timedelta(hours=1))])
    assert [(t.turn_id, new) for t, new in others] == [("o1", True), ("o2", True), ("o3", True), ("o4", True),
                                                      ("n1", True), ("n1", False)]
    assert sql_store.get_turn(U, "n2").meta[DUPLICATE_META] == "n1"
    assert sql_store.append(Turn("bob", "x", "s1", "user", "turn 0", T0))[1] is True  # another user's turn


def test_turn_fields_round_trip(sql_store: SqlStore) -> None:
    local = datetime(2026, 5, 9, 20, 0, tzinfo=timezone(timedelta(hours=8)))
    sql_store.append(Turn(U, "x", "s9", "assistant", "hi", local, speaker="Sonetto", meta={"img": "cat"}))
    got = sql_store.get_turn(U, "x")
    assert got.timestamp == local and got.timestamp.tzinfo == UTC
    assert (got.session_id, got.role, got.speaker, got.meta, got.seq) == ("s9", "assistant", "Sonetto",
                                                                          {"img": "cat"}, 1)
    with pytest.raises(NotFound):
        sql_store.get_turn(U, "nope")
    with pytest.raises(NotFound):
        sql_store.get_turn("bob", "x")


def test_bad_turns_are_refused(sql_store: SqlStore) -> None:
    with pytest.raises(EmptyText):
        sql_store.append(turn(1, "   "))
    with pytest.raises(InvalidField):
        sql_store.append(Turn(U, "t", "s", "robot", "hi", T0))
    with pytest.raises(InvalidField):
        sql_store.append(Turn(U, "bad id!", "s", "user", "hi", T0))
    assert sql_store.list_turns(U) == [] and sql_store.turn_users() == []


def test_list_turns_paging_and_pending(sql_store: SqlStore) -> None:
    for n in range(5):
        sql_store.append(turn(n))
    sql_store.append(turn(0, user="bob"))
    assert [t.seq for t in sql_store.list_turns(U, after_seq=2, limit=2)] == [3, 4]
    assert sql_store.turn_users() == ["alice", "bob"]
    assert sql_store.last_applied_seq(U) == 0
    sql_store.mark_applied(U, 3)
    sql_store.mark_applied(U, 1)  # never moves backwards
    assert sql_store.last_applied_seq(U) == 3
    assert [t.seq for t in sql_store.pending_turns(U)] == [4, 5]
    assert sql_store.erase_turns(U) == 5 and sql_store.turn_users() == ["bob"]


def test_applied_seq_fences_batches(sql_store: SqlStore) -> None:
    item = MemoryItem.create(U, "likes tea", "taste")
    assert sql_store.apply(U, [AddOp(item)], applied_seq=1) == [item.id]
    version = sql_store.memory_version(U)
    assert sql_store.apply(U, [UpdateOp(item.id, "r", "likes coffee")], applied_seq=1) is None
    assert sql_store.get(U, item.id).description == "likes tea" and sql_store.memory_version(U) == version
    with pytest.raises(StoreError, match="out of order"):
        sql_store.apply(U, [HitOp(item.id)], applied_seq=3)
    assert sql_store.get(U, item.id).hit == 0
    assert sql_store.apply(U, [], applied_seq=2) == []
    assert sql_store.apply(U, [HitOp(item.id)], applied_seq=3) == [1]
    assert sql_store.last_applied_seq(U) == 3 and sql_store.memory_version(U) == version


def test_failed_batch_does_not_advance_the_fence(sql_store: SqlStore) -> None:
    with pytest.raises(NotFound):
        sql_store.apply(U, [HitOp("missing")], applied_seq=1)
    assert sql_store.last_applied_seq(U) == 0


def test_concurrent_appends_get_contiguous_seqs(sql_store: SqlStore) -> None:
    def work(worker: int) -> list[int]:
        seqs = []
        for n in range(15):
            stored, _ = sql_store.append(turn(worker * 100 + n))
            sql_store.append(turn(worker * 100 + n))  # a redelivery racing nothing
            sql_store.append(turn(n))  # every worker also sends the shared ids 0..14
            seqs.append(stored.seq)
        return seqs

    with ThreadPoolExecutor(6) as pool:
        own = [s for seqs in pool.map(work, range(1, 7)) for s in seqs]
    turns = sql_store.list_turns(U)
    assert len(turns) == 6 * 15 + 15
    assert [t.seq for t in turns] == list(range(1, len(turns) + 1))
    assert len(set(own)) == len(own)
    assert len({t.turn_id for t in turns}) == len(turns)


def test_user_lock_excludes_and_times_out(sql_store: SqlStore) -> None:
    held, release = threading.Event(), threading.Event()

    def holder() -> None:
        with sql_store.user_lock(U):
            held.set()
            release.wait(10)

    thread = threading.Thread(target=holder)
    thread.start()
    try:
        assert held.wait(10)
        start = time.monotonic()
        with pytest.raises(StoreLocked), sql_store.user_lock(U, timeout_s=0.3):
            pass
        assert time.monotonic() - start >= 0.25
        with sql_store.user_lock("bob", timeout_s=1):  # other users are not blocked
            pass
    finally:
        release.set()
        thread.join(10)
    with sql_store.user_lock(U, timeout_s=2):
        pass


def test_user_lock_released_on_error(sql_store: SqlStore) -> None:
    with pytest.raises(RuntimeError), sql_store.user_lock(U):
        raise RuntimeError("boom")
    with sql_store.user_lock(U, timeout_s=1):
        pass


def test_erase_user_removes_turns_and_counters(sql_store: SqlStore) -> None:
    sql_store.append(turn(1))
    sql_store.add(U, "likes tea", "taste")
    sql_store.mark_applied(U, 1)
    assert sql_store.erase_user(U) == 1
    assert sql_store.list_turns(U) == [] and sql_store.last_applied_seq(U) == 0
    assert sql_store.memory_version(U) == "0" and sql_store.turn_users() == []
    assert sql_store.append(turn(1))[0].seq == 1


def test_erase_waits_for_an_append_in_flight_and_removes_its_turns(make_store) -> None:
    # An append holding the user's counters row when the erase starts: its turns must go with the
    # user, and the user's next turns start again from sequence 1 (they were refused for good).
    from memory_core.service import Memory

    store = make_store("postgres")
    store.append_many([turn(n, user="er") for n in range(3)])
    late = [store._turn_row(turn(n, user="er")) for n in range(3, 6)]
    erased = threading.Event()
    with store._tx(write=True) as conn:  # an ingest run between reading its batch and committing it
        store._append_user_rows(conn, "er", late)
        thread = threading.Thread(target=lambda: (store.erase_user("er"), erased.set()))
        thread.start()
        time.sleep(0.5)
        assert not erased.is_set()  # the erase waits for the append's row lock
    thread.join(10)
    assert erased.is_set()
    assert store.list_turns("er") == [] and store.last_applied_seq("er") == 0
    again = store.append_many([turn(n, f"after the erase {n}", user="er") for n in range(2)])
    assert [t.seq for t, _ in again] == [1, 2]
    assert Memory(store).apply_pending("er") == 2 and store.pending_turns("er") == []
