"""Shared by the recall tests of whose an item is: a user's turns a day apart after unrelated filler, and the top
recall result's text."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memory_core.model import Turn
from memory_core.service import Memory

#: Turns of the user's that name no person and no attribute asked about.
FILLER = ["I'm reading a novel about whales.", "I bought a new kettle.", "我在学葡萄牙语。", "周五去听了爵士音乐会。",
          "I volunteer at a food bank on Tuesdays.", "最近在攒钱买沙发。"]


def people_turns(texts: list[str], start: datetime = datetime(2026, 2, 2, 9, tzinfo=UTC)) -> list[Turn]:
    """One user turn of user "vi" per text, one day apart from ``start``, each in a session of its own."""
    return [Turn(user_id="vi", turn_id=f"t{n}", session_id=f"s{n}", role="user", text=text,
                 timestamp=start + timedelta(days=n)) for n, text in enumerate(texts)]


def top_result(memory: Memory, question: str) -> str:
    """The description of the first of user "vi"'s top 3 results for ``question`` ("" when none)."""
    results = memory.recall("vi", question, k=3).results
    return results[0].item.description if results else ""
