"""Chat asides about the telling stay out of stored facts, and a sensitive mask covers the value only (issue 13,
issue 19: memory_core/pipeline/chat_aside.py, sensitive_health.py, sensitive_predicate.py, sensitive_bound.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.chat_aside import without_chat_asides
from memory_core.shown import shown_text


@pytest.mark.parametrize(("text", "plain"), [
    ("I'm allergic to sulfa drugs, forgot to mention", "I'm allergic to sulfa drugs"),
    ("forgot to mention, I'm allergic to latex", "I'm allergic to latex"),
    ("I live in Leeds by the way.", "I live in Leeds."),
    ("对了，忘了说，我对青霉素过敏", "对了，我对青霉素过敏"),
    ("我对青霉素过敏，忘了说了", "我对青霉素过敏"),
    ("I forgot to mention my keys", "I forgot to mention my keys"),  # what was forgotten: no aside
    ("btw", "btw"),  # nothing but the aside: left as said
    ("I'm allergic to penicillin so keep that in mind", "I'm allergic to penicillin"),
    ("I'm vegetarian, please remember that", "I'm vegetarian"),
    ("我对青霉素过敏，记住啊", "我对青霉素过敏"),
    ("我不吃香菜，你记一下", "我不吃香菜"),
    ("I keep it in the fridge", "I keep it in the fridge"),  # no request to remember
    ("我记住了他的电话", "我记住了他的电话"),
])
def test_an_aside_about_the_telling_is_not_read(text: str, plain: str) -> None:
    assert without_chat_asides(text) == plain


@pytest.mark.parametrize("text", ["I'm allergic to sulfa drugs, forgot to mention", "忘了说，我对花粉过敏",
                                  "I'm allergic to penicillin so keep that in mind"])
def test_the_stored_fact_keeps_no_aside(text: str) -> None:
    facts = [d for s, _, d in planned_items([text], timedelta(days=1)) if s == "active"]
    assert facts and not any("forgot" in d or "忘了说" in d or "in mind" in d for d in facts), facts


@pytest.mark.parametrize(("text", "shown"), [
    ("user: I'm allergic to penicillin btw, found out the hard way years ago",
     "user: I'm allergic to [health] btw, found out the hard way years ago"),
    ("she put User on metformin 10mg twice a day", "she put User on [health] [health] twice a day"),
    ("User takes lisinopril 10mg once a day", "User takes [health] [health] once a day"),
    ("I take 500mg twice a day", "I take [health] twice a day"),
    ("User is allergic to sulfa drugs, forgot to mention", "User is allergic to [health], forgot to mention"),
    ("user: I'm allergic to penicillin, keep that in mind", "user: I'm allergic to [health], keep that in mind"),
    ("user: I'm allergic to penicillin keep that in mind", "user: I'm allergic to [health] keep that in mind"),
    ("User is allergic to peanuts, shellfish and latex", "User is allergic to [health]"),
])
def test_a_mask_covers_the_value_only(text: str, shown: str) -> None:
    assert shown_text(text) == shown
