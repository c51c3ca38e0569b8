"""Recall's k results when some candidates may not be shown (seed 001 §8.24.1: what the question needs).

``Memory.recall`` withholds sensitive items a question does not ask for. Filtering the top-k after the
search would leave the answer (and its context block) short of k; ``fill_shown`` searches deeper
instead, so the next candidates take the withheld places, in rank order. A withheld curated item may leave
its place to the raw turn it came from (``raw_turn_stand_in``): recall shows one result per turn, so a
sensitive fact ranked above its turn ("Lin's brother takes metformin" above "My brother drives a taxi …, and
he takes metformin") would otherwise take the turn's other facts with it when it is withheld.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from memory_core.model import Kind, MemoryItem
from memory_core.retrieval.index import MAX_K, RecallFilters, RecallResult

__all__ = ["fill_shown", "made_item_stand_in", "preferred", "raw_turn_stand_in", "stand_in_either"]

#: The kinds of curated items (every kind but the raw turn).
CURATED_KINDS = tuple(k for k in Kind if k != Kind.EVENT)


def fill_shown(search: Callable[[int], list[RecallResult]], k: int, shown: Callable[[RecallResult], bool],
               max_rounds: int = 4,
               stand_in: Callable[[RecallResult], RecallResult | None] | None = None) -> list[RecallResult]:
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
        stand_in: what may take a withheld result's place (shown only if ``shown`` lets it through and it is
            not among the results already), or None.

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
        visible = _visible(results, shown, stand_in)
        if len(visible) >= k or len(results) < n or n >= MAX_K:
            break
        n = min(MAX_K, max(2 * n, k + len(results) - len(visible)))
    if len(visible) == len(results) <= k and all(a is b for a, b in zip(visible, results, strict=True)):
        # nothing withheld: the search's own answer
        return results
    return [replace(r, rank=rank) for rank, r in enumerate(visible[:k], start=1)]


def _visible(results: list[RecallResult], shown: Callable[[RecallResult], bool],
             stand_in: Callable[[RecallResult], RecallResult | None] | None) -> list[RecallResult]:
    """The shown ``results`` in order, a withheld one replaced by its shown stand-in, unless that is among the
    results already or a shown result comes from its turn (what the turn says besides the value is shown)."""
    marks = [shown(r) for r in results]
    ids = {r.item.id for r in results}
    said = {t for r, mark in zip(results, marks, strict=True) if mark for t in (r.turn_ids or r.item.source)}
    out = []
    for r, mark in zip(results, marks, strict=True):
        if mark:
            out.append(r)
        elif stand_in is not None and (other := stand_in(r)) is not None and other.item.id not in ids \
                and said.isdisjoint(other.item.source) and shown(other):
            ids.add(other.item.id)
            out.append(other)
    return out


def raw_turn_stand_in(events: Callable[[], list[MemoryItem]],
                      fits: Callable[[MemoryItem], bool]) -> Callable[[RecallResult], RecallResult | None]:
    """A ``fill_shown`` stand-in: a curated result's place goes to the raw turn (event item) it came from.

    Args:
        events: the event items that may stand in (the user's sensitive raw turns), read once, when first needed.
        fits: True for a raw turn the query asks for by its other facts (never for the withheld value itself:
            a turn holding two passwords does not stand in for the one not asked).
    """
    read: list[list[MemoryItem]] = []

    def stand_in(result: RecallResult) -> RecallResult | None:
        if result.item.kind == Kind.EVENT or not result.item.source:
            return None
        if not read:
            read.append(events())
        source = set(result.item.source)
        turn = next((e for e in read[0] if not source.isdisjoint(e.source) and fits(e)), None)
        return None if turn is None else replace(result, item=turn, turn_ids=list(turn.source))

    return stand_in


def made_item_stand_in(search: Callable[[RecallFilters], list[RecallResult]]
                       ) -> Callable[[RecallResult], RecallResult | None]:
    """A ``fill_shown`` stand-in: a withheld raw turn's place goes to a curated item made from that turn.

    Recall shows one result per turn, so a sensitive raw turn ranked above the fact it gave ("医生说我血糖高，奶茶戒
    了" above "用户奶茶戒了") takes that fact with it when it is withheld: a question about drinks then saw the old
    like's turn and not the stop. The stand-in is the best result of the same query among curated items only
    (``search`` with filters allowing ``CURATED_KINDS``, run once, when first needed) that came from the turn.

    Args:
        search: the query's recall under the given filters, best first.
    """
    read: list[list[RecallResult]] = []

    def stand_in(result: RecallResult) -> RecallResult | None:
        if result.item.kind != Kind.EVENT or not result.item.source:
            return None
        if not read:
            read.append(search(RecallFilters(kinds=CURATED_KINDS)))
        source = set(result.item.source)
        made = next((r for r in read[0] if not source.isdisjoint(r.item.source)), None)
        return None if made is None else replace(made, rank=result.rank)

    return stand_in


def stand_in_either(*stand_ins: Callable[[RecallResult], RecallResult | None]
                    ) -> Callable[[RecallResult], RecallResult | None]:
    """A ``fill_shown`` stand-in: the first of ``stand_ins`` that finds one."""
    def stand_in(result: RecallResult) -> RecallResult | None:
        return next((other for one in stand_ins if (other := one(result)) is not None), None)

    return stand_in


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
