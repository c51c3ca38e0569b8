"""What a sensitive value belongs to (memory_core/pipeline/sensitive_kind.py), English and Chinese: the thing
a code opens, a card's security code as card data, and which values a question naming a thing may see."""

from __future__ import annotations

import pytest

from memory_core.pipeline.sensitive import asked_categories, detect, mask, masked_unless_asked, may_show
from memory_core.pipeline.sensitive_kind import asked_things, shows


def _found(text: str) -> list[tuple[str, str, str]]:
    return [(f.category, f.thing, f.value) for f in detect(text)]


@pytest.mark.parametrize(("text", "thing", "value"), [
    ("my phone PIN is 204816", "phone", "204816"),
    ("the gym locker code is 4711", "locker", "4711"),
    ("front door keypad code: 3391", "door", "3391"),
    ("4711 opens my locker", "locker", "4711"),
    ("The PIN for my bank card is 4821", "bank", "4821"),
    ("my Gmail password is Tr0ub4dor&3", "email", "Tr0ub4dor&3"),
    ("我手机解锁密码是 204816", "phone", "204816"),
    ("健身房储物柜密码是 4711", "locker", "4711"),
    ("我的银行卡密码是 4821", "bank", "4821"),
    ("快递柜取件码 556677", "parcel", "556677"),
    ("保险箱密码是 902211", "safe", "902211"),
])
def test_a_value_belongs_to_the_thing_named_nearest_before_it(text: str, thing: str, value: str) -> None:
    assert any(t == thing and v == value for _, t, v in _found(text)), _found(text)


def test_two_values_in_one_sentence_belong_to_their_own_things() -> None:
    text = "my phone PIN is 204816 and the locker code is 4711"
    assert {(t, v) for _, t, v in _found(text)} == {("phone", "204816"), ("locker", "4711")}
    zh = "手机密码是 204816，储物柜密码是 4711"
    assert {(t, v) for _, t, v in _found(zh)} == {("phone", "204816"), ("locker", "4711")}


@pytest.mark.parametrize(("text", "value"), [
    ("The CVV on my Visa is 593", "593"),
    ("the security code on the back of my Visa is 417", "417"),
    ("CVV 093, exp 07/29", "093"),
    ("信用卡背面的安全码是 593", "593"),
    ("卡的CVV码是 417", "417"),
])
def test_a_cards_security_code_is_card_data_not_a_code(text: str, value: str) -> None:
    assert ("card", "cvv", value) in _found(text)
    assert "[cvv]" in mask(text) and value not in mask(text)  # its own label, not the card number's


@pytest.mark.parametrize("text", ["card 4111 1111 1111 1111 exp 12/28 cvv 737",
                                  "信用卡 4111 1111 1111 1111，安全码 737"])
def test_a_card_number_and_its_cvv_are_masked_with_their_own_labels(text: str) -> None:
    shown = mask(text)
    assert shown.count("[card]") == 1 and shown.count("[cvv]") == 1 and "737" not in shown


@pytest.mark.parametrize(("query", "things"), [
    ("what's my phone PIN?", {"phone"}),
    ("我手机解锁密码是多少", {"phone"}),
    ("what is my card's CVV?", {"cvv"}),          # the card names the CVV's thing
    ("我信用卡的安全码是多少", {"cvv"}),
    ("what is my bank card number?", {"bank"}),
    ("what is my PIN?", set()),
])
def test_the_things_a_question_names(query: str, things: set[str]) -> None:
    assert asked_things(query) == things


@pytest.mark.parametrize(("query", "kinds"), [
    ("what's my phone PIN?", {"code"}),
    ("我手机解锁密码是多少", {"code"}),
    ("what is my card's CVV?", {"card"}),
    ("我信用卡的安全码是多少", {"card"}),
])
def test_a_cvv_question_asks_for_card_data(query: str, kinds: set[str]) -> None:
    assert asked_categories(query) == kinds


PHONE = "My phone PIN is 204816."
LOCKER = "My gym locker code is 4711."
CVV = "The CVV on my Visa is 593."
CARD = "My Visa card number is 4111 1111 1111 1111."


@pytest.mark.parametrize(("query", "shown", "hidden"), [
    ("what's my phone PIN?", [PHONE], [LOCKER, CVV, CARD]),
    ("what is my phone password?", [PHONE], [LOCKER, CVV, CARD]),   # a device's code is asked for either way
    ("what is my locker code?", [LOCKER], [PHONE, CVV, CARD]),
    ("what is my card's CVV?", [CVV], [PHONE, LOCKER, CARD]),
    ("what is my card number?", [CARD], [PHONE, LOCKER, CVV]),
    ("what is my PIN?", [PHONE, LOCKER], [CVV, CARD]),  # no thing named: every code
])
def test_a_question_naming_a_thing_sees_only_that_things_values(query: str, shown: list[str],
                                                                hidden: list[str]) -> None:
    for text in shown:
        assert may_show(query, text), (query, text)
    for text in hidden:
        assert not may_show(query, text), (query, text)


@pytest.mark.parametrize(("query", "shown", "hidden"), [
    ("我手机解锁密码是多少", ["我手机解锁密码是 204816"], ["健身房储物柜密码是 4711", "信用卡背面的安全码是 593"]),
    ("储物柜密码是多少", ["健身房储物柜密码是 4711"], ["我手机解锁密码是 204816", "信用卡背面的安全码是 593"]),
    ("我信用卡的安全码是多少", ["信用卡背面的安全码是 593"], ["我手机解锁密码是 204816", "健身房储物柜密码是 4711"]),
])
def test_a_chinese_question_naming_a_thing_sees_only_that_things_values(query: str, shown: list[str],
                                                                        hidden: list[str]) -> None:
    for text in shown:
        assert may_show(query, text), (query, text)
    for text in hidden:
        assert not may_show(query, text), (query, text)


def test_a_turn_holding_two_things_codes_shows_only_the_one_asked_for() -> None:
    text = "my phone PIN is 204816 and the locker code is 4711"
    shown = masked_unless_asked("what's my phone PIN?", text)  # a code is WITHHELD even when asked
    assert "204816" not in shown and "4711" not in shown and shown.count("[code]") == 2
    for question in ("what's my phone PIN?", "我手机的解锁密码是多少"):
        assert may_show(question, "my phone PIN is 204816") and not may_show(question, "my locker code is 4711")


def test_shows_needs_the_category_and_the_same_thing() -> None:
    assert shows("code", "phone", {"code"}, frozenset({"phone"}))
    assert not shows("code", "locker", {"code"}, frozenset({"phone"}))
    assert shows("code", "", {"code"}, frozenset({"phone"}))       # a code that names no thing may be the phone's
    assert shows("secret", "phone", {"code"}, frozenset({"phone"}))  # a device's password answers its PIN
    assert not shows("secret", "email", {"code"}, frozenset({"locker"}))
    assert shows("health", "", {"health"}, frozenset({"phone"}))
