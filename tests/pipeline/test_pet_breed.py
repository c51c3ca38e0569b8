"""A pet's breed said after its name is the pet's, never the speaker's (issue 13 §2)."""

from __future__ import annotations

import pytest

from memory_core.pipeline.clauses import split_clauses


@pytest.mark.parametrize(("text", "kept"), [
    ("我养了一只狗，叫Luna，是金毛。", ["我养了一只狗，叫Luna", "我的狗是金毛。"]),
    ("我家有只猫，是英短。", ["我家有只猫", "我的猫是英短。"]),
    ("我是金毛控。", ["我是金毛控。"]),
    ("邻居家养了只狗，是只哈士奇，天天拆家", ["我邻居家养了只狗"]),  # another's pet: no breed of the user's
])
def test_a_breed_without_a_subject_is_the_pets(text: str, kept: list[str]) -> None:
    assert [c for c, _ in split_clauses(text)] == kept
