"""A lost pet found again in a later turn ends the loss and brings the pet back (issue 13 §2); where it was found
is no place of the user's, and a find that names no lost pet of the user's changes nothing."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


def _active(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


def _said(mem: EmbeddedMemory, *texts: str) -> list[str]:
    for n, text in enumerate(texts):
        mem.add(text, user_id="u", timestamp=f"2025-0{n + 1}-01T10:00:00Z")
    return _active(mem)


_LOST = ("走丢", "跑丢", "丢了", "没找到", "ran away", "went missing", "haven't found")


@pytest.mark.parametrize(("pet", "lost", "found", "name"), [
    ("我养了一只柯基，叫豆豆。", "豆豆走丢了，找了一整天都没找到。", "豆豆找到了！在隔壁小区的花园里。", "豆豆"),
    ("我家有只橘猫叫咪咪。", "咪咪跑丢了，好着急。", "咪咪自己回来了，瘦了一圈。", "咪咪"),
    ("We have a beagle named Biscuit.", "Biscuit ran away yesterday and we still haven't found him.",
     "We found Biscuit, he was at the neighbour's!", "Biscuit"),
    ("I have a tabby cat called Pepper.", "Pepper went missing on Saturday.",
     "Pepper came home last night, a bit thin but fine.", "Pepper"),
])
def test_a_pet_found_again_is_the_users_again(mem: EmbeddedMemory, pet: str, lost: str, found: str, name: str) -> None:
    active = _said(mem, pet, lost, found)
    assert any(name in d and not any(w in d for w in _LOST) for d in active), active
    assert not any(name in d and any(w in d for w in _LOST) for d in active), active
    assert not any(w in d for d in active for w in ("花园", "neighbour")), active


@pytest.mark.parametrize(("pet", "lost", "then"), [
    ("我养了一只柯基，叫豆豆。", "豆豆走丢了，找了一整天都没找到。", "我的钥匙找到了，在沙发底下。"),
    ("We have a beagle named Biscuit.", "Biscuit ran away yesterday and we still haven't found him.",
     "We found a great new cafe near the office."),
])
def test_a_find_of_something_else_keeps_the_loss(mem: EmbeddedMemory, pet: str, lost: str, then: str) -> None:
    active = _said(mem, pet, lost, then)
    assert any(any(w in d for w in _LOST) for d in active), active
