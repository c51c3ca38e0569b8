"""Tiered passages: the table's vector on the write path, the model's in the background, the same store after."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from embed_support import BagEmbedder

from memory_core.embedding.pieces import META, Pieces
from memory_core.embedding.refiner import Refiner
from memory_core.embedding.reindex import reindex
from memory_core.embedding.static_table import TableQueryEmbedder
from memory_core.embedding.sync import embed_user, refine_user, text_sha
from memory_core.model import MemoryItem, Turn
from memory_core.service import Memory
from memory_core.settings import Settings
from memory_core.store.sql import SqlStore
from memory_core.store.sql_vectors import SqlVectors
from memory_core.store.write_ops import AddOp

T0 = datetime(2024, 5, 1, 9, tzinfo=UTC)
LINES = ["I play the cello every Sunday", "我姐姐会拉大提琴", "The zebra at the zoo looked tired", "我住在杭州西湖边"]
VOCAB = {"<unk>": -20.0, META: -3.0, f"{META}the": -1.0, f"{META}cello": -6.0, f"{META}zebra": -7.0,
         f"{META}I": -2.0, f"{META}play": -5.0, "的": -1.0, "大提琴": -6.0, "杭州": -6.0, "我": -2.0, "住": -5.0}


def tiny_pieces() -> Pieces:
    names = list(VOCAB)
    return Pieces(names, np.array([VOCAB[n] for n in names], dtype=np.float32), unk=0)


def turns(user: str, lines: list[str], start: int = 0) -> list[Turn]:
    return [Turn(user, f"t{start + n}", "s1", "user", text, T0 + timedelta(minutes=start + n), speaker="Mia")
            for n, text in enumerate(lines)]


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'c.db'}" if request.param == "sqlite" else request.getfixturevalue("worker_db_url")


def tiered(model: BagEmbedder) -> TableQueryEmbedder:
    return TableQueryEmbedder(model, tiny_pieces(), None, coarse_from=2.0, coarse_passages=True)


def stored(store: SqlStore, user: str) -> dict[tuple[str, str], np.ndarray]:
    return SqlVectors(store).load(user, "bag-test")


def by_text(store: SqlStore, user: str) -> dict[tuple[str, str], np.ndarray]:
    """{(kind, text sha): vector} of the user's stored vectors."""
    vectors = SqlVectors(store)
    loaded = stored(store, user)
    return {(key[0], sha): loaded[key] for key, (sha, _) in vectors.marked(user).items()}


def test_the_write_path_stores_table_vectors_and_the_background_leaves_what_the_model_path_stores(url, tmp_path):
    model = BagEmbedder()
    store = SqlStore(url, migrate=True)
    memory = Memory(store, settings=Settings(database_url="sqlite://", embedder="none", embed_passages="tiered"),
                    embedder=tiered(model))
    memory.refiner = Refiner(lambda u, n: refine_user(store, memory.embedder, u, 8, n), slice_texts=2)
    memory.refiner._cond.acquire()  # hold the thread until the write path's state is checked
    memory.ingest(turns("mia", LINES))
    assert SqlVectors(store).coarse_count("mia") == len(stored(store, "mia")) > 0
    assert model.passage_calls == []  # no transformer pass on the write path
    assert memory.recall("mia", "cello").results  # recall works on table vectors
    memory.refiner._cond.release()
    assert memory.refiner.wait_idle(30)
    assert SqlVectors(store).coarse_count("mia") == 0 and memory.refiner.replaced == len(stored(store, "mia"))
    reference = SqlStore(f"sqlite:///{tmp_path / 'ref.db'}", migrate=True)
    Memory(reference, settings=Settings(database_url="sqlite://", embedder="none"),
           embedder=BagEmbedder()).ingest(turns("mia", LINES))
    final, expected = by_text(store, "mia"), by_text(reference, "mia")  # (item ids differ between two stores)
    assert sorted(final) == sorted(expected) and len(final) == len(stored(store, "mia"))
    assert all(np.array_equal(final[k], expected[k]) for k in expected)  # identical to the model-only path
    memory.close()
    reference.close()


def test_a_late_model_vector_never_replaces_a_newer_text(url):
    store = SqlStore(url, migrate=True)
    item = MemoryItem.create("u1", "用户住在杭州", "居住", at=datetime(2024, 5, 1, tzinfo=UTC))
    store.apply("u1", [AddOp(item)])
    i1 = item.id
    vectors = SqlVectors(store)
    old, new = np.ones(4, dtype=np.float32), np.full(4, 2.0, dtype=np.float32)
    vectors.put("u1", "m", [("item", i1, text_sha("我住在杭州"), old)], coarse={text_sha("我住在杭州")})
    vectors.put("u1", "m", [("item", i1, text_sha("我住在上海"), new)], coarse={text_sha("我住在上海")})
    assert vectors.refine("u1", "m", [("item", i1, text_sha("我住在杭州"), old)]) == 0
    assert vectors.coarse_count("u1") == 1 and vectors.coarse_users() == ["u1"]
    assert vectors.refine("u1", "m", [("item", i1, text_sha("我住在上海"), new * 3)]) == 1
    assert vectors.coarse_count() == 0 and vectors.shas("u1", final=True) == {("item", i1): text_sha("我住在上海")}
    store.close()


def test_the_model_pass_takes_coarse_vectors_as_missing_and_reindex_finds_them(url):
    model = BagEmbedder()
    store = SqlStore(url, migrate=True)
    Memory(store, settings=Settings(database_url="sqlite://", embedder="none"), embedder=None) \
        .ingest(turns("mia", LINES) + turns("leo", ["I saw a zebra", "我住在杭州"]))
    table = tiered(model)
    assert embed_user(store, table, "mia", coarse=True).embedded > 0
    assert embed_user(store, table, "leo", coarse=True).embedded > 0
    assert model.passage_calls == []
    assert embed_user(store, table, "mia", coarse=True).embedded == 0  # coarse counts as done on the write path
    part = refine_user(store, table, "mia", limit=1)
    assert part.written == 1 and part.left > 0
    report = reindex(store, model)  # the model's pass: every coarse vector of every user replaced
    assert report.embedded > 0 and SqlVectors(store).coarse_count() == 0
    assert refine_user(store, table, "mia").embedded == 0  # nothing left: not even a read of the user
    store.close()


def test_a_failed_background_slice_is_counted_and_retried(tmp_path):
    model = BagEmbedder()
    store = SqlStore(f"sqlite:///{tmp_path / 'f.db'}", migrate=True)
    memory = Memory(store, settings=Settings(database_url="sqlite://", embedder="none", embed_passages="tiered"),
                    embedder=tiered(model))
    memory.embedder.table.fill(list(range(len(VOCAB))))  # every piece has its row
    model.fail = True  # the model is down: the write path does not need it
    memory.refiner = Refiner(lambda u, n: refine_user(store, memory.embedder, u, 8, n), retry_s=0.05)
    assert memory.ingest(turns("mia", ["我住在杭州西湖边"])).applied == 1
    deadline = time.monotonic() + 10
    while memory.refiner.failures < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert memory.refiner.failures >= 2 and SqlVectors(store).coarse_count("mia") > 0
    model.fail = False
    deadline = time.monotonic() + 10
    while SqlVectors(store).coarse_count("mia") and time.monotonic() < deadline:
        time.sleep(0.02)
    assert SqlVectors(store).coarse_count("mia") == 0
    memory.close()
    assert memory.refiner._thread is not None and not memory.refiner._thread.is_alive()
