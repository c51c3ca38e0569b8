"""The vectors table on SQLite and PostgreSQL: store, load, refuse another model, erase with the user, and an
erase that stays final when an embed run writes after it."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest
from store.conftest import SQL_BACKENDS

from memory_core.model import MemoryItem, Turn
from memory_core.store.sql_vectors import SqlVectors, VectorModelMismatch
from memory_core.store.write_ops import AddOp

T0 = datetime(2024, 5, 1, tzinfo=UTC)


def unit(*values: float) -> np.ndarray:
    v = np.array(values, dtype=np.float32)
    return v / np.linalg.norm(v)


def stored_item(store, user: str, text: str = "User is vegetarian") -> str:
    """Store one active item for ``user``; return its id (vectors are kept only for stored owners)."""
    item = MemoryItem.create(user, text, "身份", at=T0)
    store.apply(user, [AddOp(item)])
    return item.id


@pytest.mark.parametrize("kind", SQL_BACKENDS)
def test_vectors_round_trip_and_bump_the_memory_version(make_store, kind):
    store = make_store(kind)
    store.append(Turn("u1", "t1", "s1", "user", "我是素食者", T0))
    i1 = stored_item(store, "u1")
    vectors = SqlVectors(store)
    before = store.memory_version("u1")
    written = vectors.put("u1", "m1", [("turn", "t1", "sha-a", unit(1, 2, 2)), ("item", i1, "sha-b", unit(0, 1, 0))])
    assert written == 2
    assert store.memory_version("u1") != before  # a recall worker rebuilds and sees the vectors
    loaded = vectors.load("u1", "m1")
    assert set(loaded) == {("turn", "t1"), ("item", i1)}
    assert loaded[("turn", "t1")].dtype == np.float32
    assert np.allclose(loaded[("turn", "t1")], unit(1, 2, 2))
    assert vectors.shas("u1") == {("turn", "t1"): "sha-a", ("item", i1): "sha-b"}
    assert set(vectors.by_sha("u1", ["sha-b", "nope"])) == {"sha-b"}
    vectors.put("u1", "m1", [("item", i1, "sha-c", unit(1, 0, 0))])  # replaced, not duplicated
    assert vectors.shas("u1")[("item", i1)] == "sha-c" and vectors.count() == 2
    assert vectors.load("u2", "m1") == {} and vectors.load("u1", "other") == {}


@pytest.mark.parametrize("kind", SQL_BACKENDS)
def test_a_store_written_by_another_model_is_refused_with_the_fix(make_store, kind):
    store = make_store(kind)
    vectors = SqlVectors(store)
    vectors.check_model("m1", 3)  # empty store: any model
    vectors.put("u1", "m1", [("item", stored_item(store, "u1"), "s", unit(1, 0, 0))])
    vectors.check_model("m1", 3)
    with pytest.raises(VectorModelMismatch, match="gulfstream reindex"):
        vectors.check_model("m2", 3)
    with pytest.raises(VectorModelMismatch, match="3 dimensions"):
        vectors.check_model("m1", 4)
    assert vectors.clear() == 1
    vectors.check_model("m2", 4)


@pytest.mark.parametrize("kind", SQL_BACKENDS)
def test_erasing_a_user_removes_their_vectors_only(make_store, kind):
    store = make_store(kind)
    item = MemoryItem.create("u1", "User is vegetarian", "身份", at=T0)
    store.apply("u1", [AddOp(item)])
    vectors = SqlVectors(store)
    vectors.put("u1", "m1", [("item", item.id, "s", unit(1, 0, 0))])
    x = stored_item(store, "u2")
    vectors.put("u2", "m1", [("item", x, "s", unit(0, 1, 0))])
    store.erase_user("u1")
    assert vectors.load("u1", "m1") == {}
    assert set(vectors.load("u2", "m1")) == {("item", x)}


@pytest.mark.parametrize("kind", SQL_BACKENDS)
def test_vectors_computed_before_an_erase_are_not_written_back_after_it(make_store, kind):
    # the embed task reads a user's texts, embeds them for seconds, then writes, without the user's lock
    store = make_store(kind)
    store.append(Turn("u1", "t1", "s1", "user", "I live in Leeds", T0))
    item = stored_item(store, "u1", "User lives in Leeds")
    vectors = SqlVectors(store)
    computed = [("turn", "t1", "a", unit(1, 0, 0)), ("item", item, "b", unit(0, 1, 0))]
    store.erase_user("u1")
    assert vectors.put("u1", "m1", computed) == 0
    assert vectors.refine("u1", "m1", computed) == 0
    assert vectors.count() == 0 and vectors.load("u1", "m1") == {}
    assert "u1" not in store.users() and "u1" not in store.turn_users()  # no counters row made again


@pytest.mark.parametrize("kind", SQL_BACKENDS)
def test_a_vector_of_a_forgotten_owner_is_skipped_and_the_rest_written(make_store, kind):
    store = make_store(kind)
    kept = stored_item(store, "u1", "User lives in Leeds")
    vectors = SqlVectors(store)
    assert vectors.put("u1", "m1", [("item", kept, "a", unit(1, 0, 0)), ("item", "gone", "b", unit(0, 1, 0)),
                                    ("turn", "never-stored", "c", unit(0, 0, 1))]) == 1
    assert set(vectors.load("u1", "m1")) == {("item", kept)}
