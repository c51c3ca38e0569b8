"""The embedding step from a cursor: reads only what changed since the last call, and misses nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memory_core.embedding.sync import EmbedCursor, embed_new, embed_user
from memory_core.model import Turn
from memory_core.service import Memory
from memory_core.settings import Settings
from memory_core.store.sql import SqlStore
from memory_core.store.sql_vectors import SqlVectors

T0 = datetime(2024, 5, 1, 9, tzinfo=UTC)


def turns(user: str, lines: list[str], start: int = 0) -> list[Turn]:
    return [Turn(user, f"t{start + n}", "s1", "user", text, T0 + timedelta(minutes=start + n), speaker="Mia")
            for n, text in enumerate(lines)]


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path) -> SqlStore:
    """The same store on SQLite and on a real PostgreSQL (the sources are matched as text on both)."""
    url = f"sqlite:///{tmp_path / 'c.db'}" if request.param == "sqlite" else request.getfixturevalue("worker_db_url")
    made = SqlStore(url, migrate=True)
    yield made
    made.close()


def sent(bag) -> list[str]:
    return [t for call in bag.passage_calls for t in call]


def test_each_call_embeds_only_the_new_turns_and_a_full_pass_then_finds_nothing_missing(store, bag):
    mem = Memory(store, settings=Settings(database_url="sqlite://", embedder="none", embed_batch=2), embedder=bag)
    mem.ingest(turns("u1", ["I moved to Porto last spring", "我姐姐会拉大提琴"]))
    first = mem.embed_cursors["u1"]
    assert first.seq == 2 and first.version.isdigit()
    bag.passage_calls.clear()
    mem.ingest(turns("u1", ["I now live in Lisbon", "我每周日去游泳"], start=2))
    later = sent(bag)
    assert any("Lisbon" in t for t in later) and any("游泳" in t for t in later)
    assert not any("Porto" in t or "大提琴" in t for t in later)  # the first batch is not looked at again
    assert mem.embed_cursors["u1"].seq == 4 and int(mem.embed_cursors["u1"].version) > int(first.version)
    full = embed_user(store, bag, "u1")  # everything, no cursor: nothing was missed
    assert full.written == 0 and full.embedded == 0


def test_a_cursor_with_nothing_new_reads_nothing_and_embeds_nothing(store, bag):
    mem = Memory(store, settings=Settings(database_url="sqlite://", embedder="none"), embedder=bag)
    mem.ingest(turns("u1", ["My sister plays the cello"]))
    cursor = mem.embed_cursors["u1"]
    bag.passage_calls.clear()
    report = embed_user(store, bag, "u1", since=cursor)
    assert (report.written, report.embedded) == (0, 0)
    assert report.cursor is not None and report.cursor.seq == cursor.seq  # (storing vectors moved the version)
    assert bag.passage_calls == []


def test_a_failed_call_leaves_the_cursor_and_the_next_call_embeds_what_it_missed(store, bag):
    cursors: dict[str, EmbedCursor] = {}
    mem = Memory(store, settings=Settings(database_url="sqlite://", embedder="none"), embedder=None)
    mem.ingest(turns("u1", ["I play chess on Fridays"]))
    assert embed_new(store, bag, "u1", cursors).written > 0
    before = cursors["u1"]
    mem.ingest(turns("u1", ["我喜欢在海边散步"], start=1))
    bag.fail = True
    with pytest.raises(Exception, match="scripted failure"):
        embed_new(store, bag, "u1", cursors)
    assert cursors["u1"] == before
    bag.fail = False
    assert embed_new(store, bag, "u1", cursors).written > 0
    assert any("海边" in t for t in sent(bag))
    assert embed_user(store, bag, "u1").written == 0


def test_a_stale_cursor_after_the_user_is_erased_reads_everything_again(store, bag):
    mem = Memory(store, settings=Settings(database_url="sqlite://", embedder="none"), embedder=bag)
    mem.ingest(turns("u1", ["I moved to Porto last spring", "I now live in Lisbon"]))
    stale = mem.embed_cursors["u1"]
    store.erase_user("u1")
    assert SqlVectors(store).shas("u1") == {}
    Memory(store, settings=Settings(database_url="sqlite://", embedder="none"), embedder=None).ingest(
        turns("u1", ["I moved to Porto last spring"]))
    report = embed_user(store, bag, "u1", since=stale)
    assert report.written > 0  # fewer turns than the cursor saw: the whole set is read again
    assert embed_user(store, bag, "u1").written == 0


def test_every_so_many_calls_one_reads_everything(store, bag, monkeypatch):
    import memory_core.embedding.sync as sync

    monkeypatch.setattr(sync, "FULL_EVERY", 2)
    mem = Memory(store, settings=Settings(database_url="sqlite://", embedder="none"), embedder=None)
    cursors: dict[str, EmbedCursor] = {}
    mem.ingest(turns("u1", ["I play chess on Fridays"]))
    embed_new(store, bag, "u1", cursors)
    store_vectors = SqlVectors(store)
    store_vectors.clear()  # what a cursor cannot see: vectors gone without any item changing
    assert embed_new(store, bag, "u1", cursors).written == 0  # call 1 from the cursor
    assert embed_new(store, bag, "u1", cursors).written == 0  # call 2 from the cursor
    assert embed_new(store, bag, "u1", cursors).written > 0  # the full pass
    assert cursors["u1"].calls == 0


def test_shas_of_some_owners_only(store, bag):
    mem = Memory(store, settings=Settings(database_url="sqlite://", embedder="none"), embedder=bag)
    mem.ingest(turns("u1", ["I play chess on Fridays", "我每周日去游泳"]))
    everything = SqlVectors(store).shas("u1")
    some = next(iter(everything))
    assert SqlVectors(store).shas("u1", [some[1]]) == {some: everything[some]}
    assert SqlVectors(store).shas("u1", []) == {}


def test_a_repeated_text_joins_its_older_event_and_is_not_embedded_again(store, bag):
    mem = Memory(store, settings=Settings(database_url="sqlite://", embedder="none"), embedder=bag)
    mem.ingest(turns("u1", ["I moved to Porto last spring", "我每周日去游泳"]))
    bag.passage_calls.clear()
    mem.ingest(turns("u1", ["I moved to Porto last spring", "我每周日去游泳"], start=5))  # new turns, old events
    assert sent(bag) == []
    assert not any(kind == "turn" for kind, _ in SqlVectors(store).shas("u1"))
