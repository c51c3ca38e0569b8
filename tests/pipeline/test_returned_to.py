"""A return to an employer, home or school held before ("还是回美团了", "went back to my old job at Acme") makes it
current again, the later value kept as history; a negation said with a new value never becomes the value, and a
return to somewhere never held changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.returned_to import return_values

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("turns", "back", "gone"), [
    (["我在美团送外卖", "我也换到饿了么了", "还是回美团了 美团专送 有保险"], "美团", "饿了么"),
    (["我在腾讯上班", "我跳槽去阿里工作了", "又回腾讯上班了，还是老东家好"], "腾讯", "阿里"),
    (["I work at Acme as a line cook", "I just joined Husk, new job!", "went back to my old job at Acme"],
     "Acme", "Husk"),
    (["I work at Nopa in SF", "I left Nopa, I work at Husk now", "back at Nopa again, feels like home"],
     "Nopa", "Husk"),
    (["我住在北京", "我搬到上海了", "又回北京了，还是北京好"], "北京", "上海"),
])
def test_the_earlier_value_is_current_again(tmp_path: Path, turns: list[str], back: str, gone: str) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=30)
    active = [text for state, key, text in rows if state == "active" and key.startswith("fact:")]
    assert any(back in text for text in active), rows
    assert not any(gone in text for text in active), rows
    assert any(state == "superseded" and gone in text for state, _, text in rows), rows  # kept as history


def test_a_negation_is_no_value_after_a_return(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我在美团送外卖", "不对 我早就不在美团了 现在跑饿了么", "还是回美团了"],
                      start=START, days_apart=30)
    [now] = [text for state, key, text in rows if state == "active" and key == "fact:works_at"]
    assert "美团" in now and "不在" not in now, rows


@pytest.mark.parametrize("turns", [
    ["I work at Acme", "went back to bed, so tired"],
    ["我在腾讯上班", "回老家了，过年"],
    ["I work at Acme", "I'm back at Acme after the holidays"],
])
def test_no_earlier_value_changes_nothing(tmp_path: Path, turns: list[str]) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=30)
    assert not any(state == "superseded" for state, key, _ in rows if key.startswith("fact:")), rows


def test_return_values_reads_the_words_after_the_return() -> None:
    assert return_values("还是回美团了 美团专送") == [("美团", True)]
    assert return_values("went back to my old job at Acme Corp, finally") == [("Acme Corp", False)]
    assert return_values("回家吃饭") == []
