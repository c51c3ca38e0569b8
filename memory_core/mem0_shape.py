"""What the Mem0-shaped API lists, and whose memories a Mem0 call names: one rule set for the Python
``mem0_compat.Memory`` and the HTTP ``/mem0`` routes.

Which items are memories in the Mem0 shape
------------------------------------------
Gulfstream keeps every turn as a raw-turn item (kind ``event``, key
``event:<fingerprint>``, text ``"speaker: words"``) beside the items the
write pipeline curates from it (``"User is allergic to …"``, ``用户住在台北``).
Mem0 lists only what its extractor made, so code written against Mem0 shows
each memory once. The rule (``mem0_listed``): a raw-turn item whose turn
produced a curated item — in any status, so a fact later superseded or
deleted does not bring its turn back — is not listed; a turn that produced
none ("hi there", "I went hiking with Sam") still is, so nothing said is
lost. The native ``MemoryAPI`` lists both, as before; recall (``search``)
already puts a curated item in its raw turn's place.

Whose memories
--------------
Mem0 scopes memories by ``user_id``, ``agent_id`` or ``run_id`` (at least
one); Gulfstream scopes by user. ``mem0_scope`` maps them onto one user id:
``user_id`` (with an agent: ``<user_id>#agent#<agent_id>``), else
``agent#<agent_id>``, else ``run#<run_id>``; a ``run_id`` is also the turns'
session. ``#`` is kept for these scopes: an entity id holding one is refused,
so no user id a caller can name reads or deletes another scope's memories
(``user_id="agent#bot"`` would be agent ``bot``'s). ``:`` stays free for
tenant-prefixed ids (``acme:anna``). ``mem0_entities`` reads such a user id back
into Mem0's entity fields.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from memory_core.api import ItemRecord
from memory_core.errors import InvalidField
from memory_core.model import Kind
from memory_core.validation import check_id

__all__ = [
    "CURATED_KINDS",
    "ENTITY_KEYS",
    "Lister",
    "Searcher",
    "curated_in_place",
    "is_raw_turn",
    "mem0_add_metadata",
    "mem0_delete_scope",
    "mem0_entities",
    "mem0_every",
    "mem0_listed",
    "mem0_listing",
    "mem0_metadata",
    "mem0_scope",
    "mem0_search",
]

ENTITY_KEYS = ("user_id", "agent_id", "run_id")
_AGENT, _RUN, _WITH_AGENT = "agent#", "run#", "#agent#"
#: Items read per ``get_all`` page when the Mem0 shape needs every item of a user (the API's page limit).
_PAGE = 1000


class Lister(Protocol):
    """The one ``MemoryAPI`` call the Mem0 listing needs (every transport has it)."""

    def get_all(self, *, user_id: str, filters: Mapping[str, Any] | None = None, limit: int = 100,
                offset: int = 0, reveal: bool = False) -> list[ItemRecord]: ...


class Searcher(Protocol):
    """The one ``MemoryAPI`` call Mem0's search needs (every transport has it)."""

    def search(self, query: str, *, user_id: str, k: int = 10, filters: Mapping[str, Any] | None = None,
               threshold: float | None = None) -> list[ItemRecord]: ...


#: The kinds of memory Mem0's search lists in place of the raw turn that said them.
CURATED_KINDS = [k.value for k in Kind if k != Kind.EVENT]


def mem0_search(api: Searcher, query: str, user_id: str, k: int, threshold: float | None,
                metadata: Mapping[str, str] | None) -> list[ItemRecord]:
    """Mem0's search: the native search's hits, with each raw turn that produced memories the query finds
    replaced by them (``curated_in_place``; a second search without raw turns, only when a raw turn is hit).

    Raises:
        InvalidField: a bad query, k, threshold or metadata (the native search's errors).
    """
    meta = None if metadata is None else {"metadata": metadata}
    hits = api.search(query, user_id=user_id, k=k, threshold=threshold, filters=meta)
    if not any(is_raw_turn(h) for h in hits):
        return hits
    curated = api.search(query, user_id=user_id, k=k, threshold=threshold,
                         filters={"kinds": CURATED_KINDS, **(meta or {})})
    return curated_in_place(hits, curated, k)


def is_raw_turn(record: Mapping[str, Any]) -> bool:
    """True for a raw-turn item: kind ``event`` with an ``event:`` key (``pipeline.extract.event_key``)."""
    return record.get("kind") == "event" and str(record.get("key") or "").startswith("event:")


