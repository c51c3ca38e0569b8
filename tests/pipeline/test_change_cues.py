"""The cue files of the change readers compiled (``change_cues``), the clause a value stands in, and the readers
that share them keeping their readings in both languages."""

from __future__ import annotations

import re

import pytest

from memory_core.pipeline.arrival import arrival_place
from memory_core.pipeline.change_cues import MARKS, clause_at, many, off_cues, one
from memory_core.pipeline.count_change import said_count
from memory_core.pipeline.frequency_change import said_change
from memory_core.pipeline.lease_move import leased_place
from memory_core.shipped_yaml import load_shipped

DATA = {"en": {"p": ["mov(?:ed|ing) to", "relocat\\w+"], "w": "Moving"}, "zh": {"p": ["搬到"], "w": "下个月"},
        "asked": "should i|要不要", "other": "my (?:uncle|friend)|我朋友"}


def test_many_keeps_each_languages_patterns_in_order_case_blind() -> None:
    found = many(DATA, "p")
    assert [p.pattern for p in found["en"]] == ["mov(?:ed|ing) to", "relocat\\w+"]
    assert found["en"][0].search("MOVED TO Denver") and found["zh"][0].search("我搬到杭州了")


def test_one_takes_the_flags_given() -> None:
    assert one(DATA, "w")["en"].search("moving on the 25th")
    assert one(DATA, "w", flags=0)["en"].search("moving on the 25th") is None


def test_a_missing_name_is_a_packaging_fault() -> None:
    with pytest.raises(KeyError):
        many(DATA, "nothing")


@pytest.mark.parametrize(("before", "off"), [
    ("Should I sell some and keep ", True),
    ("My uncle sold most, keeping ", True),
    ("要不要搬到", True),
    ("我朋友搬到", True),
    ("Sold 150, keeping ", False),
    ("下个月搬到", False),
])
def test_off_reads_a_question_or_another_person(before: str, off: bool) -> None:
    assert off_cues(DATA).said(before) is off


@pytest.mark.parametrize(("text", "at", "clause"), [
    ("到北京了，住闺女家附近租的一居室，在朝阳区", 7, "住闺女家附近租的一居室"),
    ("Signed a lease in Swords. Moving on the 25th", 18, "Signed a lease in Swords"),
    ("finally here in Denver", 16, "finally here in Denver"),
    ("我们搬家了；新家在滨江", 9, "新家在滨江"),
])
def test_clause_at_is_bounded_by_the_marks(text: str, at: int, clause: str) -> None:
    start, end = clause_at(text, at)
    assert text[start:end] == clause
    assert not any(mark in text[start:end] for mark in MARKS)


@pytest.mark.parametrize("name", ["arrival.yaml", "lease_move.yaml", "frequency_change.yaml", "count_change.yaml"])
def test_the_shipped_cue_files_have_the_shape(name: str) -> None:
    off = off_cues(load_shipped("data", name))
    assert isinstance(off.asked, re.Pattern) and isinstance(off.other, re.Pattern)


@pytest.mark.parametrize(("read", "text", "found"), [
    (lambda t: arrival_place(t, "zh"), "到北京了，住闺女家附近租的一居室，在朝阳区", "北京"),
    (lambda t: arrival_place(t, "zh"), "我朋友到北京了，住闺女家附近租的一居室", ""),
    (lambda t: arrival_place(t, "en"), "Finally here in Denver, the new apartment is in Capitol Hill", "Denver"),
    (lambda t: leased_place(t)[0], "Signed a lease in Swords, two bed apartment. Moving on the 25th of June",
     "Swords"),
    (lambda t: leased_place(t)[0], "My sister signed a lease in Swords", ""),
    (lambda t: leased_place(t)[0], "签了滨江的房子，下个月搬", "滨江"),
    (lambda t: said_change(t)[0][1] if said_change(t) else "", "医生说理疗可以改成一周一次", "一周一次"),
    (lambda t: said_count(t)[0][1] if said_count(t) else "", "Should I sell some of the sheep and keep 40?", ""),
])
def test_the_readers_on_the_shared_cues(read: object, text: str, found: str) -> None:
    assert callable(read)
    assert read(text) == found
