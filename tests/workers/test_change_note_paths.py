"""The change note's failure paths in the workers (unit tests with fakes of the store and Redis): a read that
fails announces bare and is counted; a malformed announcement is refused, counted, and the others kept."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest

from memory_core.model import MemoryItem, Turn
from memory_core.store.base import ItemChanges
from memory_core.wire.changes import decode_change_note, encode_change_note
from workers import recall_catchup
from workers.recall_catchup import _notes, announce_change, catch_up_counts, change_start


class FakeStore:
    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.item = MemoryItem.create("ann", "我妹妹搬到了杭州", "family")
        self.item.history = []

    def memory_version(self, user_id: str) -> str:
        if self.fail:
            raise ConnectionError("database away")
        return "41"

    def last_applied_seq(self, user_id: str) -> int:
        return 3

    def changes_since(self, user_id: str, version: str) -> ItemChanges:
        if self.fail:
            raise ConnectionError("database away")
        return ItemChanges("57", [self.item], False, 4, False)

    def list_turns(self, user_id: str, *, after_seq: int = 0) -> list[Turn]:
        return [Turn("ann", "t4", "s1", "user", "My sister moved to Hangzhou", datetime.now(UTC), seq=4)]


class FakeRedis:
    def __init__(self) -> None:
        self.published: list[tuple[str, Any]] = []

    def publish(self, channel: str, body: Any) -> None:
        self.published.append((channel, body))


def _ctx(store: FakeStore, notes: bool = True) -> Any:
    settings = SimpleNamespace(recall_catch_up=True, recall_change_notes=notes)
    return SimpleNamespace(settings=settings, store=store, redis=FakeRedis())


def test_a_batch_is_announced_with_its_change() -> None:
    ctx = _ctx(FakeStore())
    start = change_start(ctx, "ann")
    assert start == ("41", 3)
    announce_change(ctx, "ann", start)
    (channel, body), = ctx.redis.published
    note = decode_change_note(body)
    assert channel == recall_catchup.CHANGED_CHANNEL and note.since == "41" and note.after_seq == 3
    assert note.changes is not None and [i.description for i in note.changes.items] == ["我妹妹搬到了杭州"]
    assert [t.seq for t in note.turns] == [4]


def test_with_notes_off_or_a_failed_read_the_announcement_is_bare_and_counted() -> None:
    ctx = _ctx(FakeStore(), notes=False)
    assert change_start(ctx, "ann") is None
    announce_change(ctx, "ann", None)
    assert ctx.redis.published == [(recall_catchup.CHANGED_CHANNEL, "ann")]
    failing = _ctx(FakeStore(fail=True))
    assert change_start(failing, "ann") is None  # logged; the batch is applied regardless
    before = catch_up_counts["not_carried"]
    announce_change(failing, "ann", ("41", 3))  # the read after the batch fails
    assert failing.redis.published == [(recall_catchup.CHANGED_CHANNEL, "ann")]
    assert catch_up_counts["not_carried"] == before + 1


def test_a_malformed_announcement_is_refused_and_counted_and_the_others_kept(caplog: pytest.LogCaptureFixture
                                                                             ) -> None:
    store = FakeStore()
    body = encode_change_note("ann", "41", store.changes_since("ann", "41"), 3, store.list_turns("ann"))
    before = catch_up_counts["malformed"]
    grouped = _notes([b"bob", b'{"v": 1, "user": "ann"', body, "安妮"])
    assert catch_up_counts["malformed"] == before + 1 and "malformed change note" in caplog.text
    assert sorted(grouped) == ["ann", "bob", "安妮"]
    assert grouped["ann"][0].changes is not None and grouped["bob"][0].changes is None
