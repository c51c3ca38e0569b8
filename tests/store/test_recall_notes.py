"""A change note carried to the recall worker is applied without a store read when it fits the cached index,
and the index then answers as a fresh build does; a note that does not fit, or a bare announcement, reads the
store as before (PostgreSQL, EN and ZH)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from memory_core.model import MemoryItem, Turn
from memory_core.retrieval.recall import Recaller
from memory_core.store.base import MemoryStore
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp, EndOp
from memory_core.wire.changes import ChangeNote, decode_change_note, encode_change_note

TEXTS = {"en": ("Ann lives in Lisbon", "Ann lives in Porto", "Ann lives in Faro", "where does Ann live",
                "we talked about the harbour in Porto"),
         "zh": ("安住在杭州", "安住在苏州", "安住在厦门", "安住在哪里", "我们聊了苏州的园林")}


class Reads:
    """Counts the store reads a catch-up makes (``changes_since`` and ``list_turns``)."""

    def __init__(self, store: SqlStore) -> None:
        self.calls: list[str] = []
        self.store, self.changes, self.turns = store, store.changes_since, store.list_turns
        store.changes_since = lambda u, v: self.calls.append("changes") or self.changes(u, v)  # type: ignore
        store.list_turns = lambda u, **kw: self.calls.append("turns") or self.turns(u, **kw)  # type: ignore


def _turn(store: SqlStore, lang: str, n: int) -> Turn:
    turn, _ = store.append(Turn("ann", f"t{n}", "s1", "user", TEXTS[lang][4], datetime.now(UTC)))
    return turn


def _start(store: SqlStore) -> tuple[str, int]:
    return store.memory_version("ann"), store.last_applied_seq("ann")


def _note(store: SqlStore, start: tuple[str, int]) -> ChangeNote:
    """What the curate worker publishes after its batch (``workers.recall_catchup``), decoded."""
    changes = store.changes_since("ann", start[0])
    body = encode_change_note("ann", start[0], changes, start[1], store.list_turns("ann", after_seq=start[1]))
    assert body is not None
    return decode_change_note(body)


def _warm(make_store: Callable[[str], MemoryStore], lang: str) -> tuple[SqlStore, Recaller, MemoryItem]:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    first = MemoryItem.create("ann", TEXTS[lang][0], "places", kind="fact")
    turn = _turn(store, lang, 1)
    store.apply("ann", [AddOp(first)], applied_seq=turn.seq)
    recaller = Recaller(store)
    assert [r.item.id for r in recaller.recall("ann", TEXTS[lang][3], 3)] == [first.id]
    return store, recaller, first


def _answers(recaller: Recaller, lang: str) -> list[list[tuple[str, float]]]:
    return [[(r.item.id, round(r.score, 9)) for r in recaller.recall("ann", q, 5)] for q in TEXTS[lang][3:]]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_fitting_note_is_applied_without_a_read_and_answers_as_a_fresh_build(
        make_store: Callable[[str], MemoryStore], lang: str) -> None:
    store, recaller, first = _warm(make_store, lang)
    start = _start(store)
    second = MemoryItem.create("ann", TEXTS[lang][1], "places", kind="fact")
    turn = _turn(store, lang, 2)
    store.apply("ann", [AddOp(second), EndOp(first.id, "superseded", "moved")], applied_seq=turn.seq)
    note = _note(store, start)
    reads = Reads(store)
    assert recaller.catch_up("ann", [note])
    assert reads.calls == [] and recaller.carried_count == 1 and recaller.delta_count == 1
    index = recaller.cache.peek("ann")
    assert index is not None and index.version == store.memory_version("ann") and index.last_seq == turn.seq
    assert _answers(recaller, lang) == _answers(Recaller(store), lang)
    assert reads.calls.count("changes") == 0  # the recalls found it current (version probe only)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_notes_arriving_out_of_order_are_applied_oldest_first(make_store: Callable[[str], MemoryStore],
                                                              lang: str) -> None:
    store, recaller, _ = _warm(make_store, lang)
    notes = []
    for n, text in enumerate(TEXTS[lang][1:3], start=2):
        start = _start(store)
        turn = _turn(store, lang, n)
        store.apply("ann", [AddOp(MemoryItem.create("ann", text, "places", kind="fact"))], applied_seq=turn.seq)
        notes.append(_note(store, start))
    reads = Reads(store)
    assert recaller.catch_up("ann", notes[::-1])
    assert reads.calls == [] and recaller.carried_count == 2
    assert _answers(recaller, lang) == _answers(Recaller(store), lang)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_note_that_does_not_fit_or_a_bare_one_reads_the_store(make_store: Callable[[str], MemoryStore],
                                                                lang: str) -> None:
    store, recaller, first = _warm(make_store, lang)
    store.apply("ann", [AddOp(MemoryItem.create("ann", TEXTS[lang][1], "places", kind="fact"))])  # not announced
    start = _start(store)
    store.apply("ann", [AddOp(MemoryItem.create("ann", TEXTS[lang][2], "places", kind="fact"))])
    note = _note(store, start)  # starts after a version the index does not hold
    reads = Reads(store)
    assert recaller.catch_up("ann", [note])
    assert reads.calls == ["changes"] and recaller.carried_count == 0
    assert _answers(recaller, lang) == _answers(Recaller(store), lang)
    start = _start(store)
    store.apply("ann", [EndOp(first.id, "deleted", "wrong")])
    notes = [_note(store, start), ChangeNote("ann")]  # one bare among them
    reads.calls.clear()
    assert recaller.catch_up("ann", notes)
    assert recaller.carried_count == 1 and reads.calls == ["changes"]  # applied, then the store asked anyway
    assert _answers(recaller, lang) == _answers(Recaller(store), lang)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_note_the_index_already_holds_costs_no_read(make_store: Callable[[str], MemoryStore], lang: str) -> None:
    store, recaller, _ = _warm(make_store, lang)
    start = _start(store)
    store.apply("ann", [AddOp(MemoryItem.create("ann", TEXTS[lang][1], "places", kind="fact"))])
    note = _note(store, start)
    recaller.recall("ann", TEXTS[lang][3], 3)  # the recall caught up first
    reads = Reads(store)
    assert not recaller.catch_up("ann", [note])
    assert reads.calls == [] and recaller.carried_count == 0


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_recall_starting_while_the_listener_waits_applies_the_posted_note_itself(
        make_store: Callable[[str], MemoryStore], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from memory_core.retrieval import recall_delta

    monkeypatch.setattr(recall_delta, "CATCH_UP_IDLE_WAIT_S", 10.0)
    store, recaller, first = _warm(make_store, lang)
    start = _start(store)
    second = MemoryItem.create("ann", TEXTS[lang][1], "places", kind="fact")
    turn = _turn(store, lang, 2)
    store.apply("ann", [AddOp(second), EndOp(first.id, "superseded", "moved")], applied_seq=turn.seq)
    note = _note(store, start)
    reads = Reads(store)
    moved: list[bool] = []
    listener = threading.Thread(target=lambda: moved.append(recaller.catch_up("ann", [note])), name="listener")
    with recaller.answering():  # another recall being answered: the listener posts the note and waits
        listener.start()
        for _ in range(200):
            if recaller._mail:
                break
            listener.join(0.01)
        found = recaller.recall("ann", TEXTS[lang][3], 3)  # starts now: finds the posted note
    listener.join(10)
    assert [r.item.id for r in found] == [second.id]  # the change is in its answer
    assert reads.calls == [] and recaller.carried_count == 1  # applied as carried, nothing read
    assert moved == [False]  # the listener found nothing left to apply
    assert _answers(recaller, lang) == _answers(Recaller(store), lang)
