"""The tokens of each item's turn window, outside an index (``turn_window``, ``hybrid_state.HybridState``)."""

from __future__ import annotations

from collections.abc import Sequence

from memory_core.model import MemoryItem, Turn
from memory_core.retrieval.hybrid_state import HybridState
from memory_core.text.tokenize import tokenize

__all__ = ["turn_windows"]


def turn_windows(items: Sequence[MemoryItem], turns: Sequence[Turn], window: int,
                 lexicon: frozenset[str] = frozenset()) -> list[list[str] | None]:
    """Return, per item, the tokens of its source turns and their same-session neighbours.

    Args:
        items: the user's items.
        turns: the user's turns in ``seq`` order.
        window: neighbours taken on each side of a source turn (0 for the turn alone).
        lexicon: passed to ``tokenize``.

    Returns:
        One token list per item; None for an item none of whose sources is in ``turns``.
    """
    state = HybridState(window)
    state.apply([], turns)
    state.lexicon = lexicon
    cache: dict[int, list[str]] = {}

    def tokens_of(j: int) -> list[str]:
        if j not in cache:
            cache[j] = tokenize(state._turn_text[j], lexicon)
        return cache[j]

    return [state._window(item, tokens_of) for item in items]
