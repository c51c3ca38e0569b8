"""A promotion at a company names where the user works now, and ends a "left the job" said before."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


def _active(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


@pytest.mark.parametrize(("text", "org"), [("i got promoted to senior PM at ant", "ant"),
                                           ("I was promoted to team lead at Shopify", "Shopify"),
                                           ("I've been promoted to senior engineer at Stripe!", "Stripe")])
def test_a_promotion_names_the_employer(mem: EmbeddedMemory, text: str, org: str) -> None:
    mem.add(text, user_id="u", timestamp="2025-06-01T10:00:00Z")
    assert f"User works at {org}" in _active(mem), _active(mem)


def test_a_promotion_after_a_leave_ends_it(mem: EmbeddedMemory) -> None:
    mem.add("我在字节跳动做产品经理", user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add("离职了", user_id="u", timestamp="2025-05-01T10:00:00Z")
    mem.add("i got promoted to senior PM at ant", user_id="u", timestamp="2025-09-01T10:00:00Z")
    active = _active(mem)
    assert "User works at ant" in active and not any("离职" in d or "字节跳动" in d for d in active), active


def test_a_relatives_promotion_is_theirs(mem: EmbeddedMemory) -> None:
    mem.add("I work at Deloitte", user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add("my sister got promoted to manager at Apple", user_id="u", timestamp="2025-06-01T10:00:00Z")
    active = _active(mem)
    assert "User works at Deloitte" in active and not any(d.startswith("User works at Apple") for d in active)


@pytest.mark.parametrize("text", ["I'm officially a product manager now", "I'm finally an engineer!",
                                  "I'm basically a full-time nurse these days", "I'm still a teacher"])
def test_a_title_after_an_adverb_is_the_occupation(mem: EmbeddedMemory, text: str) -> None:
    mem.add("I'm a data analyst", user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add(text, user_id="u", timestamp="2025-06-01T10:00:00Z")
    active = _active(mem)
    assert any(d.startswith("User works as ") for d in active) and "User works as a data analyst" not in active, active


def test_an_adverb_before_no_title_names_no_occupation(mem: EmbeddedMemory) -> None:
    mem.add("I'm a data analyst", user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add("I'm really a nice person, honestly", user_id="u", timestamp="2025-06-01T10:00:00Z")
    assert "User works as a data analyst" in _active(mem), _active(mem)
