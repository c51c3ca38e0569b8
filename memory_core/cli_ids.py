"""The item id a ``gulfstream`` command was given, or one line saying why it names no item and what to do.

Every command that takes an item id (``history``, ``get``, ``update``,
``delete``, ``restore``, ``expire``) reads it here first, with the rule of
``memory_core.item_ids`` (an item's own id, or a unique prefix of
``MIN_ID_PREFIX`` characters or more). What can go wrong is said apart,
each with the next step, as one ``error: …`` line on stderr and exit 2
(``memory_core.cli.main``), and nothing on stdout:

- a text shorter than ``MIN_ID_PREFIX`` that is no item's id: too short;
- a prefix of several ids: ambiguous (the ids it starts are named);
- a text that is no id and starts none: unknown.
"""

from __future__ import annotations

from memory_core.errors import InvalidField, UnknownItem
from memory_core.item_ids import MIN_ID_PREFIX
from memory_core.store.base import MemoryStore
from memory_core.validation import check_id

__all__ = ["given_item_id"]

#: How many of the ids an ambiguous prefix starts are named.
_NAMED = 5


def given_item_id(store: MemoryStore, user_id: str | None, given: str) -> str:
    """The full id of the item ``given`` names among ``user_id``'s items (with no user: anyone's), any status.

    Args:
        store: the store the command opened.
        user_id: the owner given with ``--user`` (already checked), or None to look across users.
        given: the id as typed: a whole id, or a prefix of ``MIN_ID_PREFIX`` characters or more.

    Returns:
        The item id (``given`` itself when an item has it).

    Raises:
        InvalidField: a malformed id; a text too short to stand for an id; a prefix of several items' ids
            (each message says what to type instead).
        UnknownItem: no item has this id or an id starting with it (the message says how to list the ids).
    """
    given = check_id(given, "item id")
    users = [user_id] if user_id is not None else store.users()
    ids = sorted({item.id for user in users for item in store.list_items(user, statuses=None)})
    if given in ids:
        return given
    owner = f" of user {user_id!r}" if user_id is not None else ""
    listing = f"gulfstream memories -u {user_id} --all" if user_id is not None else "gulfstream memories -u USER --all"
    if len(given) < MIN_ID_PREFIX:
        raise InvalidField(f"item id {given!r} is too short: no item{owner} has this id, and a prefix must have "
                           f"at least {MIN_ID_PREFIX} characters; give more of the id ('{listing}' lists them)")
    found = [i for i in ids if i.startswith(given)]
    if len(found) > 1:
        named = ", ".join(found[:_NAMED]) + (f" and {len(found) - _NAMED} more" if len(found) > _NAMED else "")
        raise InvalidField(f"item id prefix {given!r} is ambiguous: it matches {len(found)} items{owner} "
                           f"({named}); give more characters")
    if not found:
        raise UnknownItem(f"no memory item{owner} has the id {given!r} or an id starting with it; "
                          f"'{listing}' lists the ids")
    return found[0]
