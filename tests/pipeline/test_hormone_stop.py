"""A tablet or a hormone stopped with its name first ("褪黑素不吃了，改成睡前泡脚") ends the item that says it is
taken, as a drug by its name's ending does ("二甲双胍停了"); a diet given up ("吃素不吃了") is no medicine."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("texts", "name"), [
    (["我开始吃褪黑素了，睡得好点", "褪黑素不吃了，怕有依赖，改成睡前泡脚"], "褪黑素"),
    (["I take melatonin every night", "褪黑素停了"], "melatonin"),
])
def test_a_hormone_stopped_name_first_ends_the_taking(tmp_path: Path, texts: list[str], name: str) -> None:
    rows = active(slot_items(tmp_path, texts, start=START, days_apart=30))
    taking = [d for k, d in rows if k.startswith("fact:medication") and name in d and ("停" not in d)]
    assert not taking, rows


def test_a_diet_given_up_is_no_medicine(tmp_path: Path) -> None:
    rows = active(slot_items(tmp_path, ["我吃素三年了", "吃素不吃了，太难坚持"], start=START, days_apart=30))
    assert not any(k.startswith("fact:medication") for k, _ in rows), rows
