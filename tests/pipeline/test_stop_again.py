"""A stop said without its object after a relapse ("算了还是戒了", "quit again for good") is the stop of the habit
the user holds: the relapse is superseded and no own-words item ("用户算了还是戒了") is kept."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.stop_again import elided_stop

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("turns", "key", "stop", "junk"), [
    (["我抽烟抽得凶 一天一包红双喜", "烟戒了 媳妇说怀孕了 不能再抽了", "烟又抽上了 压力太大",
      "算了还是戒了 为了孩子 一根都不抽了"],
     "fact:smoking", "戒烟", "算了"),
    (["I smoke about half a pack a day", "I quit smoking last week", "ugh started smoking again, work stress",
      "ok I quit again, for good this time"], "fact:smoking", "quit", "again"),
    (["我每天都喝酒", "又开始喝酒了", "算了 还是戒了 一滴都不喝了"], "pref:alcohol", "不再", "算了"),
])
def test_the_stop_holds_and_the_relapse_is_history(tmp_path: Path, turns: list[str], key: str, stop: str,
                                                    junk: str) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=20)
    [now] = [text for state, k, text in rows if state == "active" and k == key]
    assert stop in now, rows
    assert not any(state == "active" and k.startswith("gist:") and junk in text for state, k, text in rows), rows
    assert any(state == "superseded" and k == key for state, k, _ in rows), rows


def test_no_habit_held_leaves_the_clause(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["I work at Acme", "ok I quit again, for good this time"], start=START, days_apart=20)
    assert not any(k == "fact:smoking" for _, k, _ in rows), rows


def test_elided_stop_reads_the_verb() -> None:
    assert elided_stop("用户算了还是戒了") == ""
    assert elided_stop("用户一根都不抽了") == "抽"
    assert elided_stop("User quit again for good") == ""
    assert elided_stop("User quit smoking") is None
    assert elided_stop("用户不喜欢香菜") is None


def test_a_bare_stop_of_another_thing_leaves_the_habit(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我每天喝咖啡。", "Energy drinks, I quit for good."], start=START, days_apart=20)
    assert any(state == "active" and k == "pref:coffee" and "不再" not in text for state, k, text in rows), rows


@pytest.mark.parametrize("turns", [
    ["戒烟第十五天，难受得很", "唉，没忍住，又抽上烟了", "俺又戒烟了，这回是真的"],
    ["烟我戒了", "最近压力大，又抽起烟来了", "又戒了，这次一定坚持"],
    ["I quit smoking last month.", "Fell off the wagon, back on the smokes.", "Smoke-free again, for real this time."],
])
def test_a_relapse_cycle_leaves_the_latest_stop(tmp_path: Path, turns: list[str]) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=20)
    active = [text for state, k, text in rows if state == "active" and k == "fact:smoking"]
    assert len(active) == 1 and any(w in active[0] for w in ("戒烟", "quit", "doesn't smoke")), rows


def test_a_bare_stop_with_no_habit_is_no_item(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["又戒了"], start=START, days_apart=20)
    assert not any(state == "active" and "戒" in text for state, _, text in rows), rows
