"""What a recall shows of sensitive items: the context block's view and the notes beside it (seed 001 §8.24.1:
a value is shown only when the question asks for its kind).

``Memory.recall`` keeps the results as stored (callers mask or reveal them by
their own rules, ``memory_core.shown``); the block it packs shows a
sensitive item's values of kinds the query did not name masked, and the
notes beside an item (an old value, the source turn's words) the same way.
A recall that filters on the sensitive theme itself shows every value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from memory_core.pipeline.sensitive import SENSITIVE_THEME, masked_unless_asked
from memory_core.retrieval.index import RecallResult
from memory_core.retrieval.provenance import ContextNote
from memory_core.retrieval.recall import RecallFilters

__all__ = ["context_view", "filters_on_sensitive", "masked_notes"]


def context_view(results: list[RecallResult], query: str, asked: set[str]) -> list[RecallResult]:
    """``results`` as the context block shows them: a sensitive item's values of kinds the query did not
    name masked ("what is my PIN?" shows the PIN of a turn that also held an ID number, not the number).

    The results themselves stay as stored (callers mask or reveal them by their own rules).
    """
    out = []
    for r in results:
        if r.item.theme == SENSITIVE_THEME:
            shown = masked_unless_asked(query, r.item.description, asked)
            if shown != r.item.description:
                r = replace(r, item=replace(r.item, description=shown))
        out.append(r)
    return out


def masked_notes(notes: Mapping[str, ContextNote], query: str, asked: set[str]) -> dict[str, ContextNote]:
    """``notes`` (item id → note) with an old value, a source turn's words or a stale value it stated that
    holds a secret masked as the items are (``masked_unless_asked``)."""
    return {item_id: replace(note, was=masked_unless_asked(query, note.was, asked),
                             said=masked_unless_asked(query, note.said, asked),
                             outdated=masked_unless_asked(query, note.outdated, asked))
            for item_id, note in notes.items()}


def filters_on_sensitive(filters: RecallFilters | None) -> bool:
    """True when a recall filters on the sensitive theme itself (then every sensitive item it finds is shown)."""
    themes = filters.themes if filters is not None else None
    if isinstance(themes, str):
        themes = (themes,)
    return themes is not None and SENSITIVE_THEME in themes
