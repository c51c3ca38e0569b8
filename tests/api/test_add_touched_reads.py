"""A native ``add`` answers from the items its turns touched (``MemoryStore.items_of_turns``), not from a list of
every item of the user, and answers exactly what the listing answered."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from memory_core.api import ItemRecord
from memory_core.api_base import BaseMemoryAPI
from memory_core.embedded import EmbeddedMemory
from memory_core.service import Memory
from memory_core.store.sql import SqlStore


class ListingMemory(EmbeddedMemory):
    """The embedded API answering ``add`` from the whole listing, as before (the transports' default)."""

    def _of_turns(self, user_id: str, turn_ids: list[str]) -> list[ItemRecord]:
        return BaseMemoryAPI._of_turns(self, user_id, turn_ids)


#: Adds in order: a new fact, unrelated ones, a move that supersedes, a confirmation, a re-send, Chinese, and
#: two messages of which the second ends what the first made.
ADDS: list[Any] = [
    "I live in Hangzhou and I work at a bank",
    [{"role": "user", "content": "I have a cat named Mochi", "id": "t-cat"}],
    "I moved to Beijing last month",
    "I live in Beijing",
    [{"role": "user", "content": "I have a cat named Mochi", "id": "t-cat"}],
    "我喜欢喝乌龙茶，我住在上海",
    [{"role": "user", "content": "My favourite colour is green"},
     {"role": "user", "content": "Actually my favourite colour is blue now"}],
]


def _shape(result: dict[str, Any]) -> list[tuple[str, str, str, int]]:
    return [(r["description"], r["event"], r["status"], len(r["source"])) for r in result["results"]]


def _open(cls: type[EmbeddedMemory], path: Path) -> EmbeddedMemory:
    return cls(Memory(SqlStore(f"sqlite:///{path}", migrate=True)))


def test_add_answers_what_the_listing_answered(tmp_path: Path) -> None:
    new, old = _open(EmbeddedMemory, tmp_path / "new.db"), _open(ListingMemory, tmp_path / "old.db")
    try:
        for user in ("ann", "bo"):
            for said in ADDS:
                assert _shape(new.add(said, user_id=user)) == _shape(old.add(said, user_id=user)), said
        events = {e for said in ADDS[:4] for e in (r["event"] for r in new.add(said, user_id="cy")["results"])}
        assert {"ADD", "UPDATE", "DELETE"} <= events  # the cases above reach every kind of event
    finally:
        new.close()
        old.close()


def test_add_does_not_list_every_item_of_the_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    api = _open(EmbeddedMemory, tmp_path / "m.db")
    try:
        for n in range(30):
            api.add(f"I visited museum number {n} yesterday", user_id="ann")
        listed: list[Any] = []
        store = api.memory.store
        real = store.list_items

        def spy(user_id: str, **kwargs: Any) -> Any:
            listed.append(kwargs.get("statuses", "active"))
            return real(user_id, **kwargs)

        monkeypatch.setattr(store, "list_items", spy)
        out = api.add("I moved to Lisbon", user_id="ann")
        assert [r["event"] for r in out["results"]] and None not in listed  # no read of every status
    finally:
        api.close()
