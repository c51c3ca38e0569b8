"""Turn-id idempotency holds across export and import: the export carries memories, not the turn log, so a
turn replayed into the importing store (same user, same turn id) must be a repeat, not a second application
(hits on every memory, a superseded value said again)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings
from memory_core.store.transfer import export_yaml, import_yaml

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
CONVERSATIONS = {
    "en": ["I live in Lisbon and I work as a nurse.", "My sister Jo is a teacher. I love jazz.",
           "I moved to Porto last month.", "I don't drink coffee anymore."],
    "zh": ["我住在杭州，在一家医院当护士。", "我妹妹是老师。我喜欢爵士乐。", "我上个月搬到上海了。", "我不喝咖啡了。"],
}


def _turns(texts: list[str], prefix: str = "t") -> list[Turn]:
    return [Turn(user_id="ann", turn_id=f"{prefix}{n}", session_id="s1", role="user", text=text,
                 timestamp=T0 + timedelta(days=n), speaker="Ann") for n, text in enumerate(texts, start=1)]


def _state(memory: Memory) -> list[tuple[str, str, int, str, int]]:
    return sorted((i.id, str(i.status), i.hit, i.description, len(i.history))
                  for i in memory.store.list_items("ann", statuses=None))


@pytest.fixture()
def imported(tmp_path: Path) -> Iterator[tuple[Memory, Memory]]:
    origin = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/a.sqlite3"))
    fresh = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/b.sqlite3"))
    yield origin, fresh
    origin.close()
    fresh.close()


def _move(origin: Memory, fresh: Memory, tmp_path: Path) -> None:
    export_yaml(origin.store, tmp_path / "ann.yaml", ["ann"])
    import_yaml(fresh.store, tmp_path / "ann.yaml")


@pytest.mark.parametrize("lang", sorted(CONVERSATIONS))
def test_the_same_turn_ids_after_import_are_already_seen(imported: tuple[Memory, Memory], tmp_path: Path,
                                                         lang: str) -> None:
    origin, fresh = imported
    turns = _turns(CONVERSATIONS[lang])
    origin.ingest(turns)
    _move(origin, fresh, tmp_path)
    before = _state(fresh)
    assert len(before) > len(turns)
    again = fresh.ingest(turns)
    assert (again.stored, again.duplicates) == (0, len(turns))  # applied as nothing
    assert _state(fresh) == before  # no new item, no hit, no supersede, no revision
    assert fresh.ingest(turns[:1]).duplicates == 1  # and again: still a repeat


@pytest.mark.parametrize("lang", sorted(CONVERSATIONS))
def test_new_turn_ids_after_import_confirm_and_add_nothing(imported: tuple[Memory, Memory], tmp_path: Path,
                                                           lang: str) -> None:
    origin, fresh = imported
    origin.ingest(_turns(CONVERSATIONS[lang]))
    _move(origin, fresh, tmp_path)
    before = {i.id: i for i in fresh.store.list_items("ann", statuses=None)}
    later = [replace(t, turn_id=f"n{t.turn_id}")  # the same turns, as a client making new ids sends them
             for t in _turns(CONVERSATIONS[lang][:2])]
    assert fresh.ingest(later).stored == 2
    after = {i.id: i for i in fresh.store.list_items("ann", statuses=None)}
    new_curated = [i for i in after.values() if i.id not in before and not i.description.startswith("Ann:")]
    assert new_curated == []
    assert any(after[k].hit > before[k].hit for k in before)


def test_a_turn_whose_memories_were_all_deleted_is_stored_anew(tmp_path: Path) -> None:
    """``delete_all`` forgets the user's turns so the same message is stored anew; deleted memories citing an
    imported turn must not make its replay a repeat either."""
    from memory_core.embedded import EmbeddedMemory

    origin = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/a.sqlite3"))
    fresh = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/b.sqlite3")
    try:
        turns = _turns(CONVERSATIONS["en"][:1])
        origin.ingest(turns)
        _move(origin, fresh.memory, tmp_path)
        assert fresh.delete_all(user_id="ann")["deleted"] > 0
        again = fresh.memory.ingest(turns)
        assert (again.stored, again.duplicates) == (1, 0)
        assert any(i.description.endswith("lives in Lisbon") for i in fresh.memory.store.list_items("ann"))
    finally:
        origin.close()
        fresh.close()
