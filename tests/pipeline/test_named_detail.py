"""A turn opening on a person the user named before adds no detail to the user's own item: "Dave's running the
Boston marathon next year" after "my husband Dave" is no detail of the user's running (issue 13 §3)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)
ENGAGED, RUNNING = "我和男朋友阿杰订婚啦！", "我最近开始跑步了，每天跑五公里"


@pytest.mark.parametrize(("texts", "own", "theirs"), [
    (["My husband Dave does marathons.", "ok fine I started running, did 2 miles this morning",
      "Dave's running the Boston marathon next year, he's so pumped"], "running", "Boston"),
    ([ENGAGED, RUNNING, "阿杰的跑步更猛，明年要跑北京马拉松"], "跑步", "北京"),
    ([ENGAGED, RUNNING, "阿杰下个月要跑北京马拉松，他超兴奋"], "男朋友", "北京"),
])
def test_a_named_persons_news_is_no_detail_of_the_users_item(tmp_path: Path, texts: list[str], own: str,
                                                              theirs: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=10)
    mine = [text for key, text in active(rows) if "/" not in key and own in text]
    assert mine, rows
    assert not any(theirs in text for text in mine), rows


def test_the_users_own_words_after_the_name_still_add_a_detail(tmp_path: Path) -> None:
    texts = ["My husband Dave does marathons.", "I started running last week, 2 miles a day",
             "Dave and I ran 5 miles by the river today, I'm running 4 times a week now"]
    rows = slot_items(tmp_path, texts, start=START, days_apart=10)
    assert any("4 times a week" in text for key, text in active(rows) if "/" not in key), rows
