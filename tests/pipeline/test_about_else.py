"""A sentence that names a person while saying something else is no confirmation of the person's item
(trial 41, finding 11)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline, edit_guard
from memory_core.pipeline.about_else import about_else
from memory_core.pipeline.gist import topic
from memory_core.store.write_ops import HitOp, UpdateOp

START = datetime(2025, 1, 14, tzinfo=UTC)


@pytest.mark.parametrize(("first", "then"), [
    ("老公叫阿Ken，佢係IT，喺銀行做system admin", "阿Ken最後都冇養狗，佢自己都話太忙"),
    ("我老公叫阿伟，在银行上班", "阿伟最后还是没买车，说油价太贵"),
    ("My husband is called Ken, he works at a bank", "Ken never got the dog in the end, said he was too busy"),
])
def test_a_passing_name_is_no_hit_on_the_persons_item(first: str, then: str) -> None:
    store, pipeline = DictStore(), WritePipeline()
    store.apply("u1", pipeline.plan(Turn("u1", "t0", "s", "user", first, START), store))
    person = [i.id for i in store.list_items("u1")
              if i.kind != "event" and ("Ken" in i.description or "阿伟" in i.description)]
    assert person  # the husband's item, named
    ops = pipeline.plan(Turn("u1", "t1", "s", "user", then, START + timedelta(days=300)), store)
    touched = {op.item_id for op in ops if isinstance(op, HitOp | UpdateOp)}
    assert touched.isdisjoint(person)


@pytest.mark.parametrize(("said", "item", "lang", "expected"), [
    ("阿Ken最后都没有养狗", "用户的老公是阿Ken", "zh", True),
    ("Ken never got the dog in the end", "User's husband is Ken", "en", True),
    ("我女儿叫朵朵", "用户有个女儿", "zh", False),  # both about the daughter: the name is a detail of her
    ("My daughter is called Lily", "User has a daughter", "en", False),
])
def test_about_else_by_the_anchors(said: str, item: str, lang: str, expected: bool) -> None:
    assert about_else(topic(said, lang), topic(item, lang)) is expected


def test_a_refused_edit_is_logged_at_debug_and_counted(caplog: pytest.LogCaptureFixture) -> None:
    before = edit_guard.refused_edits()
    with caplog.at_level(logging.DEBUG, logger=edit_guard.__name__):
        ops = edit_guard.guarded_edits("I moved to Porto", [UpdateOp("i1", "r", new_description="User lives in Oslo")],
                                       {"i1": "User lives in Lisbon"})
    assert ops == []
    assert edit_guard.refused_edits() == before + 1
    assert [r.levelno for r in caplog.records if "refused" in r.getMessage()] == [logging.DEBUG]
