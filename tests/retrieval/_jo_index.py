"""A hybrid index of one speaker's turns, one session a day, for the list-question tests.

``sessions_of(lines, speaker)`` turns ``(turn id "s<day>-<n>", text)`` lines into event items and turns;
``jo_index(lines)`` takes ``(turn id "s<day>-<n>", text)`` lines of the speaker Jo and builds a ``HybridIndex`` of
them as event items and turns (window 2); ``top_turns(index, query, k)`` is the turn ids of the lexical preset's
top ``k`` results, in rank order.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memory_core.model import MemoryItem, Turn
from memory_core.retrieval.recall import HybridIndex
from memory_core.retrieval.stages import RETRIEVERS

T0 = datetime(2024, 5, 1, tzinfo=UTC)


def sessions_of(lines: list[tuple[str, str]], speaker: str = "Jo") -> tuple[list[MemoryItem], list[Turn]]:
    """(turn id "<session>-<n>", text) lines of ``speaker``, one session a day, as event items and turns."""
    items, turns = [], []
    for n, (turn_id, text) in enumerate(lines):
        at = T0 + timedelta(days=int(turn_id.split("-")[0][1:]), minutes=n)
        turns.append(Turn("u1", turn_id, turn_id.split("-")[0], "user", text, at, speaker=speaker))
        items.append(MemoryItem.create("u1", f"{speaker}: {text}", "moments", kind="event", turn_id=turn_id,
                                       at=at, valid_from=at, speaker=speaker))
    return items, turns


def jo_index(lines: list[tuple[str, str]]) -> HybridIndex:
    """(turn id "<session>-<n>", text) lines of Jo, one session a day, indexed with turn windows of 2."""
    return HybridIndex.build(*sessions_of(lines), window=2)


def top_turns(index: HybridIndex, query: str, k: int) -> list[str]:
    """The turn ids of the lexical preset's top ``k`` results for ``query``."""
    return [t for r in index.search(query, k=k, settings=RETRIEVERS["lexical"]) for t in r.turn_ids]
