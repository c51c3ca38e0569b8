"""A LangGraph ``BaseStore`` on any ``MemoryAPI``, so LangGraph agents and LangMem's tools keep memory here.

Needs the ``langgraph`` extra. Namespaces map to users and themes:
``(*prefix, user_id)`` is every item of the user, ``(*prefix, user_id, theme)``
the items of one theme; with ``tenant`` set, the user is ``tenant:user_id``
(the way the HTTP shim names a tenant's users). A key is an item id. A
value is stored as the item's text: ``value["content"]`` when it is a
string and the only field (LangMem's shape), else the whole value as JSON;
reads give ``{"content": text, "theme", "kind", "status"}`` back for a text,
and a JSON value exactly as it was put (``store_values``).

Beside BaseStore's contract:

- ``index=False`` keeps the item out of the store's query search (``get``
  and listing still give it); Gulfstream's own recall still sees it. Whether a
  key is indexed is chosen by its first put: a later put with ``index=None``
  keeps it, one asking for the other choice raises ``InvalidField``.
- ``filter`` names value fields (``{"tags": ["drink"]}``, ``{"n": {"$gte": 2}}``);
  ``theme``, ``kind`` and ``status`` select items as Gulfstream's filters do.
  A query search filters its best ``MAX_TOP_K`` (100) hits.
- Search and namespaces hold the curated kinds only: the raw chat turns
  Gulfstream keeps as its episodic record (kind ``event``, tool text among
  them) are not store items unless ``filter={"kind": "event"}`` asks for them.
- ``ttl`` is not supported (``supports_ttl`` is False): ``put(..., ttl=…)``
  raises BaseStore's ``NotImplementedError``.

Example::

    from memory_core.embedded import EmbeddedMemory
    from memory_core.integrations.langgraph_store import MemoryStoreAdapter

    store = MemoryStoreAdapter(EmbeddedMemory.open(), prefix=("memories",))
    store.put(("memories", "ana"), "k1", {"content": "Ana prefers window seats"})
    store.search(("memories", "ana"), query="seat preference")[0].value["content"]
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from memory_core.integrations import missing_extra

try:
    from langgraph.store.base import (
        BaseStore,
        GetOp,
        Item,
        ListNamespacesOp,
        Op,
        PutOp,
        Result,
        SearchItem,
        SearchOp,
    )
except ModuleNotFoundError as exc:  # a clear message naming the extra, not a bare import error
    raise missing_extra(__name__, "langgraph", exc) from exc

from memory_core.api import ItemRecord, MemoryAPI
from memory_core.api_users import MAX_USERS_PAGE
from memory_core.errors import InvalidField, UnknownItem
from memory_core.integrations.store_values import UNINDEXED, indexed, stored_text, value_matches, value_of
from memory_core.model import Kind
from memory_core.validation import MAX_TOP_K, check_timestamp

__all__ = ["MemoryStoreAdapter"]

_FILTERS = {"theme", "kind", "status"}
#: The kinds a store search and its namespaces hold unless a kind filter says otherwise (no raw turns).
_STORE_KINDS = [k.value for k in Kind if k != Kind.EVENT]
#: Items read per ``get_all`` call when every active item of a user is needed (the API's page limit).
_PAGE = 1000


def _matches(namespace: tuple[str, ...], cond: Any, partial: bool = False) -> bool:
    """True when ``namespace`` passes a LangGraph ``MatchCondition`` (``"*"`` matches any label); with
    ``partial``, when some longer namespace starting with it could (a prefix condition longer than it)."""
    path = tuple(cond.path)
    if cond.match_type == "prefix":
        head = namespace[:len(path)]
        return (len(namespace) >= len(path) or partial) and all(p in ("*", x) for p, x in zip(path, head, strict=False))
    if partial:
        return True  # a suffix is judged on the full namespace
    tail = namespace[len(namespace) - len(path):] if len(path) <= len(namespace) else None
    return tail is not None and all(p in ("*", x) for p, x in zip(path, tail, strict=True))


class MemoryStoreAdapter(BaseStore):
    """LangGraph's ``BaseStore`` (batch/abatch over Get, Search, Put, Delete, ListNamespaces) on a ``MemoryAPI``.

    Args:
        api: any ``MemoryAPI``.
        prefix: namespace labels before the user id (e.g. ``("memories",)``).
        tenant: when set, namespace user ``u`` is Gulfstream user ``tenant:u``.
    """

    def __init__(self, api: MemoryAPI, *, prefix: tuple[str, ...] = (), tenant: str | None = None) -> None:
        self.api, self.prefix, self.tenant = api, tuple(prefix), tenant

    # ── namespaces ─────────────────────────────────────────────────────

    def _scope(self, namespace: tuple[str, ...]) -> tuple[str, str | None]:
        """``(gulfstream user id, theme or None)`` for a namespace. Raises InvalidField."""
        n = len(self.prefix)
        if tuple(namespace[:n]) != self.prefix or not n < len(namespace) <= n + 2:
            raise InvalidField(f"namespace {namespace!r} is not {(*self.prefix, '<user>', '[theme]')!r}")
        user = namespace[n]
        theme = namespace[n + 1] if len(namespace) > n + 1 else None
        return (f"{self.tenant}:{user}" if self.tenant else user), theme

    def _parts(self, record: ItemRecord, namespace: tuple[str, ...], exact: bool = False) -> dict[str, Any]:
        """The keyword arguments of an ``Item`` for a record read under ``namespace`` (``exact``: a ``get``,
        whose item is in the namespace asked; a search under a user's namespace names the item's theme too)."""
        value = value_of(record)
        ns = namespace if exact or len(namespace) > len(self.prefix) + 1 else (*namespace, record["theme"])
        return {"namespace": ns, "key": record["id"], "value": value,
                "created_at": check_timestamp(record["created_at"]),
                "updated_at": check_timestamp(record["updated_at"])}

    def _item(self, record: ItemRecord, namespace: tuple[str, ...]) -> Item:
        return Item(**self._parts(record, namespace, exact=True))

    def _found(self, record: ItemRecord, namespace: tuple[str, ...], score: float | None) -> SearchItem:
        return SearchItem(**self._parts(record, namespace), score=score)

    # ── ops ────────────────────────────────────────────────────────────

    def _get(self, op: GetOp) -> Item | None:
        user, theme = self._scope(op.namespace)
        try:
            record = self.api.get(op.key, user_id=user)
        except UnknownItem:
            return None
        if record["status"] == "deleted" or (theme is not None and record["theme"] != theme):
            return None
        return self._item(record, op.namespace)

    def _search(self, op: SearchOp) -> list[SearchItem]:
        user, theme = self._scope(op.namespace_prefix)
        where = dict(op.filter or {})
        filters: dict[str, Any] = {name: where.pop(name) for name in _FILTERS if name in where
                                   and isinstance(where[name], str | list)}
        filters.setdefault("kind", _STORE_KINDS)  # raw turns are the episodic record, not store items
        if theme is not None:
            filters["theme"] = theme
        want = op.offset + op.limit

        def kept(records: list[ItemRecord]) -> list[ItemRecord]:
            return [r for r in records if (not op.query or indexed(r)) and value_matches(value_of(r), where)]

        if op.query:
            query = op.query
            hits = self._deep(lambda n: self.api.search(query, user_id=user, k=n, filters=filters), kept,
                              min(want, MAX_TOP_K), MAX_TOP_K)
            return [self._found(r, op.namespace_prefix, r["score"]) for r in hits[op.offset:want]]
        if not where:
            records = self.api.get_all(user_id=user, filters=filters, limit=op.limit, offset=op.offset)
            return [self._found(r, op.namespace_prefix, None) for r in records]
        found: list[ItemRecord] = []
        offset = 0
        while len(found) < want:  # a value filter: pages of the user's items until the page asked is full
            page = self.api.get_all(user_id=user, filters=filters, limit=_PAGE, offset=offset)
            found += kept(page)
            if len(page) < _PAGE:
                break
            offset += len(page)
        return [self._found(r, op.namespace_prefix, None) for r in found[op.offset:want]]

    @staticmethod
    def _deep(search: Callable[[int], list[ItemRecord]], kept: Callable[[list[ItemRecord]], list[ItemRecord]],
              first: int, most: int) -> list[ItemRecord]:
        """``kept`` of ``search(first)``; when that dropped some and left the page short, of ``search(most)``."""
        hits = search(first)
        out = kept(hits)
        if len(out) < len(hits) and len(hits) == first < most:
            out = kept(search(most))
        return out

    def _put(self, op: PutOp) -> None:
        user, theme = self._scope(op.namespace)
        if op.value is None:
            with contextlib.suppress(UnknownItem):  # deleting what is not there is a no-op, as in LangGraph
                self.api.delete(op.key, user_id=user, reason="deleted from the LangGraph store")
            return
        if not isinstance(op.value, Mapping):  # LangGraph's values are dicts; anything else is a caller's mistake
            raise InvalidField(f"a store value must be a dict (or None to delete), got {type(op.value).__name__}")
        text = stored_text(op.value)
        try:
            existing = self.api.get(op.key, user_id=user)
        except UnknownItem:
            existing = None
        if existing is not None and existing["status"] == "active":
            if op.index is not None and (op.index is not False) != indexed(existing):
                raise InvalidField(f"key {op.key!r} was put {'' if indexed(existing) else 'not '}indexed; a put "
                                   "cannot change that: delete it and put the value under a new key")
            if existing["description"] != text or (theme and existing["theme"] != theme):
                self.api.update(op.key, text if existing["description"] != text else None, user_id=user,
                                theme=theme if theme and existing["theme"] != theme else None,
                                reason="put to the LangGraph store")
            return
        meta = dict([UNINDEXED]) if op.index is False else None
        self.api.add([{"role": "user", "content": text, "id": op.key}], user_id=user, infer=False, theme=theme,
                     metadata=meta)

    def _users(self) -> list[str]:
        """The namespace user ids of every user the API lists (``MemoryAPI.users``), inside ``tenant`` when set."""
        every: list[str] = []
        while len(page := self.api.users(limit=MAX_USERS_PAGE, offset=len(every))) == MAX_USERS_PAGE:
            every += page
        every += page
        if not self.tenant:
            return every
        return [u.removeprefix(f"{self.tenant}:") for u in every if u.startswith(f"{self.tenant}:")]

    def _themes(self, scope: str) -> set[str]:
        """The themes of every active item of user ``scope``, read ``_PAGE`` items a call."""
        themes: set[str] = set()
        offset = 0
        while True:
            page = self.api.get_all(user_id=scope, filters={"kind": _STORE_KINDS}, limit=_PAGE, offset=offset)
            themes.update(r["theme"] for r in page)
            if len(page) < _PAGE:
                return themes
            offset += len(page)

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        """The ``(*prefix, user, theme)`` namespaces holding active items, sorted, that pass every match
        condition (``prefix`` / ``suffix``, ``"*"`` matching any label), cut to ``max_depth``; one page.
        Users come from ``MemoryAPI.users``; a user's themes from all their active items, read a page
        (``_PAGE`` items) at a time. Cut at the user level by prefix conditions alone, one item a user is
        read: any of their themes passes, and only whether one exists matters."""
        conds = list(op.match_conditions or ())
        found: set[tuple[str, ...]] = set()
        for user in self._users():
            user_ns = (*self.prefix, user)
            if not all(_matches(user_ns, c, partial=True) for c in conds):
                continue  # no namespace of this user can pass: its items are not read
            scope, _ = self._scope(user_ns)
            if op.max_depth is not None and op.max_depth <= len(user_ns) and all(
                    c.match_type == "prefix" and len(c.path) <= len(user_ns) for c in conds):
                if self.api.get_all(user_id=scope, filters={"kind": _STORE_KINDS}, limit=1):
                    found.add(user_ns[:op.max_depth])
                continue
            full = [ns for ns in ((*user_ns, t) for t in self._themes(scope)) if all(_matches(ns, c) for c in conds)]
            found.update(ns[:op.max_depth] if op.max_depth is not None else ns for ns in full)
        return sorted(found)[op.offset:op.offset + op.limit]

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run the ops in order; one result each (None for a put or delete)."""
        results: list[Result] = []
        for op in ops:
            if isinstance(op, GetOp):
                results.append(self._get(op))
            elif isinstance(op, SearchOp):
                results.append(self._search(op))
            elif isinstance(op, PutOp):
                self._put(op)
                results.append(None)
            elif isinstance(op, ListNamespacesOp):
                results.append(self._list_namespaces(op))
            else:
                raise InvalidField(f"unknown store op {op!r}")
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """``batch`` in the loop's executor (the API calls block)."""
        return await asyncio.get_running_loop().run_in_executor(None, self.batch, list(ops))

