"""A request that the assistant stop offering something ("don't suggest steakhouses", 别给我推荐牛排馆了) is a
standing instruction of the user's, never a habit of theirs ("User doesn't suggest steakhouses"), in English and
Chinese; said after a fact with "so"/所以, the fact is kept clean of it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.rules import match_clause

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("clause", "lang"), [
    ("Don't suggest steakhouses to me", "en"),
    ("Please never recommend sushi places", "en"),
    ("stop sending me workout plans", "en"),
    ("don't bring up my ex again", "en"),
    ("别给我推荐牛排馆了", "zh"),
    ("所以不要给我订早班机", "zh"),
    ("你别老是给我发健身计划", "zh"),
])
def test_a_request_to_stop_offering_is_a_standing_rule(clause: str, lang: str) -> None:
    hit = match_clause(clause, lang, allow_rules=True)
    assert hit is not None and hit.rule.slot == "rule"
    assert match_clause(clause, lang, allow_rules=False) is None or match_clause(
        clause, lang, allow_rules=False).rule.slot != "rule"


@pytest.mark.parametrize(("clause", "lang"), [
    ("Never ordered from there", "en"),
    ("I never booked a table there", "en"),
    ("I don't eat pork", "en"),
    ("我不要辣的", "zh"),
    ("别跟我客气", "zh"),
])
def test_a_statement_or_a_pleasantry_is_no_rule(clause: str, lang: str) -> None:
    hit = match_clause(clause, lang, allow_rules=True)
    assert hit is None or hit.rule.slot != "rule"


def test_so_dont_is_a_clause_of_its_own() -> None:
    clauses = [c for c, _ in split_clauses("I'm lactose intolerant so skip the latte suggestions pls")]
    assert clauses[0].rstrip(" .") == "I'm lactose intolerant"
    clauses = [c for c, _ in split_clauses("I'm vegetarian so don't suggest steakhouses")]
    assert "don't suggest steakhouses" in clauses


@pytest.mark.parametrize(("texts", "fact", "rule", "junk"), [
    (["I'm vegetarian so don't suggest steakhouses."], "vegetarian", "suggest steakhouses", "User doesn't suggest"),
    (["Don't recommend sushi places to me, I hate raw fish."], "raw fish", "recommend sushi",
     "User doesn't recommend"),
    (["I'm lactose intolerant so skip the latte suggestions pls."], "lactose intolerant", None, "latte"),
    (["我乳糖不耐受，所以别给我推荐拿铁了。"], "乳糖", "别给我推荐拿铁", "用户不推荐"),
    (["我是素食者，别再给我推荐烤肉店了。"], "素食", "推荐烤肉店", "用户不推荐"),
])
def test_the_fact_and_the_request_are_each_their_own_item(tmp_path: Path, texts: list[str], fact: str,
                                                          rule: str | None, junk: str) -> None:
    rows = [(state, key, text) for state, key, text in slot_items(tmp_path, texts, start=START, days_apart=1)
            if state == "active"]
    facts = [text for _, key, text in rows if not key.startswith("rule:")]
    rules = [text for _, key, text in rows if key.startswith("rule:")]
    assert any(fact in text for text in facts), rows
    assert not any(junk in text for text in facts), rows
    if rule is not None:
        assert any(rule in text for text in rules), rows
