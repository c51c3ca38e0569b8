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
    ("Good idea, Nate! I'll think about it.", "Good idea! I'll think about it."),
    ("Thanks, Nate! Writing helps me a lot.", "Thanks! Writing helps me a lot."),
    ("Hey Joanna, how are you?", "Hey, how are you?"),
    ("Wow, Joanna, that looks amazing!", "Wow, that looks amazing!"),
    ("Nate, you're right.", "you're right."),
    ("Bye Joanna", "Bye"),
    ("Got it Nate, see you soon", "Got it, see you soon"),
    ("谢谢你，Nate！我会继续写的。", "谢谢你！我会继续写的。"),
])
def test_a_name_said_to_the_listener_is_left_out(text: str, read: str) -> None:
    assert without_vocatives(text) == read
    assert reading_text(text) == read


@pytest.mark.parametrize("text", [
    "I moved to Paris, France.", "Adopted a puppy, Max!", "I have two kids, Emma and Jack.",
    "I work with my best friend, Sam.", "Oh, Berlin is lovely.", "Thanks, Google!", "Tokyo, that was fun",
    "My sister Jing lives in Shanghai.", "Glad to hear Nate's support makes a difference.",
])
def test_a_name_that_is_part_of_the_statement_stays(text: str) -> None:
    assert without_vocatives(text) == text


def test_thanks_by_name_do_not_grow_into_the_item_that_holds_the_name(tmp_path: Path) -> None:
    """Every "Thanks, Nate!" had been read as a detail of the item naming Nate, which grew by one greeting a turn."""
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/v.sqlite3", embedder="none"))
    start = datetime(2026, 3, 1, 9, tzinfo=UTC)
    texts = ["I really like the idea of Nate's new game.", "Good idea, Nate!", "Thanks, Nate!", "Hey Nate!",
             "Thanks so much, Nate.", "Bye Nate", "Wow, Nate, that looks amazing!"]
    try:
        mem.ingest([Turn(user_id="jo", turn_id=f"t{n}", session_id="s", role="user", text=text, speaker="Joanna",
                         timestamp=start + timedelta(minutes=n)) for n, text in enumerate(texts)])
        statements = [i for i in mem.store.list_items("jo") if i.kind != "event"]
        assert statements, "the first statement is stored"
        assert all(len(i.source) <= 2 and "Thanks" not in i.description and "Bye" not in i.description
                   for i in statements), [(i.source, i.description) for i in statements]
    finally:
        mem.close()
