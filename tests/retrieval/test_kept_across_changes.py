"""Per-change work on the recall path stays per change: kept postings live through a refresh of the BM25
statistics, and kept multipliers are computed per asked slot, never for every item.

``LiveBM25`` keeps a term's slots and term frequencies across a refresh and
recomputes its length-normalised tf from them; ``ItemBoosts`` keeps each
asked slot's multiplier until that slot changes or the reference time moves.
Both must leave every score as it was: these tests hold an index changed,
searched and refreshed step by step to a fresh build of the same items in
the same slot order (same floats, ties in the same order), EN and ZH.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta

import numpy as np
import pytest
from test_incremental import EN as EN_WORLD
from test_incremental import ZH as ZH_WORLD
from test_incremental import World, same

from memory_core.model import Kind, MemoryItem, Status
from memory_core.retrieval.boosts import ItemBoosts
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.index import PRESETS, RecallFilters
from memory_core.retrieval.live_bm25 import HELD_DRIFT, LiveBM25
from memory_core.retrieval.live_scoring import LiveScoring
from memory_core.retrieval.stages import HYBRID_PRESETS

EN = [f"w{i}" for i in range(40)] + ["coffee", "lisbon", "cello", "scarf"]
ZH = ["火锅", "咪咪", "大提琴", "西湖", "深圳", "面包店", "寿司", "银行", "围巾", "日落", "散步", "老师"] + \
    [f"词{i}" for i in range(30)]


def _doc(rng: random.Random, vocab: list[str]) -> list[str]:
    return [rng.choice(vocab) for _ in range(rng.randint(1, 10))]


@pytest.mark.parametrize("vocab", [EN, ZH], ids=["en", "zh"])
@pytest.mark.parametrize("start", [HELD_DRIFT // 2, 3 * HELD_DRIFT], ids=["refreshed-each-change", "held"])
def test_an_index_asked_between_changes_and_refreshes_scores_as_a_fresh_build(vocab, start):
    """Appends, replacements, removals; refreshes by the drift bound (every change below HELD_DRIFT documents)
    and forced ones; the kept postings asked in between. After each refresh: a fresh build's floats."""
    rng = random.Random(13)
    docs: dict[int, list[str] | None] = {i: _doc(rng, vocab) for i in range(start)}
    live = LiveBM25.build([docs[i] for i in range(start)])
    queries = [rng.sample(vocab, 3) for _ in range(6)] + [vocab[:1] * 2, vocab]
    for step in range(150):
        change: dict[int, list[str] | None] = {}
        for _ in range(rng.randint(1, 3)):
            r = rng.random()
            appended = live.n_docs + sum(1 for s in change if s >= live.n_docs)
            slot = appended if r < 0.4 else rng.randrange(live.n_docs)
            change[slot] = None if r > 0.85 and slot < live.n_docs else _doc(rng, vocab)
        live.set_docs(change)
        docs.update(change)
        for query in rng.sample(queries, 3):  # kept terms, some left for several changes and refreshes
            live.get_scores(query)
        if step % 5 == 4:
            live.refresh()
        if not live._drift:  # just refreshed: exact statistics
            fresh = LiveBM25.build([docs.get(s) for s in range(live.n_docs)])
            for query in queries:
                assert np.array_equal(live.get_scores(query), fresh.get_scores(query))


@pytest.mark.parametrize("vocab", [EN, ZH], ids=["en", "zh"])
def test_a_refresh_keeps_the_postings_of_asked_terms(vocab, monkeypatch):
    """After a refresh an asked term's weights are made from its kept slots and tf: no segment is read."""
    rng = random.Random(2)
    live = LiveBM25.build([_doc(rng, vocab) for _ in range(4 * HELD_DRIFT)])
    query = vocab[:6]
    live.get_scores(query)
    live.set_docs({live.n_docs: _doc(rng, vocab), 3: _doc(rng, vocab), 5: None})
    live.refresh()
    read: list[int] = []
    real = LiveScoring._term_tf
    monkeypatch.setattr(LiveScoring, "_term_tf", lambda self, tid: read.append(tid) or real(self, tid))
    warm = live.get_scores(query)
    assert read == []
    live._cache, live._tail, live._patch = {}, {}, {}
    assert np.array_equal(warm, live.get_scores(query))  # the same floats as read from the segments
    assert len(read) == len(set(query))


LINES = {
    "en": ["I drink coffee every morning", "My cello lesson is on Friday", "I bought a red scarf in Lisbon",
           "Coffee with Anna at the bakery", "I walk the dog by the lake"],
    "zh": ["我每天早上喝咖啡", "我的大提琴课在周五", "我在深圳买了一条红围巾", "和韩梅梅在面包店喝咖啡",
           "我在西湖边遛狗"],
}
QUERIES = {"en": ["coffee", "cello lesson", "red scarf", "dog lake", "coffee bakery Anna"],
           "zh": ["咖啡", "大提琴课", "红围巾", "西湖 遛狗", "面包店 咖啡"]}


def _fresh(index: HybridIndex, items: dict[str, MemoryItem]) -> HybridIndex:
    """A fresh build of ``items`` in the slot order of ``index`` (ties rank by slot, so the same order)."""
    return HybridIndex.build(sorted(items.values(), key=lambda i: index._pos[i.id]))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("seed", [1, 2])
