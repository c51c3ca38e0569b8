"""An activity stopped by its verb alone ("不游了") and then resumed ("重新开始游泳了", "又跑了") leaves the resumption
the one active statement: the stop is said with the activity's name, so it is keyed as the activity is."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory

CASES = [
    ("zh", ["我每周去游三次泳。", "游泳卡到期了我就没续，不游了。", "这个月又办了张卡，重新开始游泳了。"],
     "不游", "游泳"),
    ("zh", ["我以前每天跑步。", "膝盖受伤了，不跑了。", "膝盖好了，又开始跑步了。"], "不跑", "跑步"),
    ("zh", ["我周末常去爬山。", "太累了，不爬了。", "最近又开始爬山了，空气好。"], "不爬", "爬山"),
    ("en", ["I swim three times a week.", "My pool pass ran out and I stopped swimming.",
            "Got a new pass, I'm swimming again."], "no longer", "swimming again"),
]


@pytest.mark.parametrize(("lang", "turns", "stop", "resumed"), CASES)
def test_a_resumed_activity_ends_its_stop(tmp_path: Path, lang: str, turns: list[str], stop: str,
                                          resumed: str) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db")
    try:
        for n, text in enumerate(turns):
            mem.add(text, user_id="u", timestamp=f"2025-0{n + 1}-01T10:00:00Z")
        active = [i["description"] for i in mem.get_all(user_id="u") if i["kind"] != "event"]
        assert any(resumed in d for d in active), active
        assert not [d for d in active if stop in d], active
    finally:
        mem.close()


def test_a_bare_verb_stop_is_said_with_its_activity(tmp_path: Path) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db")
    try:
        mem.add("我每天都骑车上下班。", user_id="u", timestamp="2025-01-01T10:00:00Z")
        mem.add("车被偷了，不骑了。", user_id="u", timestamp="2025-02-01T10:00:00Z")
        active = [i["description"] for i in mem.get_all(user_id="u") if i["kind"] != "event"]
        assert any("不骑车" in d for d in active), active
    finally:
        mem.close()
