"""Recall's k results when some candidates may not be shown (seed 001 §8.24.1: what the question needs).

``Memory.recall`` withholds sensitive items a question does not ask for. Filtering the top-k after the
search would leave the answer (and its context block) short of k; ``fill_shown`` searches deeper
instead, so the next candidates take the withheld places, in rank order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from memory_core.retrieval.index import MAX_K, RecallResult

__all__ = ["fill_shown", "preferred"]


def fill_shown(search: Callable[[int], list[RecallResult]], k: int, shown: Callable[[RecallResult], bool],
               max_rounds: int = 4) -> list[RecallResult]:
    """The best ``k`` results of ``search`` that ``shown`` lets through, ranked 1..k.

    ``search(n)`` returns up to ``n`` results, best first. It is called with ``k`` first; while fewer
    than ``k`` of its results are shown and it returned all it was asked for (more candidates may
    exist), it is called again for at least twice as many (and at least ``k`` plus the number
    withheld), at most ``max_rounds`` times and never above ``MAX_K``.

    Args:
        search: the recall for ``n`` results (items).
        k: results wanted (items).
        shown: True for a result the caller may show.
        max_rounds: the most searches made.

    Returns:
        Up to ``k`` shown results in ``search``'s order, ``rank`` renumbered from 1; fewer only when
        the candidates ran out (or the rounds did).

    Raises:
        Whatever ``search`` raises.
    """
    n = k
    visible: list[RecallResult] = []
    for _ in range(max_rounds):
        results = search(n)
        visible = [r for r in results if shown(r)]
        if len(visible) >= k or len(results) < n or n >= MAX_K:
            break
        n = min(MAX_K, max(2 * n, k + len(results) - len(visible)))
    if len(visible) == len(results) <= k:  # nothing withheld: the search's own answer
        return results
    return [replace(r, rank=rank) for rank, r in enumerate(visible[:k], start=1)]


def preferred(results: list[RecallResult], better: Callable[[RecallResult], bool | None]) -> list[RecallResult]:
    """``results`` without those ``better`` calls False when it calls any True (a bare PIN question shows the
    PINs found, and a locker's code only when no PIN is found); ``rank`` renumbered from 1.

    Args:
        results: recall results, best first.
        better: True for a result preferred, False for one shown only when no preferred one is found,
            None for any other (always kept).
    """
    marks = [better(r) for r in results]
    if True not in marks:
        return results
    return [replace(r, rank=rank) for rank, r in
            enumerate((r for r, mark in zip(results, marks, strict=True) if mark is not False), start=1)]
