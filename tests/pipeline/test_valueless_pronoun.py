"""A feeling toward a bare pronoun names nothing to remember; toward one named it does (pipeline/valueless.py)."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.valueless import valueless_clause


@pytest.mark.parametrize(("clause", "lang"), [
    ("I miss him", "en"), ("I really miss her so much", "en"), ("I still love them", "en"), ("I love it", "en"),
    ("我好想它", "zh"), ("我真的很想念她", "zh"), ("我舍不得他啊", "zh"),
])
def test_a_feeling_toward_a_pronoun_is_valueless(clause: str, lang: str) -> None:
    assert valueless_clause(clause, lang)


@pytest.mark.parametrize(("clause", "lang"), [
    ("I miss my grandma", "en"), ("I love Lisbon", "en"), ("I love it here", "en"),
    ("我好想奶奶", "zh"), ("我喜欢他的歌", "zh"),
])
def test_a_feeling_toward_one_named_is_kept(clause: str, lang: str) -> None:
    assert not valueless_clause(clause, lang)


@pytest.mark.parametrize(("owned", "death", "name"), [
    ("My dog Biscuit loves the park.", "RIP Biscuit, I miss him", "Biscuit"),
    ("I have a cat named Luna.", "Luna passed away this morning, I really miss her", "Luna"),
    ("我养了一只猫叫Mochi。", "Mochi 走了，好想它", "Mochi"),
])
def test_a_pets_death_by_name_ends_the_pet_and_stores_no_pronoun(mem: EmbeddedMemory, owned: str, death: str,
                                                                  name: str) -> None:
    mem.add(owned, user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add(death, user_id="u", timestamp="2025-06-01T10:00:00Z")
    items = [dict(i) for i in mem._list("u", None) if i["kind"] != "event"]
    active = [str(i["description"]) for i in items if i["status"] == "active"]
    assert not any(k in d for d in active for k in ("has a", "有一只")), active
    assert not any(p in d for d in active for p in ("him", "her", "它")), active
    assert any(name in d for d in active), active
