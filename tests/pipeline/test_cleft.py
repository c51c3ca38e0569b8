"""A cleft that stresses a corrected value ("it's crab I'm allergic to, not shrimp") is read as the plain
statement, so the correction replaces the wrong value instead of storing "crab I'm allergic to"."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.cleft import uncleft


@pytest.mark.parametrize(("said", "read"), [
    ("Actually it's crab I'm allergic to, not shrimp.", "Actually I'm allergic to crab, not shrimp."),
    ("it's Leeds that I live in, not York", "I live in Leeds, not York"),
    ("It was green tea I like", "I like green tea"),
    ("it's the dog I'm worried about", "it's the dog I'm worried about"),  # no known predicate
    ("it's a place I love to visit", "it's a place I love to visit"),  # the clause goes on after the verb
    ("不对，是螃蟹，我对螃蟹过敏", "不对，是螃蟹，我对螃蟹过敏"),  # no English cleft: unchanged
])
def test_a_cleft_on_a_known_predicate_reads_as_its_plain_statement(said: str, read: str) -> None:
    assert uncleft(said) == read


@pytest.mark.parametrize(("first", "fix", "right", "wrong"), [
    ("I'm allergic to shrimp.", "Actually it's crab I'm allergic to, not shrimp.", "crab", "shrimp"),
    ("我住在York", "sorry it's Leeds that I live in, not York", "Leeds", "York"),
])
def test_a_cleft_correction_replaces_the_wrong_value(tmp_path: Path, first: str, fix: str, right: str,
                                                     wrong: str) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/c.db")
    try:
        mem.add(first, user_id="u", timestamp="2025-03-01T10:00:00+00:00")
        mem.add(fix, user_id="u", timestamp="2025-03-02T10:00:00+00:00")
        facts = [r["description"] for r in mem.get_all(user_id="u", reveal=True) if r["kind"] != "event"]
        assert any(right in d for d in facts) and not any(wrong in d for d in facts), facts
        assert not any(d.startswith(f"{right} I") for d in facts), facts
    finally:
        mem.close()
