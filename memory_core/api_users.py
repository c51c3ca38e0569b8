"""``MemoryAPI.users``: the ids of the users who have memory, the same call on every transport.

A transport implements ``_users`` (every user id it may show, in any order:
the store's users with items and those with turns; over HTTP, the users of
the key's tenant, by their bare ids); ``UserListing.users`` checks the page
and sorts. An app that keeps one namespace per user (a LangGraph store, an
admin page) lists its users with it.
"""

from __future__ import annotations

from memory_core.errors import InvalidField

__all__ = ["MAX_USERS_PAGE", "UserListing"]

#: The most user ids one ``users`` call returns.
MAX_USERS_PAGE = 10_000


def _page(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidField(f"{what} must be an integer in {low}..{high}; got {value!r}")
    return value


class UserListing:
    """Mixin of the ``users`` call over a transport's ``_users`` primitive."""

    def _users(self) -> list[str]:
        """Every user id with items or turns (the transport's primitive; any order, duplicates allowed)."""
        raise NotImplementedError

    def users(self, *, limit: int = 1000, offset: int = 0) -> list[str]:
        """The ids of the users with items or turns, sorted; ``limit`` ids (1..``MAX_USERS_PAGE``) from
        ``offset`` (over HTTP: the users of the key's tenant, by the ids they were given).

        Raises:
            InvalidField: a limit or offset outside its range, or not an integer.
        """
        limit = _page(limit, "limit", 1, MAX_USERS_PAGE)
        offset = _page(offset, "offset", 0, 2**31)
        return sorted(set(self._users()))[offset:offset + limit]
