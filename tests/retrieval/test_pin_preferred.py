"""A bare PIN question prefers the values stored as PINs to a locker's or a door's code, English and
Chinese (``sensitive.pin_preferred``, ``withheld.preferred``); a keypad code is still shown when it is all
there is, and to a question naming its thing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import MemoryItem
from memory_core.pipeline.sensitive import SENSITIVE_THEME, pin_preferred
from memory_core.retrieval.index import RecallResult
from memory_core.retrieval.withheld import preferred

T0 = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("question", "description", "expected"), [
    ("what's my PIN?", "Ann's phone PIN is 4417", True),
    ("what's my PIN?", "Ann's bank card PIN is 5521", True),
    ("what's my PIN?", "The gym locker code is 0090", False),
    ("what's my PIN?", "My locker PIN is 0090", True),  # called a PIN: it is one
    ("what's my PIN?", "I take metformin every morning.", None),
    ("what's my locker code?", "The gym locker code is 0090", None),
    ("what's my locker PIN?", "The gym locker code is 0090", None),  # its thing named: not a bare PIN question
    ("我的PIN码是多少？", "Ann的手机PIN码是 4417", True),
    ("我的PIN是多少？", "健身房储物柜密码是 0090", False),
    ("我的储物柜密码是多少？", "健身房储物柜密码是 0090", None),
])
def test_a_bare_pin_question_marks_pins_and_keypad_codes(question: str, description: str,
                                                         expected: bool | None) -> None:
    assert pin_preferred(question, description) is expected


def _result(n: int, text: str) -> RecallResult:
    item = MemoryItem.create("ann", text, SENSITIVE_THEME, at=T0, turn_id=f"t{n}")
    return RecallResult(item, score=10.0 - n, bm25=1.0, rank=n + 1)


@pytest.mark.parametrize("question", ["what's my PIN?", "我的PIN是多少？"])
def test_keypad_codes_give_way_to_a_pin_and_are_shown_when_no_pin_is_found(question: str) -> None:
    locker, phone, other = (_result(0, "The gym locker code is 0090"), _result(1, "My phone PIN is 4417"),
                            _result(2, "Ann likes tea"))

    def better(r: RecallResult) -> bool | None:
        return pin_preferred(question, r.item.description) if "tea" not in r.item.description else None

    kept = preferred([locker, phone, other], better)
    assert [r.item.description for r in kept] == ["My phone PIN is 4417", "Ann likes tea"]
    assert [r.rank for r in kept] == [1, 2]
    alone = preferred([locker, other], better)
    assert [r.item.description for r in alone] == ["The gym locker code is 0090", "Ann likes tea"]
