"""A Mem0 export holding two values of one single-valued slot: the newer stays, the older is history (EN, ZH)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_core.mem0_import import parse_mem0
from memory_core.model import Status, Turn
from memory_core.pipeline.slots import slot_conflicts
from memory_core.service import Memory
from memory_core.settings import load_settings
from memory_core.store.sql import SqlStore
from memory_core.store.transfer import store_import


def _record(n: int, text: str, created: str) -> dict[str, str]:
    return {"id": f"m-{n}", "memory": text, "user_id": "pt", "created_at": created}


CASES = [
    ("en", ["Lives in Porto", "Moved to Braga in 2025", "Likes green tea"], "I moved to Lisbon last week.", "Lisbon"),
    ("zh", ["住在杭州", "搬到上海了", "喜欢喝绿茶"], "我上周搬到南京了。", "南京"),
]


@pytest.mark.parametrize(("lang", "texts", "later", "city"), CASES)
def test_the_newer_value_stays_and_later_turns_supersede_it(tmp_path: Path, lang: str, texts: list[str],
                                                            later: str, city: str) -> None:
    export = tmp_path / "mem0.json"
    # listed newest first: the creation times decide, not the order of the file
    export.write_text(json.dumps({"results": [_record(1, texts[1], "2025-06-01T10:00:00Z"),
                                              _record(0, texts[0], "2025-01-01T10:00:00Z"),
                                              _record(2, texts[2], "2025-07-01T10:00:00Z")]}), encoding="utf-8")
    parsed = parse_mem0(export)
    by_id = {i.id: i for i in parsed["pt"]}
    old, new = by_id["m-0"], by_id["m-1"]
    assert old.key == new.key and old.key and old.key.startswith("fact:")
    assert old.status == Status.SUPERSEDED and old.valid_until == new.valid_from
    assert new.status == Status.ACTIVE and by_id["m-2"].status == Status.ACTIVE
    memory = Memory(SqlStore(f"sqlite:///{tmp_path / 'm.db'}", migrate=True),
                    settings=load_settings(maintain_every_turns=0))
    try:
        store_import(memory.store, parsed)
        assert not slot_conflicts(memory.store.list_items("pt", statuses=("active",)))
        top = memory.recall("pt", "where does the user live?" if lang == "en" else "用户住在哪里？").results
        assert top and top[0].item.id == "m-1"
        memory.ingest([Turn(user_id="pt", turn_id="t1", session_id="s", role="user", text=later,
                            timestamp=datetime(2025, 9, 1, tzinfo=UTC), speaker="user")])
        assert memory.store.get("pt", "m-1").status == Status.SUPERSEDED  # the imported value ends as any other
        homes = [i for i in memory.store.list_items("pt", statuses=("active",)) if i.key == old.key]
        assert [city in i.description for i in homes] == [True]
    finally:
        memory.close()


def test_two_slots_in_one_memory_are_left_unkeyed(tmp_path: Path) -> None:
    export = tmp_path / "mem0.json"
    export.write_text(json.dumps([_record(0, "Lives in Porto and works at Google", "2025-01-01T10:00:00Z")]),
                      encoding="utf-8")
    [item] = parse_mem0(export)["pt"]
    assert item.key is None and item.status == Status.ACTIVE


@pytest.mark.parametrize("field", ["created_at", "updated_at"])
def test_a_memory_dated_ahead_of_the_clock_is_refused(tmp_path: Path, field: str) -> None:
    """A memory dated 2999 would outrank every later turn ("I moved to Braga" stored already superseded)."""
    from memory_core.errors import InvalidField

    record = _record(0, "Lives in Porto", "2025-01-01T10:00:00Z") | {field: "2999-01-01T00:00:00Z"}
    export = tmp_path / "mem0.json"
    export.write_text(json.dumps([record]), encoding="utf-8")
    with pytest.raises(InvalidField, match=rf"memory 0: {field} 2999-01-01.*ahead of the clock"):
        parse_mem0(export)
