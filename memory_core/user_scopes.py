"""Every stored user id that names one person: the person's own id and the agent scopes made for them.

The Mem0-shaped calls (``mem0_shape``) keep a user's memories with one agent
apart, under the stored user id ``<user>#agent#<agent>`` (``ann#agent#bot``).
Those memories are still the person's: erasing the person (``gulfstream
erase``, HTTP ``DELETE /v1/users/{id}``, the Memory API's ``reset``, Mem0's
``delete_all(user_id=…)``) must reach them too, health data and secrets
included. ``user_scopes`` lists them; the transports erase each and say how
much each held.

A scope of an agent alone (``agent#bot``) or a run alone (``run#r1``) names
no person and is left to its own calls.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from memory_core.store.base import MemoryStore
from memory_core.validation import check_id

__all__ = ["AGENT_SCOPE", "erase_user_scopes", "stored_scopes", "stored_user_ids", "user_scopes"]

#: What joins a user id and an agent id in the stored user id of that user's memories with that agent.
AGENT_SCOPE = "#agent#"


def user_scopes(user_id: str, known: Iterable[str]) -> list[str]:
    """``user_id`` first, then every id of ``known`` that is ``user_id``'s scope with an agent
    (``<user_id>#agent#<agent>``), sorted, each once.

    Args:
        user_id: the person's stored user id (tenant-prefixed over HTTP: ``acme:ann``).
        known: the stored user ids there are (with items or turns).
    """
    head = f"{user_id}{AGENT_SCOPE}"
    return [user_id, *sorted({u for u in known if u.startswith(head) and len(u) > len(head)})]


def stored_user_ids(store: MemoryStore, prefix: str = "") -> set[str]:
    """Every user id a store holds items or turns of (``MemoryStore.users`` and its turn log's ``turn_users``),
    or those starting with ``prefix`` (plain text: the stores escape it for their prefix query)."""
    turns = store.turn_log()
    return set(store.users(prefix)) | (set(turns.turn_users(prefix)) if turns is not None else set())


def stored_scopes(store: MemoryStore, user_id: str) -> list[str]:
    """``user_scopes`` of ``user_id`` among the ids ``store`` holds, found by a prefix query on
    ``<user_id>#agent#`` (not by listing every user)."""
    return user_scopes(user_id, stored_user_ids(store, f"{user_id}{AGENT_SCOPE}"))


class _Erasing(Protocol):
    """What ``erase_user_scopes`` needs of a ``Memory`` (typed here, so this module stays below the service)."""

    @property
    def store(self) -> MemoryStore: ...

    def erase_user(self, user_id: str) -> int: ...


def erase_user_scopes(memory: _Erasing, user_id: str) -> dict[str, int]:
    """Erase ``user_id`` and every agent scope of theirs (``user_scopes``) in process; return the items
    removed per stored user id, the person's own id first (0 when only their agent scopes held anything).

    The caller holds the users' locks where it needs them (the CLI and the workers do).
    """
    user_id = check_id(user_id, "user id")
    return {scope: memory.erase_user(scope) for scope in stored_scopes(memory.store, user_id)}
