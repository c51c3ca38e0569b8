"""The dense ranking's floor for a query no word of which matched, and the nearest memories when none passes it."""

from __future__ import annotations

import numpy as np
import pytest

from memory_core.errors import InvalidField
from memory_core.retrieval.dense import DenseIndex
from memory_core.retrieval.dense_hits import dense_hits
from memory_core.retrieval.stages import HybridSettings


def _index(sims: list[float]) -> tuple[DenseIndex, np.ndarray]:
    """Slots whose cosine to the query (the first axis) is ``sims``, in slot order; and the query."""
    dense = DenseIndex(2)
    dense.set_items((n, np.array([s, np.sqrt(1 - s * s)], dtype=np.float32)) for n, s in enumerate(sims))
    return dense, np.array([1.0, 0.0], dtype=np.float32)


def _hits(sims: list[float], coverage: float = 0.0, **fields: float) -> list[int]:
    dense, query = _index(sims)
    alive = np.ones(len(sims), dtype=bool)
    return dense_hits(dense, query, HybridSettings(**fields), coverage, alive, None)[0].tolist()  # type: ignore[arg-type]


def test_hits_above_the_floor_are_kept_and_the_rest_left_out() -> None:
    assert _hits([0.30, 0.10, 0.20, 0.12]) == [0, 2]


def test_when_none_passes_the_floor_the_nearest_within_the_margin_are_kept() -> None:
    # "how does she commute?" over "takes the 7:40 train to work" (0.098): not nothing
    assert _hits([0.098]) == [0]
    assert _hits([0.06, 0.098, 0.08, 0.02]) == [1, 2]  # 0.06 is more than the margin below the best
    assert _hits([0.11, 0.10, 0.12, 0.105, 0.109]) == [2, 0, 4]  # at most dense_fallback_most


def test_nothing_near_enough_still_gives_nothing() -> None:
    assert _hits([0.04, 0.01, -0.2]) == []


def test_the_fallback_is_only_for_a_query_no_word_of_which_matched() -> None:
    assert _hits([0.30, 0.10], coverage=0.5) == [0, 1]  # no floor at all once a word matched
    assert _hits([0.098], dense_fallback_most=0) == []  # switched off: the floor alone


def test_bad_fallback_settings_are_refused() -> None:
    with pytest.raises(InvalidField):
        HybridSettings(dense_fallback_floor=1.5).validate()
    with pytest.raises(InvalidField):
        HybridSettings(dense_fallback_most=-1).validate()
