"""The relevance floor: recall may return fewer than k rather than fill k with what the question barely touches."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from memory_core.errors import InvalidField
from memory_core.model import MemoryItem
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.relevance_floor import above_floor
from memory_core.retrieval.stages import HYBRID_PRESETS


def test_results_below_the_share_of_the_best_or_the_least_score_are_dropped():
    order, scores = np.array([4, 2, 7, 1]), np.array([0.2, 0.1, 0.05, 0.01])
    assert above_floor(order, scores, 0.25, 0.0)[0].tolist() == [4, 2, 7]
    assert above_floor(order, scores, 0.0, 0.08)[0].tolist() == [4, 2]
    assert above_floor(order, scores, 0.0, 0.0)[0].tolist() == [4, 2, 7, 1]  # off
    assert above_floor(order, scores, 0.0, 1.0)[0].tolist() == []  # an absolute floor above the best: nothing
    kept_order, kept_scores = above_floor(np.array([3, 5]), np.array([0.1, 0.3]), 0.5, 0.0)  # order kept, not sorted
    assert kept_order.tolist() == [5] and kept_scores.tolist() == [0.3]


def test_recall_with_a_floor_returns_fewer_than_k():
    index = HybridIndex.build([MemoryItem.create("u", t, "life") for t in (
        "My wife Anna teaches piano at the conservatory", "I work as a nurse at the city hospital",
        "My wife's sister lives in Rome", "We adopted a cat named Miso", "I teach yoga on Saturdays")])
    query = "What does my wife teach at the conservatory?"
    plain = index.search(query, 4, settings=HYBRID_PRESETS["hybrid"])
    # reciprocal ranks lie close together in so small an index: the others share one word each and score ~0.95 of it
    floored = index.search(query, 4, settings=replace(HYBRID_PRESETS["hybrid"], floor_ratio=0.97))
    assert floored[0].item.description == plain[0].item.description == "My wife Anna teaches piano at the conservatory"
    assert len(floored) < len(plain)
    assert len(plain) == 3 and len(floored) == 1
    assert len(index.search(query, 4, settings=replace(HYBRID_PRESETS["hybrid"], floor_score=0.195))) == 1


@pytest.mark.parametrize("field, value", [("floor_ratio", 1.0), ("floor_ratio", -0.1), ("floor_score", -1.0)])
def test_a_floor_outside_its_range_is_refused(field, value):
    with pytest.raises(InvalidField):
        replace(HYBRID_PRESETS["hybrid"], **{field: value}).validate()


def test_with_scripts_each_result_is_judged_beside_the_best_of_its_own_script():
    # an English question: its English results score high, the Chinese answer found by the gloss ranking low
    order, scores = np.array([1, 2, 3, 4]), np.array([1.0, 0.5, 0.12, 0.02])
    chinese = np.array([False, False, True, True])
    assert above_floor(order, scores, 0.2, 0.0)[0].tolist() == [1, 2]  # one floor cuts the other language
    assert above_floor(order, scores, 0.2, 0.0, chinese)[0].tolist() == [1, 2, 3]  # its best kept, 0.02 < 0.2 * 0.12
    assert above_floor(order, scores, 0.0, 0.1, chinese)[0].tolist() == [1, 2, 3]  # an absolute floor is one for all
    only_zh = np.ones(4, bool)
    assert above_floor(order, scores, 0.2, 0.0, only_zh)[0].tolist() == above_floor(order, scores, 0.2, 0.0)[0].tolist()


def test_recall_with_a_floor_keeps_the_answer_in_the_other_language():
    index = HybridIndex.build([MemoryItem.create("u", t, "life") for t in (
        "My wife Anna teaches piano", "My wife's sister lives in Rome", "My wife likes tea", "我在饿了么跑外卖")])
    query = "Does my wife know which delivery app I ride for?"
    plain = index.search(query, 4, settings=HYBRID_PRESETS["hybrid"])
    assert "我在饿了么跑外卖" in [r.item.description for r in plain]
    for by_script in (True, False):
        settings = replace(HYBRID_PRESETS["hybrid"], floor_ratio=0.5, floor_by_script=by_script)
        found = [r.item.description for r in index.search(query, 4, settings=settings)]
        assert ("我在饿了么跑外卖" in found) is by_script
