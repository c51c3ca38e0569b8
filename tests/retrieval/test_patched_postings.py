"""Kept term postings follow changes without being recomputed, and a new turn re-sets turn windows only.

``LiveBM25`` keeps a term's slots and length-normalised tf between changes:
a replaced or removed document's entries are patched in when the term is
next asked (``live_scoring.patched``), so the first query after a write does
not recompute the postings of every term the write touched. These tests hold
the kept arrays to the recomputed ones exactly, and a searched index to an
unsearched twin of the same history (EN and ZH). ``HybridState`` sets an
item's document in the item signal again only when the item (or the
lexicon's cut of its text) changed, not when a new turn reaches its window.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from test_incremental import EN as EN_WORLD
from test_incremental import ZH as ZH_WORLD
from test_incremental import World, same

from memory_core.model import Kind, MemoryItem, Turn
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.live_bm25 import HELD_DRIFT, LiveBM25
from memory_core.retrieval.live_scoring import patched
from memory_core.retrieval.stages import HYBRID_PRESETS

EN = [f"w{i}" for i in range(40)] + ["coffee", "lisbon", "cello", "scarf"]
ZH = ["火锅", "咪咪", "大提琴", "西湖", "深圳", "面包店", "寿司", "银行", "围巾", "日落", "散步", "老师"] + \
    [f"词{i}" for i in range(30)]


def _doc(rng: random.Random, vocab: list[str]) -> list[str]:
    return [rng.choice(vocab) for _ in range(rng.randint(1, 10))]


def _recomputed(live: LiveBM25, tid: int) -> tuple[np.ndarray, np.ndarray]:
    return live._term_g(tid)


@pytest.mark.parametrize("vocab", [EN, ZH], ids=["en", "zh"])
def test_kept_postings_equal_recomputed_ones_after_replacements_and_removals(vocab):
    rng = random.Random(7)
    docs = {i: _doc(rng, vocab) for i in range(4 * HELD_DRIFT)}
    live = LiveBM25.build([docs[i] for i in range(len(docs))])
    patched_terms = 0
    for step in range(400):
        change: dict[int, list[str] | None] = {}
        for _ in range(rng.randint(1, 4)):  # a change set: new slots, replaced ones (base or appended), removals
            r = rng.random()
            if r < 0.35:
                slot = live.n_docs + sum(1 for s in change if s >= live.n_docs)
                change[slot] = _doc(rng, vocab)
            elif r < 0.85:
                change[rng.randrange(live.n_docs)] = _doc(rng, vocab)
            else:
                change[rng.randrange(live.n_docs)] = None
        live.set_docs(change)
        patched_terms += len(live._patch)
        asked = rng.sample(vocab, 6) if step % 3 else vocab  # some terms wait several changes for their patch
        for term in asked:
            tid = live._term_of.get(term)
            if tid is None or not live._df[tid]:
                continue
            slots, _ = live._postings(tid, 1)
            want_slots, want_g = _recomputed(live, tid)
            assert np.array_equal(slots, want_slots)  # ascending, no dead slot, every live holder
            assert np.array_equal(live._cache[tid][1], want_g)  # the same floats
    assert patched_terms > 100  # the patch path was taken, not only refreshes


@pytest.mark.parametrize("vocab", [EN, ZH], ids=["en", "zh"])
def test_a_kept_term_scores_as_an_unasked_twin(vocab):
    """Two indexes of one history: one asked between changes (patched), one never (recomputed): the same floats."""
    rng = random.Random(11)
    start = [_doc(rng, vocab) for _ in range(3 * HELD_DRIFT)]
    warm, cold = LiveBM25.build(start), LiveBM25.build(start)
    for _ in range(300):
        slot = rng.randrange(warm.n_docs + 1)
        doc = None if rng.random() < 0.15 and slot < warm.n_docs else _doc(rng, vocab)
        warm.set_docs({slot: doc})
        cold.set_docs({slot: doc})
        query = rng.sample(vocab, 3)
        assert np.array_equal(warm.get_scores(query), cold.get_scores(query))
        cold._cache, cold._tail, cold._patch = {}, {}, {}


def test_patched_inserts_in_order_and_drops_gone_slots():
    kept = (np.array([2, 5, 9], dtype=np.int64), np.array([0.2, 0.5, 0.9]))
    d, g = patched(kept, {5: None, 7: (0.7,), 0: (0.1,), 9: (0.95,), 11: (1.1,), 4: None})
    assert d.tolist() == [0, 2, 7, 9, 11]
    assert g.tolist() == [0.1, 0.2, 0.7, 0.95, 1.1]
    d, g = patched((np.empty(0, np.int64), np.empty(0)), {3: (0.3,), 1: None})
    assert d.tolist() == [3] and g.tolist() == [0.3]
    d, g, tf = patched((np.array([1, 4], dtype=np.int64), np.array([0.1, 0.4]), np.array([1.0, 2.0])),
                       {4: (0.5, 3.0), 2: (0.2, 1.0), 1: None})  # every column follows its slot
    assert (d.tolist(), g.tolist(), tf.tolist()) == ([2, 4], [0.2, 0.5], [1.0, 3.0])


@pytest.mark.parametrize("lang", [EN_WORLD, ZH_WORLD], ids=["en", "zh"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_searched_index_ranks_as_its_unsearched_twin(lang, seed):
    """Turn windows re-indexed by new turns, facts superseding, deletions: searching between changes (kept
    postings patched) never changes a result against a twin whose postings are recomputed each time."""
    world = World(lang, seed, slots=True)
    for _ in range(40):
        world.step()
    items, turns = world.indexed(), list(world.turns)
    warm, cold = HybridIndex.build(items, turns, window=2), HybridIndex.build(items, turns, window=2)
    world.take()
    for _ in range(25):
        for _ in range(world.rng.randint(1, 4)):
            world.step()
        changed, new_turns = world.take()
        warm.apply(changed, new_turns)
        cold.apply(changed, new_turns)
        for signal in (cold.lexical, cold.turns):
            signal._cache, signal._tail, signal._patch = {}, {}, {}
        for query in lang["queries"]:
            for settings in (HYBRID_PRESETS["hybrid"], HYBRID_PRESETS["lexical"]):
                same(warm.search(query, k=5, settings=settings), cold.search(query, k=5, settings=settings))


T0 = datetime(2025, 3, 1, tzinfo=UTC)


@pytest.mark.parametrize(("lines", "asked"), [
    (["I adopted a dog named Rex", "Rex loves the park", "We went hiking near Lake Tahoe", "The water was freezing"],
     "freezing water"),
    (["我的猫叫咪咪", "咪咪喜欢晒太阳", "我们去了西湖散步", "湖水冰凉刺骨"], "冰凉刺骨"),
], ids=["en", "zh"])
def test_a_new_turn_re_sets_its_neighbours_windows_not_their_item_documents(lines, asked):
    turns = [Turn("u1", f"t{n}", "s1", "user", text, T0 + timedelta(minutes=n), seq=n + 1)
             for n, text in enumerate(lines)]
    items = [MemoryItem.create("u1", t.text, "moments", kind=Kind.EVENT, turn_id=t.turn_id, at=t.timestamp)
             for t in turns[:3]]
    index = HybridIndex.build(items, turns[:3], window=2)
    lexical_before = (index.lexical.tombstones, index.lexical.appended)
    turns_before = index.turns.tombstones + index.turns.appended
    new = MemoryItem.create("u1", turns[3].text, "moments", kind=Kind.EVENT, turn_id=turns[3].turn_id,
                            at=turns[3].timestamp)
    reindexed = index.apply([new], [turns[3]])
    assert reindexed == 3  # the new item and the two whose windows reach the new turn
    assert (index.lexical.tombstones, index.lexical.appended) == (
        lexical_before[0], lexical_before[1] + 1)  # the new item's document alone
    assert index.turns.tombstones + index.turns.appended > turns_before + 1  # the windows were re-set
    found = [r.item.description for r in index.search(asked, k=4)]
    assert lines[3] in found  # and the new turn's words find its neighbours through their windows
    assert any(d in found for d in lines[1:3])