def mem0_listed(records: Iterable[ItemRecord], every: Iterable[ItemRecord] | None = None) -> list[ItemRecord]:
    """``records`` without the raw-turn items whose turn produced a curated item (the module's rule).

    Args:
        records: the item records to show, in order.
        every: the items that tell which turns produced a curated item (default ``records``): all of the
            user's items, any status, for a listing; an ``add``'s own results for its answer.
    """
    shown = list(records)
    told = {t for r in (shown if every is None else every) if not is_raw_turn(r) for t in r.get("source") or ()}
    return [r for r in shown if not (is_raw_turn(r) and told.intersection(r.get("source") or ()))]


def curated_in_place(hits: Sequence[ItemRecord], curated: Iterable[ItemRecord], k: int) -> list[ItemRecord]:
    """Mem0's search answer: each raw-turn hit whose turn produced curated items found for the query (``curated``:
    a search of the same query without raw turns) is replaced by those items, at its place and score; other
    hits stay (a raw turn that produced nothing the query finds is what was said). At most ``k``, no item twice.

    Native recall keeps a raw turn where it holds a query word its item lacks ("What does Alex love?" and
    "Hi, I'm Alex. I love basketball" beside "User loves basketball"); Mem0's shape lists memories, not turns
    (the module's rule, as ``mem0_listed``)."""
    pool = [c for c in curated if not is_raw_turn(c)]
    out: list[ItemRecord] = []
    seen: set[str] = set()
    for hit in hits:
        told = set(hit.get("source") or ()) if is_raw_turn(hit) else set()
        replacements = [c for c in pool if told.intersection(c.get("source") or ())] if told else []
        for record in replacements or [hit]:
            if record["id"] not in seen:
                seen.add(record["id"])
                out.append({**record, "score": hit.get("score", record.get("score"))} if replacements else record)
    return out[:k]


def mem0_every(api: Lister, user_id: str, reveal: bool = False) -> list[ItemRecord]:
    """Every item of ``user_id`` in any status, oldest first, read page by page (``_PAGE`` items a call)."""
    out: list[ItemRecord] = []
    while True:
        page = api.get_all(user_id=user_id, filters={"statuses": []}, limit=_PAGE, offset=len(out), reveal=reveal)
        out += page
        if len(page) < _PAGE:
            return out


def mem0_scope(user_id: str | None, agent_id: str | None, filters: Mapping[str, Any] | None = None,
               run_id: str | None = None) -> str:
    """The Gulfstream user id for Mem0's entity ids (from the arguments, else from ``filters``).

    ``user_id`` (``<user_id>#agent#<agent_id>`` with an agent), else ``agent#<agent_id>``, else
    ``run#<run_id>``. Other filter keys are metadata filters (``mem0_metadata``).

    Raises:
        InvalidField: none of user_id, agent_id, run_id; one given as an argument and another in ``filters``;
            a bad id, or one holding ``#`` (kept for the scopes: module docstring); a filter with an operator
            (``{"contains": ...}``, ``AND``, ``OR``).
    """
    given = dict(filters or {})
    ids = {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}
    for name in ENTITY_KEYS:
        in_filters = given.pop(name, None)
        if ids[name] and in_filters and in_filters != ids[name]:
            raise InvalidField(f"{name} {ids[name]!r} and filters {name} {in_filters!r} differ; give one of them")
        ids[name] = ids[name] or in_filters
    user_id, agent_id, run_id = ids["user_id"], ids["agent_id"], ids["run_id"]
    mem0_metadata(given)
    if user_id:
        uid = _entity(user_id, "user_id")
        return uid if agent_id is None else f"{uid}{_WITH_AGENT}{_entity(agent_id, 'agent_id')}"
    if agent_id:
        return _AGENT + _entity(agent_id, "agent_id")
    if run_id:
        return _RUN + _entity(run_id, "run_id")
    raise InvalidField("one of user_id, agent_id or run_id is required (as an argument or in filters)")


