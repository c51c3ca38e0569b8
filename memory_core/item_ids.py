"""Item ids as people type them: a unique prefix of ``MIN_ID_PREFIX`` characters or more stands for the id.

One rule for every entry point (the Memory API's ``get`` / ``update`` /
``delete`` / ``history`` / ``hit`` on every transport, the CLI, the Mem0
shim), as git takes a commit's short hash:

- an id an item has is that item, even when it is also the start of
  another item's id;
- otherwise a text of ``MIN_ID_PREFIX`` characters or more that starts
  exactly one of the user's item ids (any status) names that item;
- a text that starts several of them is refused with ``InvalidField``
  naming them (give more characters); a shorter text, or one that starts
  none, is an unknown id (``UnknownItem`` where the call looks it up).
"""

from __future__ import annotations

from collections.abc import Iterable

from memory_core.errors import InvalidField, UnknownItem
from memory_core.store.base import MemoryStore
from memory_core.validation import check_id

__all__ = ["MIN_ID_PREFIX", "full_item_id", "match_prefix"]

#: The shortest prefix of an item id taken for the whole id (characters).
MIN_ID_PREFIX = 6


def match_prefix(given: str, ids: Iterable[str]) -> str | None:
    """The one id in ``ids`` that ``given`` is a prefix of; None when ``given`` is one of ``ids`` itself, is
    shorter than ``MIN_ID_PREFIX`` or starts none of them.

    Raises:
        InvalidField: ``given`` starts several ids (the message names up to five).
    """
    if len(given) < MIN_ID_PREFIX:
        return None
    found = sorted({i for i in ids if i.startswith(given)})
    if given in found or not found:
        return None
    if len(found) > 1:
        raise InvalidField(f"item id prefix {given!r} matches {len(found)} items ({', '.join(found[:5])}); "
                           "give more characters")
    return found[0]


def full_item_id(store: MemoryStore, user_id: str | None, item_id: str) -> str:
    """The item id that ``item_id`` names among the user's (or, with no user, anyone's) items in ``store``
    (``match_prefix``); ``item_id`` unchanged when it names no other id.

    Raises:
        InvalidField: a malformed id, or a prefix of several items' ids (naming them).
    """
    item_id = check_id(item_id, "item id")
    if len(item_id) < MIN_ID_PREFIX or _exists(store, user_id, item_id):
        return item_id
    users = [user_id] if user_id is not None else store.users()
    return match_prefix(item_id, (i.id for u in users for i in store.list_items(u, statuses=None))) or item_id


def _exists(store: MemoryStore, user_id: str | None, item_id: str) -> bool:
    try:
        store.get(user_id, item_id) if user_id is not None else store.locate(item_id)
    except UnknownItem:
        return False
    return True
