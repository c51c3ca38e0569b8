"""Names said to the listener are left out of what the rules read; names that are part of a statement stay."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.pipeline.plain_text import reading_text
from memory_core.pipeline.vocative import without_vocatives
from memory_core.service import open_memory
from memory_core.settings import Settings


@pytest.mark.parametrize(("text", "read"), [
    ("Nice plan, Kofi! I'll sleep on it.", "Nice plan! I'll sleep on it."),
    ("Thanks, Priya! Painting calms me down.", "Thanks! Painting calms me down."),
    ("Hey Ingrid, how was the trip?", "Hey, how was the trip?"),
    ("Wow, Ingrid, that garden is gorgeous!", "Wow, that garden is gorgeous!"),
    ("Kofi, you're right.", "you're right."),
    ("Bye Ingrid", "Bye"),
    ("Got it Kofi, see you soon", "Got it, see you soon"),
    ("谢谢你，Kofi！我会继续画的。", "谢谢你！我会继续画的。"),
])
def test_a_name_said_to_the_listener_is_left_out(text: str, read: str) -> None:
    assert without_vocatives(text) == read
    assert reading_text(text) == read


@pytest.mark.parametrize("text", [
    "I moved to Paris, France.", "Adopted a puppy, Max!", "I have two kids, Emma and Jack.",
    "I work with my best friend, Sam.", "Oh, Berlin is lovely.", "Thanks, Google!", "Tokyo, that was fun",
    "My sister Jing lives in Shanghai.", "Glad to hear Kofi's advice made a difference.",
])
def test_a_name_that_is_part_of_the_statement_stays(text: str) -> None:
    assert without_vocatives(text) == text


def test_thanks_by_name_do_not_grow_into_the_item_that_holds_the_name(tmp_path: Path) -> None:
    """Every "Thanks, Kofi!" had been read as a detail of the item naming Kofi, which grew by one greeting a turn."""
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/v.sqlite3", embedder="none"))
    start = datetime(2026, 3, 1, 9, tzinfo=UTC)
    texts = ["I really like the idea of Kofi's new puzzle.", "Nice plan, Kofi!", "Thanks, Kofi!", "Hey Kofi!",
             "Thanks so much, Kofi.", "Bye Kofi", "Wow, Kofi, that garden is gorgeous!"]
    try:
        mem.ingest([Turn(user_id="jo", turn_id=f"t{n}", session_id="s", role="user", text=text, speaker="Priya",
                         timestamp=start + timedelta(minutes=n)) for n, text in enumerate(texts)])
        statements = [i for i in mem.store.list_items("jo") if i.kind != "event"]
        assert statements, "the first statement is stored"
        assert all(len(i.source) <= 2 and "Thanks" not in i.description and "Bye" not in i.description
                   for i in statements), [(i.source, i.description) for i in statements]
    finally:
        mem.close()