def mem0_delete_scope(user_id: str | None, agent_id: str | None, run_id: str | None) -> str:
    """The user id Mem0's ``delete_all`` empties (``mem0_scope``), refusing a ``run_id`` beside a user or agent.

    Memories added with a ``user_id`` belong to that user (their ``run_id`` names only the turns'
    session), so a delete scoped to the run as well as the user cannot be kept to the run: it would
    delete every memory of the user. It is refused, not widened.

    Raises:
        InvalidField: ``run_id`` with ``user_id`` or ``agent_id``; what ``mem0_scope`` raises.
    """
    if run_id is not None and (user_id or agent_id):
        raise InvalidField("delete_all with run_id beside user_id or agent_id is not supported: a user's memories "
                           "are not kept apart by run, so it would delete all of them; call delete_all(run_id=...) "
                           "for memories added with run_id alone, or delete memories one by one")
    return mem0_scope(user_id, agent_id, run_id=run_id)


def _entity(value: object, what: str) -> str:
    """``value`` as a Mem0 entity id: a usable id (``check_id``) without ``#``. Raises InvalidField."""
    checked = check_id(value, what)
    if "#" in checked:
        raise InvalidField(f"{what} {checked!r} holds '#', which the Mem0-shaped calls keep for their own scopes "
                           "(agent#<id>, run#<id>, <user>#agent#<id>); use an id without '#'")
    return checked


def mem0_entities(scope: str) -> dict[str, str | None]:
    """Mem0's entity fields of a user id ``mem0_scope`` made: ``{"user_id", "agent_id", "run_id"}``
    (``agent#bot`` → agent_id ``bot``; ``ann#agent#bot`` → user_id ``ann`` and agent_id ``bot``; any
    other id is the user_id)."""
    if _WITH_AGENT in scope:
        user, _, agent = scope.partition(_WITH_AGENT)
        return {"user_id": user, "agent_id": agent, "run_id": None}
    if scope.startswith(_AGENT):
        return {"user_id": None, "agent_id": scope.removeprefix(_AGENT), "run_id": None}
    if scope.startswith(_RUN):
        return {"user_id": None, "agent_id": None, "run_id": scope.removeprefix(_RUN)}
    return {"user_id": scope, "agent_id": None, "run_id": None}


def mem0_add_metadata(metadata: object) -> dict[str, str] | None:
    """Metadata given to a Mem0 ``add``, as the string values an item keeps (None: none given).

    Gulfstream keeps metadata as exact strings, filtered by equality (``mem0_metadata``), so a value
    is a string, number or boolean (kept as its text); a nested mapping, a list, a set or any other
    object is refused, not turned silently into text no filter could match.

    Raises:
        InvalidField: ``metadata`` is not a mapping, or one of its values is not a plain value.
    """
    if metadata is None:
        return None
    if not isinstance(metadata, Mapping):
        raise InvalidField(f"metadata must be a mapping of names to values; got {type(metadata).__name__}")
    bad = sorted(str(k) for k, v in metadata.items() if not isinstance(v, str | int | float | bool))
    if bad:
        raise InvalidField(f"metadata values must be strings, numbers or booleans; {bad} hold other values "
                           "(nested mappings, lists and other objects cannot be filtered by exact value)")
    return {str(k): str(v) for k, v in metadata.items()}


def mem0_metadata(filters: Mapping[str, Any] | None) -> dict[str, str] | None:
    """The metadata part of Mem0 filters: every key but the entity ids, with a plain value (exact match).

    Raises:
        InvalidField: a value with an operator (``{"contains": ...}``), ``AND`` / ``OR`` / ``NOT``.
    """
    wanted = {k: v for k, v in (filters or {}).items() if k not in ENTITY_KEYS}
    bad = sorted(k for k, v in wanted.items() if isinstance(v, Mapping | list) or k in ("AND", "OR", "NOT"))
    if bad:
        raise InvalidField(f"filters {bad} use operators, which are not supported; filter metadata by exact "
                           "values ({'category': 'movies'})")
    return {str(k): str(v) for k, v in wanted.items()} or None


def mem0_listing(api: Lister, user_id: str, metadata: Mapping[str, str] | None, limit: int | None = None,
                 reveal: bool = False) -> list[ItemRecord]:
    """Mem0's ``get_all``: the user's active memories passing ``metadata``, oldest first, at most ``limit``
    (None: all), listed by the module's rule (raw turns that produced a curated item left out); sensitive
    values masked unless ``reveal``."""
    every = mem0_every(api, user_id, reveal)
    wanted = dict(metadata or {})
    active = [r for r in every if r["status"] == "active"
              and all((r.get("metadata") or {}).get(k) == v for k, v in wanted.items())]
    return mem0_listed(active, every)[:limit]
