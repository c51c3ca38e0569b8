"""A time adverbial ("in March", "last year", "三个月了", "三月份") says when a place held, not what it is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Turn
from memory_core.pipeline.extract import MechanicalExtractor


def _values(text: str) -> dict[str, str]:
    turn = Turn("u1", "t1", "s", "user", text, datetime(2026, 3, 1, tzinfo=UTC), speaker="Bo")
    return {c.key: c.description for c in MechanicalExtractor().statements(turn)}


@pytest.mark.parametrize(("text", "key", "description"), [
    ("I moved to Lisbon in March.", "fact:lives_in@bo", "Bo lives in Lisbon"),
    ("We relocated to Porto last year.", "fact:lives_in@bo", "Bo lives in Porto"),
    ("I moved to Berlin two years ago.", "fact:lives_in@bo", "Bo lives in Berlin"),
    ("I've been living in Leeds since 2019.", "fact:lives_in@bo", "Bo lives in Leeds"),
    ("I live in New York.", "fact:lives_in@bo", "Bo lives in New York"),
    ("我住在杭州三年了。", "fact:lives_in@bo", "Bo住在杭州"),
    ("我搬到成都三个月了", "fact:lives_in@bo", "Bo住在成都"),
    ("我三月份搬到了杭州。", "fact:lives_in@bo", "Bo住在杭州"),
    ("我2024年搬到了深圳", "fact:lives_in@bo", "Bo住在深圳"),
    ("我住在三亚", "fact:lives_in@bo", "Bo住在三亚"),
])
def test_a_time_phrase_is_not_part_of_a_place(text: str, key: str, description: str) -> None:
    assert _values(text).get(key) == description
