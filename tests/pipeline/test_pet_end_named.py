"""A pet's death said by its name alone ends the pet item with a successor that names the kind of pet, so a later
question asked by the kind finds what happened (issue 13 §2); a pet's breed said after its name is the pet's."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.clauses import split_clauses


def _items(mem: EmbeddedMemory, status: str) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == status]


@pytest.mark.parametrize(("pet", "died", "kind", "query"), [
    ("I have a dog named Luna, she's a golden retriever.", "Luna passed away this morning.", "dog",
     "Does she have a dog?"),
    ("我养了一只狗，叫Luna，是金毛。", "Luna 今天早上走了。", "狗", "你还养狗吗"),
    ("我有一只布偶猫叫年糕。", "年糕昨晚走了，十四岁。", "猫", "我还养猫吗？"),
])
def test_a_death_by_name_names_the_kind(mem: EmbeddedMemory, pet: str, died: str, kind: str, query: str) -> None:
    mem.add(pet, user_id="u", timestamp="2025-02-01T10:00:00Z")
    mem.add(died, user_id="u", timestamp="2025-09-10T08:00:00Z")
    active = _items(mem, "active")
    assert any(kind in d and any(w in d for w in ("走了", "passed away")) for d in active), active
    assert _items(mem, "superseded"), "the pet item is ended"
    found = [str(r["description"]) for r in mem.search(query, user_id="u", k=5)]
    assert any(any(w in d for w in ("走了", "passed away")) for d in found), found


@pytest.mark.parametrize(("text", "kept"), [
    ("我养了一只狗，叫Luna，是金毛。", ["我养了一只狗，叫Luna", "我的狗是金毛。"]),
    ("我家有只猫，是英短。", ["我家有只猫", "我的猫是英短。"]),
    ("我是金毛控。", ["我是金毛控。"]),
    ("邻居家养了只狗，是只哈士奇，天天拆家", ["我邻居家养了只狗"]),  # another's pet: no breed of the user's
])
def test_a_breed_without_a_subject_is_the_pets(text: str, kept: list[str]) -> None:
    assert [c for c, _ in split_clauses(text)] == kept
