"""A contact detail said with a request to use it keeps both (F18), English and Chinese.

"My phone number is +44 7700 900123, text me there." stored only "prefers to be contacted by text":
the request and the number were read as one clause, and the slot engine's contact preference left
the number unread. The request is its own clause now (``clauses._EN_CLAUSE``).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Turn
from memory_core.service import Memory

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("said", "detail", "question"), [
    ("My phone number is +44 7700 900123, text me there.", "+44 7700 900123", "what's my phone number?"),
    ("My phone number is +44 7700 900123 and you can text me there.", "+44 7700 900123", "what's my phone number?"),
    ("My email is sam.lee@example.com, email me there.", "sam.lee@example.com", "what's my email address?"),
    ("My number is 07700 900123, please call me anytime.", "07700 900123", "what's my phone number?"),
    ("我手机号是13812345678，有事发短信给我。", "13812345678", "我的手机号是多少？"),
    ("我的邮箱是zhou@example.com，有文件就发邮件给我。", "zhou@example.com", "我的邮箱是什么？"),
])
def test_the_detail_is_a_fact_beside_the_request(memory: Memory, said: str, detail: str, question: str) -> None:
    memory.ingest([Turn(user_id="u", turn_id="t0", session_id="s", role="user", text=said, timestamp=T0)])
    facts = [i.description for i in memory.store.list_items("u") if i.kind != "event"]
    assert any(detail in d for d in facts), facts
    top = [r.item.description for r in memory.recall("u", question).results[:3]]
    assert any(detail in d for d in top), top


@pytest.mark.parametrize(("said", "first"), [
    ("My phone number is 555 0100, text me there.", "My phone number is 555 0100"),
    ("My email is a@b.co and you can email me there.", "My email is a@b.co"),
    ("I love hiking and my sister loves it too.", "I love hiking"),
])
def test_a_contact_request_is_its_own_clause(said: str, first: str) -> None:
    from memory_core.pipeline.clauses import split_clauses

    clauses = [c for c, _ in split_clauses(said)]
    assert clauses[0].strip(" ,.") == first and len(clauses) == 2, clauses
