"""Purge one memory: its words leave the store, an audit record without them stays.

``delete`` is soft: the item, its history and the turns it came from keep the text (on disk, and through
``get`` / ``history`` / ``export`` with ``reveal``). A user who deletes a leaked API key expects it gone, so
``purge`` (``delete(..., purge=True)`` on every transport) removes the words of one item:

- the item and the raw-turn items of its source turns (their text is the turn's: ``forget_source``) end
  ``deleted`` with ``PURGED_TEXT`` as description, no key and no metadata; every revision of theirs keeps
  its op, actor, time, themes and ids but loses its texts and reason, and a last ``purge`` revision records
  who purged it, when and why (the reason the caller gave: keep secrets out of it);
- the source turns' text becomes ``PURGED_TEXT`` in the turn log, with the SHA-256 of what was said
  (``turn_text.TEXT_SHA_META``, as the sensitive-data policy keeps it: a redelivered turn is still a
  duplicate, never stored again) and the forgotten mark (``forget_source.FORGOTTEN_META``);
- any other item's description or revision text quoting one of those words verbatim (a reason such as
  "superseded by a newer statement: …", a summary) has the quote replaced by ``PURGED_TEXT``;
- the vectors of those items and turns and the rolling summaries of the turns' sessions are removed, and
  the user's memory version moves on, so recall indexes drop the words.

This module is the pure part (what changes in items and turns); the stores run it in one transaction
(``MemoryStore.purge``; ``sql_purge`` for SQL, which also overwrites SQLite's freed pages).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from memory_core.model import Actor, MemoryItem, Revision, Status, Turn
from memory_core.store.forget_source import FORGOTTEN_META, is_raw_turn_item
from memory_core.store.turn_text import TEXT_SHA_META, text_sha256

__all__ = ["MIN_QUOTE_CHARS", "PURGED_META", "PURGED_TEXT", "PurgeReport", "purge_items", "purge_targets",
           "purged_turn"]

#: What a purged text reads as, in items, revisions and turns.
PURGED_TEXT = "[purged]"
#: ``Turn.meta`` key of a purged turn (value: the id of the item it was purged with).
PURGED_META = "purged_with"
#: Quotes shorter than this are not searched for in other items (a purged "ok" must not blank every "ok").
MIN_QUOTE_CHARS = 8


@dataclass(slots=True)
class PurgeReport:
    """What ``MemoryStore.purge`` removed.

    Attributes:
        item_id: the item asked for.
        items: ids of the items whose text was purged (the item, then the raw-turn items of its turns).
        turns: ids of the source turns whose text was purged (none for a store without a turn log).
        scrubbed: ids of other items that quoted a purged text and had the quote replaced.
    """

    item_id: str
    items: list[str] = field(default_factory=list)
    turns: list[str] = field(default_factory=list)
    scrubbed: list[str] = field(default_factory=list)


def purge_targets(items: dict[str, MemoryItem], item_id: str) -> list[str]:
    """Ids of the items ``purge`` blanks: ``item_id`` first, then every raw-turn item (any status) citing one of
    its source turns. The caller has checked ``item_id`` is in ``items``."""
    item = items[item_id]
    turns = set(item.source)
    raw = [i.id for i in sorted(items.values(), key=lambda i: (i.created_at, i.id))
           if i.id != item_id and is_raw_turn_item(i) and turns & set(i.source)]
    return [item_id, *raw]


def _texts(item: MemoryItem) -> set[str]:
    found = {item.description, *(r.old_description for r in item.history), *(r.new_description for r in item.history)}
    return {t for t in found if t and t != PURGED_TEXT}


def _blank(item: MemoryItem, reason: str, actor: str, at: datetime) -> None:
    """Blank ``item``'s text, key, metadata and revision texts and reasons; end it deleted with a purge revision."""
    item.history = [Revision(r.op, PURGED_TEXT if r.reason else "", r.actor, r.at,
                             PURGED_TEXT if r.old_description else "", PURGED_TEXT if r.new_description else "",
                             r.old_theme, r.new_theme, r.turn_id, r.other_id) for r in item.history]
    item.history.append(Revision("purge", reason, str(actor), at, PURGED_TEXT, PURGED_TEXT, item.theme, item.theme))
    item.description, item.key, item.meta = PURGED_TEXT, None, {}
    if item.status != Status.DELETED:
        item.status = Status.DELETED
        if item.valid_until is None:
            item.valid_until = at
    item.updated_at = at


def _scrub(text: str, quotes: Iterable[str]) -> str:
    for quote in quotes:
        if quote in text:
            text = text.replace(quote, PURGED_TEXT)
    return text


def _scrub_item(item: MemoryItem, quotes: list[str]) -> bool:
    """Replace every quote in ``item``'s description and revision texts and reasons; True if any was there."""
    changed = False
    new = _scrub(item.description, quotes)
    if new != item.description:
        item.description, changed = new, True
    for n, rev in enumerate(item.history):
        texts = (_scrub(rev.reason, quotes), _scrub(rev.old_description, quotes), _scrub(rev.new_description, quotes))
        if texts != (rev.reason, rev.old_description, rev.new_description):
            item.history[n] = Revision(rev.op, texts[0], rev.actor, rev.at, texts[1], texts[2], rev.old_theme,
                                       rev.new_theme, rev.turn_id, rev.other_id)
            changed = True
    return changed


def purge_items(items: dict[str, MemoryItem], item_id: str, turns: Iterable[Turn], reason: str, *,
                actor: str = Actor.USER, at: datetime) -> PurgeReport:
    """Purge ``item_id`` in ``items`` (one user's items, changed in place; module docstring).

    Args:
        items: every item of the user, by id, with histories.
        item_id: the item to purge (any status).
        turns: the item's stored source turns (their texts are quoted too); none for an items-only store.
        reason: why (kept in the purge revision).
        actor: who purges (an ``Actor`` value).
        at: when (UTC).

    Returns:
        A ``PurgeReport`` (``turns`` left empty: the store fills it when it rewrites them).

    Raises:
        KeyError: ``item_id`` not in ``items`` (the store raises UnknownItem first).
    """
    report = PurgeReport(item_id, purge_targets(items, item_id))
    quotes: set[str] = {t.text for t in turns if t.text != PURGED_TEXT}
    for target in report.items:
        quotes |= _texts(items[target])
    for target in report.items:
        _blank(items[target], reason, actor, at)
    longest_first = sorted((q for q in quotes if len(q.strip()) >= MIN_QUOTE_CHARS), key=len, reverse=True)
    for other in items.values():
        if other.id not in report.items and _scrub_item(other, longest_first):
            other.updated_at = at
            report.scrubbed.append(other.id)
    return report


def purged_turn(turn: Turn, item_id: str) -> tuple[str, dict[str, Any]]:
    """(text, meta) a purged source turn is stored with: ``PURGED_TEXT``, the hash of what was said (kept from
    an earlier mask or purge), the forgotten mark and ``PURGED_META``."""
    meta: dict[str, Any] = dict(turn.meta) if isinstance(turn.meta, dict) else {}
    if turn.text != PURGED_TEXT:
        meta.setdefault(TEXT_SHA_META, text_sha256(turn.text))
    meta.setdefault(FORGOTTEN_META, item_id)
    meta[PURGED_META] = item_id
    return PURGED_TEXT, meta
