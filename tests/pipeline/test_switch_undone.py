"""A thing taken up again ends what replaced it when it stopped ("quit espresso and switched to herbal tea", then
"back on espresso"), never a habit said again since, nor another kind of thing begun with the stop (issue 13 §2)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from _slot_items import live_texts


def _active(tmp_path: Path, texts: list[str]) -> list[str]:
    return live_texts(tmp_path, texts, start=datetime(2026, 2, 1, tzinfo=UTC))


def test_back_on_a_drink_ends_the_drink_switched_to(tmp_path: Path) -> None:
    active = _active(tmp_path, ["I drink espresso every day", "quit espresso and switched to herbal tea",
                                "ok I'm back on espresso, one cup at lunch"])
    assert any("espresso" in d and "quit" not in d for d in active), active
    assert not any("herbal tea" in d for d in active), active


def test_a_chinese_restart_ends_the_drink_taken_instead(tmp_path: Path) -> None:
    active = _active(tmp_path, ["我每天喝奶茶", "奶茶戒了，改喝柠檬水了", "又开始喝奶茶了"])
    assert any("奶茶" in d and "戒" not in d for d in active), active
    assert not any("柠檬水" in d for d in active), active


def test_a_drink_said_again_since_the_stop_stays(tmp_path: Path) -> None:
    active = _active(tmp_path, ["我每天喝奶茶", "奶茶戒了，最近爱上了喝柠檬水", "我每天都喝柠檬水",
                                "又开始喝奶茶了"])
    assert any("柠檬水" in d for d in active), active


def test_another_kind_of_thing_begun_with_the_stop_stays(tmp_path: Path) -> None:
    active = _active(tmp_path, ["I drink espresso every day", "I quit espresso, and I took up climbing",
                                "I'm drinking espresso again"])
    assert any("climb" in d for d in active), active


def test_a_restart_with_nothing_between_ends_only_the_stop(tmp_path: Path) -> None:
    active = _active(tmp_path, ["I love jazz", "I drink espresso every day", "I quit espresso",
                                "I'm drinking espresso again"])
    assert any("jazz" in d for d in active), active
    assert not any("no longer" in d for d in active), active
