"""A supposition after its subject ("我要是中了彩票就买一艘游艇") or behind a laugh or joke opener
("哈哈，…", "lol imagine if …", "开玩笑的，…") states nothing about the user."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

START = datetime(2026, 2, 1, 20, tzinfo=UTC)


@pytest.mark.parametrize(
    "text",
    [
        "哈哈，我要是中了彩票就买一艘游艇",
        "开玩笑的，我要是中了彩票就去冰岛住",
        "我如果有钱了就去环游世界",
        "嘿嘿，我假如是百万富翁就辞职",
        "lol imagine if I was a millionaire, I'd buy a yacht",
        "haha if I won the lottery I'd buy a boat",
    ],
)
def test_a_supposition_stores_no_fact(tmp_path: Path, text: str) -> None:
    rows = [row for row in slot_items(tmp_path, [text], start=START, days_apart=1) if not row[1].startswith("event:")]
    assert rows == []


def test_a_plain_statement_beside_it_is_still_read(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我住在北京", "哈哈我要是中了彩票就搬去冰岛"], start=START, days_apart=1)
    assert [(s, t) for s, k, t in rows if not k.startswith("event:")] == [("active", "用户住在北京")]
