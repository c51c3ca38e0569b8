"""An allergy's value and text stop at the clause's end, in both languages (trial 36, finding 5).

"I'm allergic to penicillin so if you ever suggest meds keep that in mind" is an allergy to penicillin; what follows
"so", "and you …", 所以 or 但是 is no part of it.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


@pytest.mark.parametrize(("said", "key", "text"), [
    ("long day. Also btw I'm allergic to penicillin so if you ever suggest meds keep that in mind. anyway",
     "fact:allergy:penicillin", "User is allergic to penicillin"),
    ("I'm allergic to shellfish and you should know that", "fact:allergy:shellfish", "User is allergic to shellfish"),
    ("I'm allergic to peanuts so please don't suggest satay", "fact:allergy:peanuts", "User is allergic to peanuts"),
    ("我对花生过敏所以别推荐花生酱", "fact:allergy:peanuts", "用户对花生过敏"),
    ("我对芒果过敏但是很爱吃", "fact:allergy:芒果", "用户对芒果过敏"),
])
def test_the_allergy_stops_at_the_clause_end(said: str, key: str, text: str) -> None:
    items = [(k, d) for s, k, d in planned_items([said], timedelta(days=1)) if s == "active"]
    assert (key, text) in items, items


@pytest.mark.parametrize(("said", "kept"), [
    ("At my job we use, like, Asana and Slack and way too much Confluence", "we use, like, Asana"),
    ("Big week - my grandma moved in with us! She's 88.", "grandma moved in with us"),
])
def test_a_comma_or_a_dash_ends_no_clause_kept_as_said(said: str, kept: str) -> None:
    items = [d for s, k, d in planned_items([said], timedelta(days=1)) if s == "active"]
    assert any(kept in d for d in items), items