def test_items_added_changed_deleted_and_hit_rank_as_a_fresh_build_with_ties(lang, seed):
    """Twins (the same text at the same time: equal scores) among new, updated, deleted and hit items; several
    searches between changes at the default reference time (kept multipliers and postings), refreshes."""
    rng = random.Random(seed)
    clock = [World(EN_WORLD, seed).clock]

    def new(text: str, twin: bool = False) -> MemoryItem:
        if not twin:
            clock[0] += timedelta(minutes=rng.randint(1, 3000))
        return MemoryItem.create("u1", text, "moments", kind=Kind.EVENT, at=clock[0], valid_from=clock[0])

    items: dict[str, MemoryItem] = {}
    for _ in range(40):
        text = rng.choice(LINES[lang])
        for item in [new(text)] + ([new(text, twin=True)] if rng.random() < 0.3 else []):
            items[item.id] = item
    index = HybridIndex.build(sorted(items.values(), key=lambda i: (i.created_at, i.id)))
    presets = [HYBRID_PRESETS["hybrid"], HYBRID_PRESETS["lexical"]]
    weights = [None, PRESETS["recent"], PRESETS["broad"]]
    for round_ in range(30):
        changed: list[MemoryItem] = []
        r = rng.random()
        if r < 0.4:  # new items, a twin pair now and then: the reference time moves
            text = rng.choice(LINES[lang])
            changed = [new(text)] + ([new(text, twin=True)] if rng.random() < 0.5 else [])
        elif r < 0.6:  # an old item's text: the reference time stays
            old = rng.choice(list(items.values()))
            changed = [replace(old, description=old.description + " " + rng.choice(LINES[lang]))]
        elif r < 0.75:  # a deletion (the newest now and then: the reference time moves back)
            old = max(items.values(), key=lambda i: i.created_at) if rng.random() < 0.3 else \
                rng.choice(list(items.values()))
            changed = [replace(old, status=Status.DELETED)]
        else:  # hits: the multipliers of those slots only
            hits = {i.id: i.hit + 2 for i in rng.sample(list(items.values()), 3)}
            index.set_hits(hits)
            for item_id, hit in hits.items():
                items[item_id] = replace(items[item_id], hit=hit)
        if changed:
            index.apply(changed)
        for item in changed:
            if item.status == Status.DELETED:
                del items[item.id]
            else:
                items[item.id] = item
        for query in rng.sample(QUERIES[lang], 2):  # searched between changes, refreshes or not
            index.search(query, k=5, weights=rng.choice(weights), settings=rng.choice(presets))
        if round_ % 3 == 2:
            index.refresh_stats()
            fresh = _fresh(index, items)
            for query in QUERIES[lang]:
                for settings in presets:
                    for w in weights:
                        same(index.search(query, k=8, weights=w, settings=settings),
                             fresh.search(query, k=8, weights=w, settings=settings))
                same(index.search(query, k=8, filters=RecallFilters(statuses=None)),
                     fresh.search(query, k=8, filters=RecallFilters(statuses=None)))


@pytest.mark.parametrize("lang", [EN_WORLD, ZH_WORLD], ids=["en", "zh"])
def test_kept_multipliers_are_the_computed_ones(lang):
    """After random changes (turns, facts superseding, updates, deletions, hits) every kept multiplier equals
    the one computed afresh for its slot, float for float."""
    world = World(lang, 5, slots=True)
    for _ in range(30):
        world.step()
    index = HybridIndex.build(world.indexed(), world.turns, window=2)
    world.take()
    table = index.table
    checked = 0
    for _ in range(40):
        for _ in range(world.rng.randint(1, 3)):
            world.step()
        index.apply(*world.take())
        for query in world.rng.sample(lang["queries"], 2):
            index.search(query, k=5)
        ref = table.reference_time(None)
        for key, kept in table._kept_boosts.items():
            if kept.ref != ref:  # no search since the reference time moved: outdated as a whole when next asked
                continue
            checked += 1
            fresh_slots = np.flatnonzero(kept.stamps[:len(table)] == kept.made)
            fresh_slots = fresh_slots[table.alive[fresh_slots]]
            weights = next(w for w in (PRESETS["balanced"], *PRESETS.values())
                           if (w.recency, w.half_life_days, w.hits, w.strength) == key)
            assert np.array_equal(kept.values[fresh_slots], table._boost_of(fresh_slots, weights, ref))
    assert checked > 20


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_search_after_a_write_computes_multipliers_for_its_candidates_only(lang, monkeypatch):
    """A new item moves the reference time of every item's recency: the searches after it compute the
    multipliers of the slots they rank, not of every item."""
    rng = random.Random(4)
    items = [MemoryItem.create("u1", rng.choice(LINES[lang]) + f" {n}", "moments") for n in range(2000)]
    index = HybridIndex.build(items)
    for query in QUERIES[lang]:
        index.search(query, k=5)
    computed: list[int] = []
    real = ItemBoosts._boost_of
    monkeypatch.setattr(ItemBoosts, "_boost_of",
                        lambda self, idx, weights, ref: computed.append(idx.shape[0]) or real(self, idx, weights, ref))
    index.apply([MemoryItem.create("u1", LINES[lang][0], "moments")])
    for query in QUERIES[lang][:2] * 2:  # the second search of a query computes nothing new
        index.search(query, k=5)
    assert computed and sum(computed) < len(items) // 4
    assert len(computed) == 2
