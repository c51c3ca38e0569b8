"""BM25 statistics held between refreshes, kept term postings, masks kept across changes, arrays with spare room.

``LiveBM25`` holds N and avgdl (and rank_bm25's mean-idf floor) from one
refresh to the next within a bound and recomputes only what a change moves;
``ItemTable`` brings its kept filter masks up to date at the changed slots;
per-slot arrays grow into buffers with room to spare (``spare_room``).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_core.model import Kind, MemoryItem, Status
from memory_core.retrieval.bm25_arrays import okapi_idf
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.index import RecallFilters
from memory_core.retrieval.live_bm25 import HELD_DRIFT, LiveBM25
from memory_core.retrieval.spare_room import lengthened

EN = [f"w{i}" for i in range(60)] + ["coffee", "lisbon"]
ZH = ["火锅", "咪咪", "大提琴", "西湖", "深圳", "面包店", "寿司", "银行", "围巾", "日落", "散步", "老师"] + \
    [f"词{i}" for i in range(40)]
T0 = datetime(2025, 1, 1, tzinfo=UTC)


def changes(vocab: list[str], rng: random.Random, docs: dict[int, list[str]], live: LiveBM25, steps: int):
    """Random adds (most), replacements and removals, one at a time; yields after each."""
    for _ in range(steps):
        r = rng.random()
        if r < 0.6 or len(docs) < 5:
            slot = live.n_docs
            docs[slot] = [rng.choice(vocab) for _ in range(rng.randint(1, 12))]
        elif r < 0.85:
            slot = rng.choice(list(docs))
            docs[slot] = [rng.choice(vocab) for _ in range(rng.randint(1, 12))]
        else:
            slot = rng.choice(list(docs))
            del docs[slot]
        live.set_docs({slot: docs.get(slot)})
        yield


@pytest.mark.parametrize("vocab", [EN, ZH], ids=["en", "zh"])
def test_held_statistics_are_recomputed_for_every_term_and_slot_a_change_moves(vocab):
    rng = random.Random(3)
    start = 10 * HELD_DRIFT  # ten changes held between refreshes
    docs = {i: [rng.choice(vocab) for _ in range(rng.randint(1, 12))] for i in range(start)}
    live = LiveBM25.build([docs[i] for i in range(start)])
    held_steps = 0
    for _ in changes(vocab, rng, docs, live, 300):
        held = live._held
        assert held is not None
        n_held = held[0]
        assert live._drift <= n_held // HELD_DRIFT  # the bound: a refresh came before it was passed
        assert abs(live.n_live - n_held) * HELD_DRIFT <= n_held
        if not live._drift:
            continue
        held_steps += 1
        present = np.flatnonzero(live._df[:len(live._term_of)] > 0)
        expected = okapi_idf(present, live._df, live._df_aside, held, live.min_idf)
        assert np.array_equal(live._idf[present], expected)  # no term the change moved was missed
        slots = np.flatnonzero(live.alive)
        norm = live.k1 * (1 - live.b + live.b * live.doc_len[slots] / live.avgdl)
        assert np.array_equal(live._norm[slots], norm)
    assert held_steps > 200  # most changes were applied with the statistics held


@pytest.mark.parametrize("vocab", [EN, ZH], ids=["en", "zh"])
def test_kept_term_postings_score_as_recomputed_ones(vocab):
    """Terms asked between changes keep their postings (new slots joined later); the same floats as none kept."""
    rng = random.Random(5)
    start = [[rng.choice(vocab) for _ in range(rng.randint(1, 12))] for _ in range(5 * HELD_DRIFT)]
    warm, cold = LiveBM25.build(start), LiveBM25.build(start)
    queries = [[rng.choice(vocab) for _ in range(3)] for _ in range(20)]
    for step in range(200):
        r = rng.random()
        slot = warm.n_docs if r < 0.6 else rng.randrange(warm.n_docs)
        doc = None if r > 0.9 and warm.alive[slot] else [rng.choice(vocab) for _ in range(rng.randint(1, 12))]
        warm.set_docs({slot: doc})
        cold.set_docs({slot: doc})
        query = queries[step % len(queries)]
        warm.get_scores(query)  # keeps the query's terms (their new slots are joined when next asked)
        cold._cache, cold._tail = {}, {}
        assert np.array_equal(warm.get_scores(query), cold.get_scores(query))
        assert np.array_equal(warm.get_scores(queries[0]), cold.get_scores(queries[0]))


@pytest.mark.parametrize("vocab", [EN, ZH], ids=["en", "zh"])
def test_an_index_of_fewer_than_held_drift_documents_stays_exact(vocab):
    rng = random.Random(1)
    docs = {i: [rng.choice(vocab) for _ in range(rng.randint(1, 9))] for i in range(10)}
    live = LiveBM25.build([docs[i] for i in range(10)])
    for _ in changes(vocab, rng, docs, live, 40):
        if live.n_live >= HELD_DRIFT:
            break
        fresh = LiveBM25.build([docs.get(s) for s in range(live.n_docs)])
        for query in ([vocab[0], vocab[1]], vocab[:8]):
            assert np.array_equal(live.get_scores(query), fresh.get_scores(query))


def _item(text: str, theme: str, kind: Kind, at: datetime, status: Status = Status.ACTIVE) -> MemoryItem:
    item = MemoryItem.create("u1", text, theme, kind=kind, at=at)
    item.status = status
    return item


@pytest.mark.parametrize("lines", [["I drink coffee in Lisbon", "my sister plays the cello", "we went hiking"],
                                   ["我在里斯本喝咖啡", "我妹妹拉大提琴", "我们去爬山了"]], ids=["en", "zh"])
def test_kept_filter_masks_and_the_newest_time_follow_changes(lines):
    rng = random.Random(2)
    kinds, themes = [Kind.FACT, Kind.EVENT, Kind.PREFERENCE], ["work", "family", "places"]
    items = [_item(rng.choice(lines), rng.choice(themes), rng.choice(kinds), T0 + timedelta(hours=i))
             for i in range(80)]
    index = HybridIndex.build(items)
    filters = [RecallFilters(), RecallFilters(kinds=["event"]), RecallFilters(themes=["family", "hobby"]),
               RecallFilters(statuses=None), RecallFilters(since=T0 + timedelta(hours=30))]
    table = index.table
    for step in range(60):
        for f in filters:
            table.mask_for(f)  # kept
        r = rng.random()
        if r < 0.5:  # new, sometimes with a theme no item had ("hobby": the kept mask asked for it)
            change = _item(rng.choice(lines), rng.choice([*themes, "hobby"]), rng.choice(kinds),
                           T0 + timedelta(hours=100 + step))
        else:
            old = rng.choice(index.items)
            change = _item(old.description, rng.choice(themes), rng.choice(kinds), old.created_at,
                           rng.choice([Status.ACTIVE, Status.SUPERSEDED, Status.DELETED]))
            change.id = old.id
        index.apply([change])
        for f in filters:
            kept = table.mask_for(f)
            whole = table._whole_mask(f)
            n = len(table)
            assert np.array_equal(np.ones(n, bool) if kept is None else kept,
                                  np.ones(n, bool) if whole is None else whole)
        alive = table.alive
        assert table.newest == float(table.times[alive].max())


def test_arrays_grow_into_their_own_buffers_only():
    class Owner:
        pass

    owner = Owner()
    column = np.arange(10.0)  # e.g. a snapshot file's column: never written
    view = column[:6]
    grown = lengthened(owner, "times", view, 8, -1.0)
    assert np.array_equal(column, np.arange(10.0))
    assert grown.tolist() == [0, 1, 2, 3, 4, 5, -1, -1]
    again = lengthened(owner, "times", grown, 9, -2.0)  # the view handed out: same buffer, no copy
    assert np.shares_memory(again, grown) and again.tolist()[-3:] == [-1, -1, -2]
    other = again.copy()  # another array under the same name (a compaction's): copied, not written into
    third = lengthened(owner, "times", other, 10, 7.0)
    assert not np.shares_memory(third, again) and again.shape == (9,) and third[-1] == 7.0
    assert lengthened(owner, "times", third, 4) is third  # long enough: unchanged


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_recall_after_a_write_finds_it_while_statistics_are_held(tmp_path, lang):
    """An answer never misses a write made before it asked: each new item, found by its own word, first."""
    from memory_core.retrieval.recall import Recaller
    from memory_core.store.sql import SqlStore
    from memory_core.store.write_ops import AddOp

    vocab = EN if lang == "en" else ZH
    rng = random.Random(4)
    store = SqlStore(f"sqlite:///{tmp_path / 'm.db'}", migrate=True)
    store.apply("u1", [AddOp(MemoryItem.create("u1", " ".join(rng.choices(vocab, k=8)), "work",
                                               at=T0 + timedelta(minutes=i))) for i in range(10 * HELD_DRIFT)])
    recaller = Recaller(store, compact_in_background=False)
    recaller.recall("u1", vocab[0])
    index = recaller.index_for("u1")[0]
    for i in range(40):
        word = f"unique{i}" if lang == "en" else f"独{'一二三四五六七八九十'[i % 10]}{'甲乙丙丁'[i // 10]}号"
        new = MemoryItem.create("u1", f"{' '.join(rng.choices(vocab, k=6))} {word}", "work",
                                at=T0 + timedelta(days=1, minutes=i))
        store.apply("u1", [AddOp(new)])
        results = recaller.recall("u1", word, k=5)
        assert results and results[0].item.id == new.id
    assert index.lexical._drift > 0  # the last ones were applied with the statistics held
    store.close()
