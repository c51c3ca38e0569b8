"""The item reads of ``SqlStore``: one item, lists, keys, changes since a version, owners, users.

``SqlItemReads`` holds them and ``_fetch``, the one way items are loaded from
their rows (the writes and the self-check load with it too); ``sql.SqlStore``
mixes it in and provides the transactions they rely on (``_tx``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.engine import URL, Connection

from memory_core.errors import InvalidField, StoreError, UnknownItem, UnknownUser
from memory_core.model import MemoryItem, Revision, Status
from memory_core.store.list_filters import check_list_filters
from memory_core.store.pg_changes import DriverConnectionLost, changes_rows
from memory_core.store.sql_queries import (
    _F_ACTIVE,
    _F_ALL,
    _F_CHANGED,
    _F_ID,
    _F_IDS,
    _F_KEY,
    _F_KEY_SUPERSEDED,
    _F_KEYS,
    _ITEM_FIELDS,
    _M,
    _Q_CHANGES_JOINED,
    _Q_IDS_CITING,
    _Q_IDS_REVISED_BY,
    _Q_INDEX_JOINED,
    _Q_REVS_OF,
    _Q_USER_VERSIONS,
    _REV_FIELDS,
    _REVS_BY_IDS,
    _Fetch,
    _fetch_statements,
    _prefix_rows,
    _said_after_statements,
    _user_ids,
)
from memory_core.store.store_reports import INDEXED_STATUSES, ItemChanges
from memory_core.validation import check_id

__all__: list[str] = []  # internal to memory_core.store.sql


class SqlItemReads:
    """Reads of memory items on the SQL store's tables (see ``sql.SqlStore``)."""

    if TYPE_CHECKING:
        is_sqlite: bool
        url: URL

        def _autocommit(self, read: Callable[[Connection], Any]) -> Any: ...

        def _tx(self, write: bool = False) -> AbstractContextManager[Connection]: ...

    @staticmethod
    def _fetch(conn: Connection, user_id: str, stmts: _Fetch = _F_ALL, *, with_history: bool = True,
               **params: Any) -> dict[str, MemoryItem]:
        """Load the items of ``user_id`` selected by ``stmts`` (with their histories), oldest first."""
        params["uid"] = user_id
        rows = conn.execute(stmts[0], params).all()
        if not rows:
            return {}
        history: dict[str, list[Revision]] = defaultdict(list)
        if with_history:  # a few items' revisions by their ids, not by repeating the items' select
            revs = conn.execute(_Q_REVS_OF, {"uid": user_id, "ids": [row.id for row in rows]}) \
                if len(rows) <= _REVS_BY_IDS else conn.execute(stmts[1], params)
            for r in revs:
                history[r.item_id].append(Revision(*(getattr(r, name) for name in _REV_FIELDS)))
        items = {}
        for row in rows:
            values = {name: getattr(row, name) for name in _ITEM_FIELDS}
            values["source"] = list(values["source"] or [])
            values["meta"] = dict(values["meta"] or {})
            items[row.id] = MemoryItem(user_id=row.user_id, id=row.id, history=history[row.id], **values)
        return items

    def get(self, user_id: str, item_id: str) -> MemoryItem:
        """Return one item (any status). Raises UnknownItem."""
        if not isinstance(item_id, str):
            raise InvalidField(f"item id must be a string; got {type(item_id).__name__}")
        with self._tx() as conn:
            item = self._fetch(conn, user_id, _F_ID, iid=item_id).get(item_id)
        if item is None:
            raise UnknownItem(f"no memory item {item_id!r} for user {user_id!r}")
        return item

    def list_items(self, user_id: str, *, statuses: Iterable[str] | str | None = (Status.ACTIVE,),
                   theme: str | None = None, kind: str | None = None) -> list[MemoryItem]:
        """Return a user's items filtered by status (None: all), theme and kind, oldest first.

        Filters as ``check_list_filters`` (a single string is one status).

        Raises:
            InvalidInput: a filter of the wrong type, an unknown status or kind, a bad theme
                (checked before any SQL runs).
            StoreError: the database failed.
        """
        wanted, theme, kind = check_list_filters(statuses, theme, kind)
        conds: list[ColumnElement[bool]] = []
        if wanted is not None:
            conds.append(_M.c.status.in_(wanted))
        if theme is not None:
            conds.append(_M.c.theme == theme)
        if kind is not None:
            conds.append(_M.c.kind == kind)
        with self._tx() as conn:
            return list(self._fetch(conn, user_id, _fetch_statements(*conds)).values())

    def list_items_for_index(self, user_id: str, statuses: Iterable[str]) -> list[MemoryItem]:
        """Return the user's items in ``statuses``, oldest first, WITHOUT their histories.

        What a recall index needs: one query, no revisions (a user with 100,000
        items has at least as many revisions, and recall never shows them).
        """
        cond = _M.c.status.in_([str(s) for s in statuses])
        with self._tx() as conn:
            return list(self._fetch(conn, user_id, _fetch_statements(cond), with_history=False).values())

    def index_rows(self, user_id: str) -> ItemChanges:
        """What a recall index is built from: the user's items in ``INDEXED_STATUSES`` (oldest first,
        without histories) with ``complete``, the memory version, the last turn's seq and whether any
        vector is stored (``new_vectors``).

        On PostgreSQL one autocommit statement: a cold user's build had read its version, then its
        items in a transaction (BEGIN, SELECT, ROLLBACK), its turns and its vectors: six round trips
        for a user with 100 items and no turns or vectors. On SQLite the version, then the items.

        Raises:
            InvalidField: a malformed user id.
            StoreError: the database failed.
        """
        user_id = check_id(user_id, "user id")
        if self.is_sqlite:
            version = self.memory_version(user_id)  # type: ignore[attr-defined]
            return ItemChanges(version, self.list_items_for_index(user_id, INDEXED_STATUSES), complete=True)
        rows = self._autocommit(lambda conn: conn.execute(_Q_INDEX_JOINED, {"uid": user_id, "since": -1}).all())
        if not rows:  # an unknown user
            return ItemChanges("0", [], complete=True, last_seq=0, new_vectors=False)
        return _joined(user_id, rows, complete=True)

    def changes_since(self, user_id: str, version: str) -> ItemChanges:
        """Return the items changed after ``version`` (any status, without histories), oldest first.

        On PostgreSQL one autocommit statement: the user's counters joined to
        the rows stamped after ``version`` (index ``(user_id, changed_version)``);
        on SQLite two reads in one transaction, the version first (a write
        landing in between is read too and applied again next time: harmless). The whole set (``complete``) comes back,
        in the statuses a recall index holds, when ``version`` is not one of
        this store's (not a number, above the current one) or older than the
        user's row (erased and created again since).

        Raises:
            InvalidField: a malformed user id.
            StoreError: the database failed.
        """
        user_id = check_id(user_id, "user id")
        since = int(version) if version.isdigit() else -1
        if not self.is_sqlite and since >= 0:  # the usual case on PostgreSQL: one autocommit round trip
            if self.url.get_driver_name() == "psycopg":  # (psycopg 3's own cursor: ``pg_changes``)
                rows = self._changes_rows(user_id, since)
            else:
                rows = self._autocommit(lambda conn: conn.execute(_Q_CHANGES_JOINED, {"uid": user_id, "since": since})
                                        .all())
            if not rows:
                return ItemChanges("0", [], complete=True)
            head = rows[0]
            if since <= head.memory_version and head.created_version <= since:
                return _joined(user_id, rows, complete=False)
        with self._tx() as conn:
            row = conn.execute(_Q_USER_VERSIONS, {"uid": user_id}).first()
            if row is None:
                return ItemChanges("0", [], complete=True)
            if 0 <= since <= row.memory_version and row.created_version <= since:
                items = self._fetch(conn, user_id, _F_CHANGED, with_history=False, since=since)
                return ItemChanges(str(row.memory_version), list(items.values()), complete=False,
                                   last_seq=row.last_seq)
            cond = _M.c.status.in_([str(s) for s in INDEXED_STATUSES])
            items = self._fetch(conn, user_id, _fetch_statements(cond), with_history=False)
            return ItemChanges(str(row.memory_version), list(items.values()), complete=True, last_seq=row.last_seq)

    def _changes_rows(self, user_id: str, since: int) -> Sequence[Any]:
        """``_Q_CHANGES_JOINED``'s rows on the driver's cursor (``pg_changes``); a dead connection is read once more.

        Raises:
            StoreError: the database failed.
        """
        import psycopg

        for attempt in (1, 2):
            try:
                rows: Sequence[Any] = self._autocommit(lambda conn: changes_rows(conn, user_id, since))
                return rows
            except DriverConnectionLost as exc:
                if attempt == 2:
                    raise StoreError(f"database error: {exc}") from exc
            except psycopg.Error as exc:
                raise StoreError(f"database error: {exc}") from exc
        raise AssertionError("unreachable")

    def items_of_turns(self, user_id: str, turn_ids: Iterable[str]) -> list[MemoryItem]:
        """The user's items (any status, with histories) whose source cites one of ``turn_ids`` or with a
        revision written by one, oldest first: two id lookups (revisions by ``ix_revisions_user_turn``; sources
        by ``ix_memories_source`` on PostgreSQL, ``memory_sources`` on SQLite), then those items by id.

        Raises:
            InvalidField: a malformed user id. StoreError: the database failed.
        """
        user_id, tids = check_id(user_id, "user id"), sorted({str(t) for t in turn_ids})
        if not tids:
            return []
        citing = _Q_IDS_CITING["sqlite" if self.is_sqlite else "postgresql"]
        with self._tx() as conn:
            params = {"uid": user_id, "tids": tids}
            ids = {r.item_id for r in conn.execute(_Q_IDS_REVISED_BY, params)}
            ids.update(r.id for r in conn.execute(citing, params))
            return list(self._fetch(conn, user_id, _F_IDS, ids=sorted(ids)).values()) if ids else []

    def item_usage(self, user_id: str) -> dict[str, tuple[int, datetime | None]]:
        """Hit count and last use of each of the user's items ever used (hit > 0 or a ``last_used_at``).

        Hits do not move the memory version, so an index loaded from a
        snapshot takes its hit counts from here (one read) before catching up.

        Raises:
            InvalidField: a malformed user id.
            StoreError: the database failed.
        """
        query = select(_M.c.id, _M.c.hit, _M.c.last_used_at).where(
            _M.c.user_id == check_id(user_id, "user id"), or_(_M.c.hit > 0, _M.c.last_used_at.is_not(None)))
        if self.is_sqlite:
            with self._tx() as conn:
                rows = conn.execute(query).all()
        else:
            rows = self._autocommit(lambda conn: conn.execute(query).all())
        return {row.id: (int(row.hit), row.last_used_at) for row in rows}

    def find_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """Return the user's active items with this canonical ``key``."""
        with self._tx() as conn:
            return list(self._fetch(conn, user_id, _F_KEY, key=key).values())

    def superseded_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """Return the user's superseded items with this canonical ``key`` (a slot's earlier values)."""
        with self._tx() as conn:
            return list(self._fetch(conn, user_id, _F_KEY_SUPERSEDED, key=key).values())

    def find_by_keys(self, user_id: str, keys: Iterable[str]) -> dict[str, list[MemoryItem]]:
        """Return the user's active items for each key, in one query (keys without items map to [])."""
        wanted = list(dict.fromkeys(keys))
        found: dict[str, list[MemoryItem]] = {key: [] for key in wanted}
        if wanted:
            with self._tx() as conn:
                for item in self._fetch(conn, user_id, _F_KEYS, keys=wanted).values():
                    found[str(item.key)].append(item)
        return found

    def active_by_prefix(self, user_id: str, prefixes: Sequence[str]) -> list[tuple[str, str, str]]:
        """(id, key, description) of the user's active items whose key starts with one of ``prefixes`` (no history)."""
        with self._tx() as conn:
            return _prefix_rows(conn, check_id(user_id, "user id"), prefixes)

    def active_said_after(self, user_id: str, prefix: str, after: datetime) -> list[MemoryItem]:
        """The user's active items keyed ``prefix``… said (``valid_from``, else ``created_at``) after ``after``,
        with history, in one query (``KeyLookup``)."""
        with self._tx() as conn:
            return list(self._fetch(conn, user_id, _said_after_statements(prefix), after=after).values())

    def owners_of(self, item_id: str, *, prefix: str = "") -> list[str]:
        """The users holding an item with this id (ids are unique per user), those starting with ``prefix``."""
        query = select(_M.c.user_id).where(_M.c.id == item_id)
        if prefix:
            query = query.where(_M.c.user_id.startswith(prefix, autoescape=True))
        with self._tx() as conn:
            return sorted(str(u) for u in conn.execute(query.order_by(_M.c.user_id).limit(10)).scalars())

    def owned_ids_starting(self, start: str, *, prefix: str = "", limit: int = 10) -> list[tuple[str, str]]:
        """(user id, item id) of up to ``limit`` items whose id starts with ``start``, of users whose id starts
        with ``prefix`` (a tenant's), in order (for an id prefix: ``memory_core.item_ids``)."""
        query = select(_M.c.user_id, _M.c.id).where(_M.c.id.startswith(start, autoescape=True))
        if prefix:
            query = query.where(_M.c.user_id.startswith(prefix, autoescape=True))
        with self._tx() as conn:
            rows = conn.execute(query.order_by(_M.c.user_id, _M.c.id).limit(limit)).all()
        return [(str(u), str(i)) for u, i in rows]

    def locate(self, item_id: str) -> MemoryItem:
        """Find an item by id alone, whoever owns it. Raises UnknownItem."""
        with self._tx() as conn:
            owner = conn.execute(select(_M.c.user_id).where(_M.c.id == item_id).limit(1)).scalar()
        if owner is None:
            raise UnknownItem(f"no memory item {item_id!r}")
        return self.get(owner, item_id)

    def grouped(self, user_id: str) -> dict[str, list[MemoryItem]]:
        """Return active items grouped by theme, themes sorted. Raises UnknownUser (no items)."""
        with self._tx() as conn:
            items = self._fetch(conn, user_id, _F_ACTIVE)
            anything = select(_M.c.id).where(_M.c.user_id == user_id).limit(1)
            if not items and conn.execute(anything).first() is None:
                raise UnknownUser(f"no memory for user {user_id!r}")
        groups: dict[str, list[MemoryItem]] = {}
        for item in items.values():
            groups.setdefault(item.theme, []).append(item)
        return dict(sorted(groups.items()))

    def users(self, prefix: str = "") -> list[str]:
        """Return the ids of users with at least one item, sorted; with ``prefix``, those starting with it (an
        indexed ``LIKE 'prefix%'``, its ``%``, ``_`` and escape character escaped: ``_user_ids``)."""
        with self._tx() as conn:
            return list(conn.execute(_user_ids(_M.c.user_id, prefix)).scalars())


def _joined(user_id: str, rows: Sequence[Any], complete: bool) -> ItemChanges:
    """The ``ItemChanges`` of a joined read (the user's counters on every row, an item or None per row)."""
    items = []
    for row in rows:
        if row.id is None:  # the user's row alone: no item
            continue
        values = {name: getattr(row, name) for name in _ITEM_FIELDS}
        values["source"] = list(values["source"] or [])
        items.append(MemoryItem(user_id=user_id, id=row.id, history=[], **values))
    head = rows[0]
    return ItemChanges(str(head.memory_version), items, complete=complete, last_seq=head.last_seq,
                       new_vectors=bool(head.new_vectors))
