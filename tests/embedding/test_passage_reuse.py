"""The embedding step stores a vector the write path computed for the same text, without running the model again."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from embed_support import BagEmbedder

from memory_core.embedding.passage_cache import PASSAGES
from memory_core.embedding.sync import embed_user
from memory_core.store.sql import SqlStore
from memory_core.store.sql_vectors import SqlVectors


def test_a_text_embedded_on_the_write_path_is_stored_without_a_second_pass(tmp_path: Path) -> None:
    bag = BagEmbedder(model_id="bag-reuse")
    store = SqlStore(f"sqlite:///{tmp_path / 'r.db'}", migrate=True)
    kept = store.add("u1", "User is a type 2 diabetic", "health")
    other = store.add("u1", "User lives in Porto", "home")
    PASSAGES.vectors(bag, ["User is a type 2 diabetic"])  # as ``meaning_hit`` does for a new statement
    bag.passage_calls.clear()
    report = embed_user(store, bag, "u1")
    sent = [t for call in bag.passage_calls for t in call]
    assert "User is a type 2 diabetic" not in sent and "User lives in Porto" in sent
    stored = SqlVectors(store).load("u1", bag.model_id)
    assert ("item", kept) in stored and ("item", other) in stored
    assert np.allclose(stored[("item", kept)], PASSAGES.get(bag.model_id, "User is a type 2 diabetic"), atol=1e-5)
    assert report.reused >= 1
    store.close()
