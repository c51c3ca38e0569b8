"""One thing said two ways is one fact: an intolerance of milk and of lactose, a place one started at, an
e-mail address beside the name it repeats (issue 13)."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.gist import topic
from memory_core.pipeline.other_value import through_address


def _active(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


def _say(mem: EmbeddedMemory, *texts: str) -> list[str]:
    for n, text in enumerate(texts, 1):
        mem.add(text, user_id="u", timestamp=f"2025-03-{n:02d}T10:00:00Z")
    return _active(mem)


@pytest.mark.parametrize(("texts", "words"), [
    (("I'm lactose intolerant.", "Milk upsets my stomach."), ("lactose", "milk")),
    (("I can't digest milk.", "I'm lactose intolerant."), ("lactose", "milk")),
    (("I have a dairy intolerance.", "Cheese gives me stomach cramps."), ("dairy", "cheese")),
    (("我乳糖不耐受。", "我喝牛奶拉肚子。"), ("乳糖", "牛奶")),
    (("我对乳制品不耐受。", "我吃奶酪就胀气。"), ("乳制品", "奶酪")),
])
def test_an_intolerance_said_two_ways_is_one_item(mem: EmbeddedMemory, texts: tuple[str, ...],
                                                  words: tuple[str, ...]) -> None:
    active = _say(mem, *texts)
    assert len([d for d in active if any(w in d.casefold() for w in words)]) == 1, active


@pytest.mark.parametrize(("texts", "one", "other"), [
    (("I'm lactose intolerant.", "Coffee gives me palpitations."), "lactose", "coffee"),
    (("我乳糖不耐受。", "我喝咖啡会心慌。"), "乳糖", "咖啡"),
])
def test_two_intolerances_stay_two_items(mem: EmbeddedMemory, texts: tuple[str, ...], one: str, other: str) -> None:
    active = _say(mem, *texts)
    assert [d for d in active if one in d.casefold() and other not in d.casefold()], active
    assert [d for d in active if other in d.casefold() and one not in d.casefold()], active


def test_one_turn_naming_the_condition_and_the_food_keeps_both(mem: EmbeddedMemory) -> None:
    active = _say(mem, "我乳糖不耐受，喝牛奶就拉肚子。")
    assert [d for d in active if "乳糖" in d and "牛奶" in d], active


@pytest.mark.parametrize(("text", "kept", "gone"), [
    ("I started at Google last month.", "works at Google", "studies at"),
    ("Started at Shopify on Monday, the team is great.", "works at Shopify", "studies at"),
    ("I started at Oxford in September, reading law.", "studies at Oxford", "works at"),
    ("I started at the University of Toronto last fall, first year of my degree.", "studies at", "works at"),
])
def test_a_place_one_started_at_is_an_employer_or_a_school(mem: EmbeddedMemory, text: str, kept: str,
                                                          gone: str) -> None:
    active = _say(mem, text)
    assert [d for d in active if kept in d] and not [d for d in active if gone in d], active


@pytest.mark.parametrize(("texts", "name", "address"), [
    (("Hi, I'm Ben.", "我的邮箱是 ben.k@example.com，有事发邮件。"), "Ben", "ben.k@example.com"),
    (("Hi, I'm Ben.", "My email is ben.k@example.com, send the files there."), "Ben", "ben.k@example.com"),
    (("我叫Lina，在上海做设计。", "我的邮箱是lina.w@example.com。"), "Lina", "lina.w@example.com"),
])
def test_an_email_address_is_its_own_item_beside_the_name(mem: EmbeddedMemory, texts: tuple[str, ...],
                                                          name: str, address: str) -> None:
    active = _say(mem, *texts)
    assert [d for d in active if address in d and name not in d.replace(address, "")], active
    assert [d for d in active if name in d and address not in d], active


def test_the_same_address_said_again_is_one_item(mem: EmbeddedMemory) -> None:
    active = _say(mem, "My email is ben.k@example.com.", "Again, my email is ben.k@example.com.")
    assert len([d for d in active if "ben.k@example.com" in d]) == 1, active


def test_an_address_the_item_holds_already_is_no_other_value() -> None:
    old = "User's email is ben.k@example.com"
    said = "my email is ben.k@example.com"
    assert not through_address(old, said, topic("User's email is ben.k@example.com", "en", "User"),
                               topic(old, "en", "User"), "User")
    assert through_address("User is Ben", said, topic("User's email is ben.k@example.com", "en", "User"),
                           topic("User is Ben", "en", "User"), "User")
