"""A stay is no home: it lasts the length it says and ends when the user says they are back (issue 13 §2).

An arrival ("到三亚了", "just landed in Osaka"), a stay at a relative's ("去北京闺女家住") or "for the month" is a
temporary state: its event is valid for the length said (``stay_length``) and the home is unchanged; "回大连了",
"back in Boston" end it then (``trip_end``).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore, planned_items

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.extract import TEMPORARY_DAYS, MechanicalExtractor
from memory_core.pipeline.stay_length import stay_days
from memory_core.pipeline.trip_end import says_trip_over

AT = datetime(2026, 2, 1, 18, tzinfo=UTC)


def _event_days(text: str) -> float | None:
    cands = MechanicalExtractor().extract(Turn("u1", "t1", "s", "user", text, AT))
    event = next(c for c in cands if c.is_event)
    return None if event.valid_until is None else (event.valid_until - AT) / timedelta(days=1)


@pytest.mark.parametrize(("text", "days"), [
    ("renting an Airbnb in Lisbon for the month", 31),
    ("just landed in Osaka, staying two weeks with her cousins", 14),
    ("到三亚了，在三亚湾租的公寓", TEMPORARY_DAYS),
    ("下周去上海儿子家住一个月", 31),
    ("决定十月底去北京闺女家住到她生完孩子", 92),
])
def test_a_stay_is_temporary_for_the_length_it_says(text: str, days: int) -> None:
    assert _event_days(text) == days


@pytest.mark.parametrize("text", [
    "I live in Boston, in Somerville",
    "搬到女儿家住了",  # a move, not a stay
    "到月底了，房租还没交",
    "I've lived in Lisbon for two months now",
])
def test_no_stay_is_read_in_a_lasting_statement(text: str) -> None:
    assert _event_days(text) is None


@pytest.mark.parametrize(("text", "lang", "days"), [
    ("spending a couple of weeks at my aunt's", "en", 14),
    ("here for the summer", "en", 92),
    ("two weeks ago I went to Rome", "en", None),
    ("在这边待半个月", "zh", 15),
    ("住两个多月", "zh", 61),
    ("我住在大连", "zh", None),
])
def test_stay_days_reads_the_length_said(text: str, lang: str, days: int | None) -> None:
    assert stay_days(text, lang) == days


@pytest.mark.parametrize(("text", "over"), [
    ("回大连了，还是家里舒服", True),
    ("我们昨天回到杭州了", True),
    ("终于回家了", True),
    ("back in Boston, what a trip", True),
    ("flew back to Leeds last night", True),
    ("I'm back in Denver", True),
    ("回老家过年了", False),  # a trip begun, not ended
    ("回复了他的邮件", False),
    ("他回北京了", False),  # someone else's return
    ("back to work tomorrow", False),
    ("got back to the office at ten", False),
])
def test_a_return_ends_a_stay(text: str, over: bool) -> None:
    assert says_trip_over(text) is over


@pytest.mark.parametrize(("texts", "home", "away"), [
    (["我住在大连", "到三亚了，在三亚湾租的公寓", "回大连了"], "大连", "三亚"),
    (["I live in Boston", "renting an Airbnb in Lisbon for the month", "back home"], "Boston", "Lisbon"),
    (["我家在大连", "决定十月底去北京闺女家住到她生完孩子"], "大连", "北京"),
])
def test_the_home_is_kept_through_a_stay(texts: list[str], home: str, away: str) -> None:
    items = planned_items(texts, timedelta(days=1))
    active = [d for s, k, d in items if s == "active" and k.startswith("fact:lives_in")]
    assert any(home in d for d in active), items
    assert not any(away in d for s, _, d in items if s == "active"), items


@pytest.mark.parametrize("texts", [
    ["我住在大连", "到三亚了，在三亚湾租的公寓", "回大连了"],
    ["I live in Leeds", "just landed in Osaka, staying two weeks", "flew back to Leeds last night"],
])
def test_a_return_ends_the_stay_event_then(texts: list[str]) -> None:
    store, pipeline = DictStore(), WritePipeline()
    for n, text in enumerate(texts):
        store.apply("u1", pipeline.plan(Turn("u1", f"t{n}", "s", "user", text, AT + timedelta(days=n)), store))
    stay = next(i for i in store.list_items("u1", statuses=None) if i.kind == "event" and texts[1] in i.description)
    assert stay.valid_until == AT + timedelta(days=2)
