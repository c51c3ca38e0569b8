"""A late, older restatement of a value stored as history is a hit on it (issue 13, W11).

A February turn ingested after the July ones says the employer of March again: the March item (superseded
in April) gains a hit and a source; no second superseded item with the same text appears. A late turn with
a value never said before is still stored as history of its own.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline


def _items(turns: list[tuple[str, str]]) -> list[tuple[str, str, int, tuple[str, ...]]]:
    """(status, description, hit, sources) of the ``fact:works_at`` items ``turns`` ((day, text), applied in the
    order given) leave."""
    store, pipeline = DictStore(), WritePipeline()
    for n, (day, text) in enumerate(turns):
        at = datetime.fromisoformat(day).replace(tzinfo=UTC)
        store.apply("u1", pipeline.plan(Turn("u1", f"t{n}", "s", "user", text, at), store))
    return [
        (str(i.status), i.description, i.hit, tuple(i.source))
        for i in store.list_items("u1", statuses=None)
        if i.key == "fact:works_at"
    ]


@pytest.mark.parametrize(
    "late",
    [
        ("2026-02-01T19:00", "I live in Columbus and I work at Lincoln Middle, been there 5 years"),
        ("2026-03-20T19:00", "I work at Lincoln Middle"),
    ],
)
def test_a_late_restatement_is_a_hit_on_the_history_item(late: tuple[str, str]) -> None:
    items = _items(
        [
            ("2026-03-01T10:00", "I work at Lincoln Middle, teaching 7th grade science"),
            ("2026-04-01T10:00", "I started at Westerville Central this week, new job"),
            late,
        ]
    )
    lincoln = [i for i in items if "Lincoln" in i[1]]
    assert len(lincoln) == 1 and lincoln[0][0] == "superseded", items
    assert lincoln[0][2] == 1 and "t2" in lincoln[0][3], items
    assert [i[1] for i in items if i[0] == "active"] == ["User works at Westerville Central"], items


def test_a_late_value_never_said_is_history_of_its_own() -> None:
    items = _items(
        [
            ("2026-03-01T10:00", "I work at Lincoln Middle"),
            ("2026-04-01T10:00", "I started at Westerville Central"),
            ("2026-01-10T10:00", "I work at Kroger"),
        ]
    )
    assert [(s, d) for s, d, _, _ in items if "Kroger" in d] == [("superseded", "User works at Kroger")], items
