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
session and, beside a user or agent, a scope within theirs, as in Mem0: kept in each memory's metadata
(``RUN_KEY``), read back as the record's ``run_id``, filtered on by ``get_all``, ``search`` and
``delete_all`` (``mem0_run``). ``delete_all`` of a user reaches their agent scopes too
(``mem0_delete_scopes``). ``#`` is kept for these scopes: an entity id holding one is refused,
so no user id a caller can name reads or deletes another scope's memories
(``user_id="agent#bot"`` would be agent ``bot``'s). ``:`` stays free for
tenant-prefixed ids (``acme:anna``). ``mem0_entities`` reads such a user id back
into Mem0's entity fields.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from memory_core.api import ItemRecord
from memory_core.errors import InvalidField, UnknownItem
from memory_core.model import Kind
from memory_core.user_scopes import AGENT_SCOPE, user_scopes
from memory_core.validation import check_id

__all__ = [
    "CURATED_KINDS",
    "ENTITY_KEYS",
    "JSON_KEYS_KEY",
    "RUN_KEY",
    "Lister",
    "Searcher",
    "curated_in_place",
    "is_raw_turn",
    "mem0_add_metadata",
    "mem0_delete_run",
    "mem0_delete_scopes",
    "mem0_deleted",
    "mem0_entities",
    "mem0_every",
    "mem0_filters",
    "mem0_listed",
    "mem0_listing",
    "mem0_metadata",
    "mem0_read_metadata",
    "mem0_run",
    "mem0_scope",
    "mem0_search",
    "mem0_with_run",
    "meta_text",
]

ENTITY_KEYS = ("user_id", "agent_id", "run_id")
#: The metadata key that keeps the Mem0 ``run_id`` of a memory added with a user or agent too (``mem0_run``).
RUN_KEY = "run_id"
#: The metadata key that names (a JSON list) the other keys whose values are JSON text: the numbers, booleans,
#: lists and objects of an add's metadata (``mem0_add_metadata``), read back as such by ``mem0_read_metadata``.
JSON_KEYS_KEY = "mem0:json"
_AGENT, _RUN, _WITH_AGENT = "agent#", "run#", AGENT_SCOPE
#: Items read per ``get_all`` page when the Mem0 shape needs every item of a user (the API's page limit).
_PAGE = 1000


class Lister(Protocol):
    """The one ``MemoryAPI`` call the Mem0 listing needs (every transport has it)."""

    def get_all(self, *, user_id: str, filters: Mapping[str, Any] | None = None, limit: int = 100,
                offset: int = 0, reveal: bool = False) -> list[ItemRecord]: ...


class Deleter(Lister, Protocol):
    """The ``MemoryAPI`` calls Mem0's ``delete_all`` of one run needs (every transport has them)."""

    def delete(self, item_id: str, *, user_id: str, reason: str = "", purge: bool = False) -> ItemRecord: ...


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
    user_id, agent_id, run_id = _entity_ids(user_id, agent_id, filters, run_id)
    if user_id:
        uid = _entity(user_id, "user_id")
        return uid if agent_id is None else f"{uid}{_WITH_AGENT}{_entity(agent_id, 'agent_id')}"
    if agent_id:
        return _AGENT + _entity(agent_id, "agent_id")
    if run_id:
        return _RUN + _entity(run_id, "run_id")
    raise InvalidField("one of user_id, agent_id or run_id is required (as an argument or in filters)")


def mem0_filters(filters: object) -> dict[str, Any]:
    """Mem0's ``filters`` as a dict ({} for None), checked at the edge before any other use.

    Raises:
        InvalidField: not a mapping with string keys (a list ``["alex"]``, a bare ``"alex"``), naming the shape
            Mem0 takes: ``filters={"user_id": "alex"}``.
    """
    if filters is None:
        return {}
    if not isinstance(filters, Mapping) or not all(isinstance(k, str) for k in filters):
        got = type(filters).__name__ if isinstance(filters, Mapping) else f"{type(filters).__name__} {filters!r:.60}"
        raise InvalidField('filters must be a mapping of names to values, such as filters={"user_id": "alex"} '
                           f'(entity ids) or {{"user_id": "alex", "category": "movies"}} (with metadata); got {got}')
    return dict(filters)


def _entity_ids(user_id: str | None, agent_id: str | None, filters: Mapping[str, Any] | None,
                run_id: str | None) -> tuple[Any, Any, Any]:
    """``(user_id, agent_id, run_id)`` from the arguments, else from ``filters``; InvalidField when an argument
    and the filter of the same name differ, or the other filters use operators (``mem0_metadata``)."""
    given = mem0_filters(filters)
    ids = {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}
    for name in ENTITY_KEYS:
        in_filters = given.pop(name, None)
        if ids[name] and in_filters and in_filters != ids[name]:
            raise InvalidField(f"{name} {ids[name]!r} and filters {name} {in_filters!r} differ; give one of them")
        ids[name] = ids[name] or in_filters
    mem0_metadata(given)
    return ids["user_id"], ids["agent_id"], ids["run_id"]


def mem0_run(user_id: str | None, agent_id: str | None, filters: Mapping[str, Any] | None = None,
             run_id: str | None = None) -> str | None:
    """The run a Mem0 call keeps to within its user's (or agent's) memories: its ``run_id`` (an argument or in
    ``filters``) when a ``user_id`` or ``agent_id`` is given too; None otherwise (a ``run_id`` alone is the
    scope ``run#<run_id>``: ``mem0_scope``).

    Mem0 keeps a run (a session) as a scope within its user: an ``add`` with ``user_id`` and ``run_id`` makes
    memories of both, ``get_all`` / ``search`` with both see that run's only, with ``user_id`` alone every run's.
    Gulfstream keeps the run in the memory's metadata, under ``RUN_KEY`` (``mem0_with_run``), and filters on it.

    Raises:
        InvalidField: what ``mem0_scope`` raises.
    """
    user_id, agent_id, run_id = _entity_ids(user_id, agent_id, filters, run_id)
    return _entity(run_id, "run_id") if run_id and (user_id or agent_id) else None


def mem0_with_run(metadata: Mapping[str, str] | None, run: str | None) -> dict[str, str] | None:
    """``metadata`` (an add's, or a filter's) with the run under ``RUN_KEY`` when ``run`` is given.

    Raises:
        InvalidField: ``metadata`` names ``RUN_KEY`` itself (pass ``run_id`` instead).
    """
    if metadata and RUN_KEY in metadata:
        raise InvalidField(f"metadata {RUN_KEY!r} is where Mem0's run_id is kept; pass run_id=... instead")
    if run is None:
        return dict(metadata) if metadata else None
    return {**(metadata or {}), RUN_KEY: run}


def mem0_delete_scopes(user_id: str | None, agent_id: str | None, run_id: str | None,
                       stored: Callable[[str], Iterable[str]], prefix: str = "") -> list[str]:
    """The stored user ids Mem0's ``delete_all`` acts on: ``mem0_scope``'s, and for a ``user_id`` without an
    agent every agent scope of that user too (``user_scopes``: Mem0's filter on ``user_id`` matches the user's
    memories with any agent). With a run beside them (``mem0_run``) only that run's memories go
    (``mem0_delete_run``).

    Args:
        stored: the stored user ids starting with a prefix (``partial(stored_user_ids, store)``). prefix: put
            before each id (over HTTP, the tenant's ``acme:``).

    Raises:
        InvalidField: what ``mem0_scope`` raises.
    """
    scope = prefix + mem0_scope(user_id, agent_id, run_id=run_id)
    return user_scopes(scope, stored(scope + AGENT_SCOPE)) if user_id and agent_id is None else [scope]


def mem0_delete_run(api: Deleter, user_id: str, run: str, reason: str) -> int:
    """Soft-delete the user's active memories of one run (``RUN_KEY`` in their metadata: ``mem0_run``), raw turns
    first as ``MemoryAPI.delete_all`` does; return how many were deleted."""
    records = [r for r in mem0_every(api, user_id)
               if r["status"] == "active" and (r.get("metadata") or {}).get(RUN_KEY) == run]
    deleted = 0
    for record in sorted(records, key=lambda r: not is_raw_turn(r)):
        try:
            api.delete(record["id"], user_id=user_id, reason=reason)
            deleted += 1
        except UnknownItem:  # ended meanwhile (a person's edit, a later turn): nothing left to delete
            continue
    return deleted


def mem0_deleted(counts: Mapping[str, int], prefix: str = "", run: str | None = None) -> list[dict[str, Any]]:
    """``delete_all``'s counts per stored user id, each scope in Mem0's entity fields:
    ``[{"user_id", "agent_id", "run_id", "deleted": n}]`` (``prefix``, the tenant's, left out of the ids;
    ``run``, the run deleted within each: ``mem0_run``)."""
    out = [{**mem0_entities(stored.removeprefix(prefix)), "deleted": n} for stored, n in counts.items()]
    return [{**d, "run_id": run} for d in out] if run else out


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

    A string is kept as it is; a number, boolean, list or object as its JSON text (``meta_text``), its key
    named under ``JSON_KEYS_KEY`` so ``mem0_read_metadata`` gives back the JSON value. A filter matches by
    equal text, so ``{"n": 2}`` (or ``{"n": "2"}``) finds ``{"n": 2}``.

    Raises:
        InvalidField: ``metadata`` is not a mapping, names ``JSON_KEYS_KEY``, or holds a value that is not JSON
            (None, a set, another object, a float that is not finite).
    """
    if metadata is None:
        return None
    if not isinstance(metadata, Mapping):
        raise InvalidField('metadata must be a mapping of names to values, such as metadata={"category": "movies"}; '
                           f"got {type(metadata).__name__} {metadata!r:.60}")
    if JSON_KEYS_KEY in metadata:
        raise InvalidField(f"metadata {JSON_KEYS_KEY!r} is where the keys of JSON values are kept; use another key")
    kept, bad = {}, []
    for key, value in metadata.items():
        try:
            kept[str(key)] = meta_text(value)
        except (TypeError, ValueError):
            bad.append(str(key))
    if bad:
        raise InvalidField(f"metadata values must be strings, numbers, booleans, lists or objects (JSON); "
                           f"{sorted(bad)} hold other values")
    typed = sorted(str(k) for k, v in metadata.items() if not isinstance(v, str))
    return {**kept, JSON_KEYS_KEY: json.dumps(typed, ensure_ascii=False)} if typed else kept


def meta_text(value: object) -> str:
    """The text a metadata value is kept and filtered as: a string itself, any other JSON value its compact
    JSON text (keys sorted).

    Raises:
        TypeError: not a JSON value (None, a set, another object). ValueError: a float that is not finite.
    """
    if isinstance(value, str):
        return value
    if value is None:
        raise TypeError("null is no metadata value")
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False)


def mem0_read_metadata(stored: Mapping[str, str]) -> dict[str, Any]:
    """An item's metadata as an add gave it: the values named under ``JSON_KEYS_KEY`` read back from JSON (a
    store written before JSON values were kept has none, and reads as its strings)."""
    metadata: dict[str, Any] = dict(stored)
    named = metadata.pop(JSON_KEYS_KEY, None)
    try:
        typed = json.loads(named) if named else []
    except ValueError:
        typed = []
    for key in typed if isinstance(typed, list) else []:
        if isinstance(key, str) and isinstance(metadata.get(key), str):
            with contextlib.suppress(ValueError):  # else left as its text
                metadata[key] = json.loads(metadata[key])
    return metadata


def mem0_metadata(filters: Mapping[str, Any] | None) -> dict[str, str] | None:
    """The metadata part of Mem0 filters: every key but the entity ids, with a plain value (exact match).

    Raises:
        InvalidField: a value with an operator (``{"contains": ...}``), ``AND`` / ``OR`` / ``NOT``.
    """
    wanted = {k: v for k, v in mem0_filters(filters).items() if k not in ENTITY_KEYS}
    bad = sorted(k for k, v in wanted.items() if isinstance(v, Mapping | list) or k in ("AND", "OR", "NOT"))
    if bad:
        raise InvalidField(f"filters {bad} use operators, which are not supported; filter metadata by exact "
                           "values ({'category': 'movies'})")
    try:
        return {str(k): meta_text(v) for k, v in wanted.items()} or None
    except (TypeError, ValueError):
        raise InvalidField("a metadata filter's values must be strings, numbers or booleans") from None


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
