"""Recall: the right item for English, Chinese and mixed queries; filters,
weighting, the per-user cache and user isolation."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_core.errors import InvalidField, TextTooLong
from memory_core.model import MemoryItem, Status
from memory_core.retrieval.recall import (
    PRESETS,
    HybridIndex,
    Recaller,
    RecallFilters,
    RecallIndex,
    RecallWeights,
)

T0 = datetime(2024, 5, 1, tzinfo=UTC)


def item(desc: str, theme: str = "品味", days: float = 0, hit: int = 0, **fields) -> MemoryItem:
    at = T0 + timedelta(days=days)
    made = MemoryItem.create("u1", desc, theme, at=at, turn_id=fields.pop("turn_id", None), **fields)
    made.hit = hit
    return made


@pytest.fixture
def items() -> list[MemoryItem]:
    return [
        item("用户喜欢吃火锅，尤其是麻辣的", "品味", kind="preference", turn_id="t1"),
        item("The user works at Google as a data engineer", "identity", turn_id="t2"),
        item("用户的猫叫咪咪", "生活", days=3),
        item("Allergic to peanuts, carries an EpiPen", "health", kind="fact"),
        item("我在Google工作, I love 火锅 with friends", "生活", days=5),
        item("下周三要去上海出差", "时效待办", kind="todo", days=10),
        item("Went hiking in the Alps last summer", "events", kind="event", days=20),
        item("Prefers dark mode in every code editor", "tools", kind="preference", days=30),
    ]


def ids(results) -> list[str]:
    return [r.item.description for r in results]


def test_english_chinese_and_mixed_queries_find_their_item(items):
    index = RecallIndex.build(items)
    assert ids(index.search("where does the user work?", k=1)) == [items[1].description]
    assert ids(index.search("猫叫什么名字", k=1)) == [items[2].description]
    assert ids(index.search("peanut allergy", k=1)) == [items[3].description]
    assert ids(index.search("出差去哪里", k=1)) == [items[5].description]
    mixed = ids(index.search("Google 火锅", k=2))
    assert mixed[0] == items[4].description  # has both terms
    assert set(ids(index.search("hike", k=5))) == {items[6].description}


def test_an_emoji_only_query_finds_the_items_holding_the_emoji(items):
    sushi = item("Orders 🍣 every Friday", "food")
    index = HybridIndex.build([*items, sushi])
    assert ids(index.search("🍣", k=3))[0] == sushi.description
    assert ids(index.search("🍣🍣", k=1)) == [sushi.description]
    assert ids(RecallIndex.build([*items, sushi]).search("🍣", k=3)) == [sushi.description]  # BM25 alone
    assert index.search("🎸", k=3) == []


def test_results_carry_rank_scores_and_turn_ids(items):
    results = RecallIndex.build(items).search("火锅", k=5)
    assert [r.rank for r in results] == list(range(1, len(results) + 1))
    assert all(r.score >= r.bm25 > 0 for r in results)
    first = next(r for r in results if r.item.id == items[0].id)
    assert first.turn_ids == ["t1"]


def test_returned_items_are_copies(items):
    index = RecallIndex.build(items)
    index.search("火锅", k=1)[0].item.description = "changed"
    assert index.search("火锅", k=1)[0].item.description != "changed"


def test_stopword_only_or_empty_query_gives_nothing(items):
    index = RecallIndex.build(items)
    assert index.search("the of and is") == []
    assert index.search("我的吗？") == []
    assert index.search("") == []
    assert index.search("zebra quantum") == []


@pytest.mark.parametrize("k", [0, -1, 1001, 2.5, True, "3"])
def test_bad_k_is_refused(items, k):
    with pytest.raises(InvalidField):
        RecallIndex.build(items).search("火锅", k=k)


def test_bad_queries_are_refused(items):
    index = RecallIndex.build(items)
    with pytest.raises(InvalidField):
        index.search(None)  # type: ignore[arg-type]
    with pytest.raises(TextTooLong):
        index.search("火" * 8001)


def test_theme_and_kind_filters_exclude(items):
    index = RecallIndex.build(items)
    assert ids(index.search("火锅", filters=RecallFilters(themes=["品味"]))) == [items[0].description]
    assert ids(index.search("火锅", filters=RecallFilters(themes="生活"))) == [items[4].description]
    assert index.search("火锅", filters=RecallFilters(themes=["no such theme"])) == []
    prefs = index.search("火锅 dark mode", filters=RecallFilters(kinds=["preference"]))
    assert {r.item.kind for r in prefs} == {"preference"} and len(prefs) == 2
    with pytest.raises(InvalidField):
        index.search("火锅", filters=RecallFilters(kinds=["opinion"]))


def test_status_filter_defaults_to_active(items):
    items[0].end("superseded", "now vegetarian")
    items[4].end("deleted", "user asked")
    index = RecallIndex.build(items)
    assert index.search("火锅") == []
    old = index.search("火锅", filters=RecallFilters(statuses=["superseded"]))
    assert ids(old) == [items[0].description]
    assert len(index.search("火锅", filters=RecallFilters(statuses=None))) == 2
    with pytest.raises(InvalidField):
        index.search("火锅", filters=RecallFilters(statuses=["gone"]))


def test_time_window_uses_valid_from_then_created_at(items):
    items[0].valid_from = T0 + timedelta(days=100)  # created on day 0, holds from day 100
    index = RecallIndex.build(items)
    window = RecallFilters(since=T0 + timedelta(days=4), until=T0 + timedelta(days=6))
    assert ids(index.search("火锅", filters=window)) == [items[4].description]
    late = RecallFilters(since=T0 + timedelta(days=50))
    assert ids(index.search("火锅", filters=late)) == [items[0].description]
    assert index.search("火锅", filters=RecallFilters(until=T0)) == []  # until is exclusive
    with pytest.raises(InvalidField):
        index.search("火锅", filters=RecallFilters(since=datetime(2024, 1, 1)))  # naive


def test_recency_weight_prefers_newer_of_equal_matches():
    old, new = item("用户喜欢爵士乐", days=0), item("用户喜欢爵士乐", days=60)
    index = RecallIndex.build([old, new])
    plain = index.search("爵士乐", weights=PRESETS["relevance"])
    assert plain[0].score == plain[1].score
    recent = index.search("爵士乐", weights=PRESETS["recent"])
    assert recent[0].item.id == new.id and recent[0].score > recent[1].score
    # Measured from a later "now", the gap narrows but the order holds.
    later = index.search("爵士乐", weights=PRESETS["recent"], now=T0 + timedelta(days=400))
    assert later[0].item.id == new.id


def test_recency_can_outrank_a_slightly_better_text_match():
    strong = item("jazz jazz concerts", days=0)
    weak = item("jazz concerts and many other long words here", days=90)
    index = RecallIndex.build([strong, weak])
    assert index.search("jazz", weights=PRESETS["relevance"])[0].item.id == strong.id
    heavy = RecallWeights(half_life_days=7, recency=5.0, hits=0)
    assert index.search("jazz", weights=heavy)[0].item.id == weak.id


def test_hit_weight_and_set_hits_reorder_without_rebuild():
    a, b = item("用户喜欢爵士乐"), item("用户喜欢爵士乐")
    index = RecallIndex.build([a, b])
    bm25 = index.bm25
    weights = RecallWeights(recency=0.0, hits=0.5)
    assert index.search("爵士乐", weights=weights)[0].item.id == a.id  # tie: first item
    assert index.set_hits({b.id: 20, "unknown": 3}) == 1
    top = index.search("爵士乐", weights=weights)[0]
    assert top.item.id == b.id and top.item.hit == 20
    assert index.bm25 is bm25


def test_boosts_kept_for_the_default_reference_time_equal_a_fresh_computation():
    items_ = [item(f"用户喜欢爵士乐 {n}") for n in range(50)]
    for n, it in enumerate(items_):
        it.created_at = datetime(2024, 1, 1, tzinfo=UTC) + timedelta(days=3 * n)
        it.hit = n % 4
    index = RecallIndex.build(items_)
    idx = np.array([0, 7, 49, 21], dtype=np.int64)
    for weights in (PRESETS["balanced"], RecallWeights(half_life_days=5, recency=0.7, hits=0.3)):
        for ref in (index.reference_time(None), index.reference_time(None) + 86_400.0):
            assert index.boost(idx, weights, ref).tolist() == index._boost_of(idx, weights, ref).tolist()
    before = index.boost(idx, PRESETS["balanced"], index.reference_time(None))
    index.set_hits({items_[7].id: 500})
    after = index.boost(idx, PRESETS["balanced"], index.reference_time(None))
    assert after[1] > before[1] and after[[0, 2, 3]].tolist() == before[[0, 2, 3]].tolist()


def test_bad_weights_are_refused(items):
    with pytest.raises(InvalidField):
        RecallIndex.build(items).search("火锅", weights=RecallWeights(half_life_days=0))
    with pytest.raises(InvalidField):
        RecallIndex.build(items).search("火锅", weights=RecallWeights(hits=-1))


def test_empty_index_returns_nothing():
    assert RecallIndex.build([]).search("火锅") == []


# ── Recaller ────────────────────────────────────────────────────────────


def test_recaller_caches_until_memory_version_changes(store):
    store.add("u1", "用户喜欢吃火锅", "品味")
    recaller = Recaller(store)
    assert len(recaller.recall("u1", "火锅")) == 1
    assert recaller.build_count == 1 and recaller.timings.rebuilt
    assert len(recaller.recall("u1", "火锅")) == 1
    assert recaller.build_count == 1 and not recaller.timings.rebuilt
    assert recaller.timings.build_ms == 0.0 and recaller.timings.search_ms > 0
    store.add("u1", "周末吃了火锅", "生活")
    assert len(recaller.recall("u1", "火锅")) == 2
    assert recaller.build_count == 1 and recaller.delta_count == 1  # applied, not rebuilt
    assert not recaller.timings.rebuilt


def test_recaller_hits_do_not_rebuild_but_set_hits_applies(store):
    a = store.add("u1", "用户喜欢爵士乐", "品味")
    b = store.add("u1", "用户喜欢爵士乐", "品味")
    recaller = Recaller(store)
    weights = RecallWeights(recency=0.0, hits=1.0)
    first = recaller.recall("u1", "爵士乐", weights=weights)[0].item.id
    other = b if first == a else a
    store.hit("u1", other, 30)
    assert recaller.set_hits("u1", {other: 30}) == 1
    assert recaller.recall("u1", "爵士乐", weights=weights)[0].item.id == other
    assert recaller.build_count == 1


def test_recaller_invalidate_forces_rebuild(store):
    store.add("u1", "用户喜欢吃火锅", "品味")
    recaller = Recaller(store)
    recaller.recall("u1", "火锅")
    recaller.invalidate("u1")
    recaller.recall("u1", "火锅")
    assert recaller.build_count == 2


def test_recaller_never_crosses_users(store):
    store.add("alice", "Alice's secret: the vault code is 4812", "secrets")
    store.add("bob", "Bob likes the vault movie", "品味")
    recaller = Recaller(store)
    for query in ("vault code 4812", "secret", "vault"):
        assert all(r.item.user_id == "bob" for r in recaller.recall("bob", query))
    assert recaller.recall("carol", "vault") == []
    assert [r.item.user_id for r in recaller.recall("alice", "vault")] == ["alice"]


def test_recaller_never_returns_deleted_items(store):
    item_id = store.add("u1", "用户喜欢吃火锅", "品味")
    recaller = Recaller(store)
    store.delete("u1", item_id, "user asked")
    assert recaller.recall("u1", "火锅", filters=RecallFilters(statuses=None)) == []


def test_recaller_evicts_least_recently_used_user(store):
    for user in ("a", "b", "c"):
        store.add(user, "用户喜欢吃火锅", "品味")
    recaller = Recaller(store, max_users=2)
    for user in ("a", "b", "c", "b"):
        recaller.recall(user, "火锅")
    assert recaller.build_count == 3
    recaller.recall("a", "火锅")
    assert recaller.build_count == 4


def test_recaller_refuses_bad_user_ids_and_k(store):
    recaller = Recaller(store)
    with pytest.raises(InvalidField):
        recaller.recall("bad id with spaces", "火锅")
    with pytest.raises(InvalidField):
        recaller.recall("u1", "火锅", k=0)


def test_filter_masks_are_kept_per_filter_and_checked_every_time():
    items = [MemoryItem.create("u", f"note {i} about tea", "taste" if i % 2 else "work") for i in range(6)]
    items[0].status = Status.SUPERSEDED
    index = RecallIndex.build(items)
    everything = RecallFilters(statuses=None)
    assert index.mask_for(everything) is None  # every item passes: no mask at all
    work = RecallFilters(themes={"work"})
    first = index.mask_for(work)
    assert first is not None and first.tolist() == [False, False, True, False, True, False]  # active work only
    assert index.mask_for(RecallFilters(themes=["work"])) is first  # the same filter, kept
    for _ in range(2):  # a bad filter is refused on every call, never cached
        with pytest.raises(InvalidField):
            index.mask_for(RecallFilters(kinds={"opinion"}))


def test_filters_that_can_never_match_are_refused():
    index = RecallIndex.build([item("Drinks green tea", "taste")])
    with pytest.raises(InvalidField, match="deleted items are never recalled"):
        index.search("tea", 5, RecallFilters(statuses=("active", "deleted")))
    with pytest.raises(InvalidField, match="must be before until"):
        index.search("tea", 5, RecallFilters(since=T0 + timedelta(days=2), until=T0))
    assert index.search("tea", 5, RecallFilters(since=T0 - timedelta(days=1), until=T0 + timedelta(days=1)))
