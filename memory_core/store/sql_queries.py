"""Tables and the prebuilt statements of the SQL store, shared by its methods.

Built once at import from the row shapes in ``sql_schema``; ``sql.SqlStore``
runs them. Nothing here touches a database.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    Integer,
    Select,
    Table,
    and_,
    bindparam,
    case,
    column,
    delete,
    exists,
    func,
    insert,
    or_,
    select,
    table,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Row
from sqlalchemy.sql.elements import BindParameter

from memory_core.errors import InvalidField
from memory_core.model import MemoryItem, Revision, Status, Turn
from memory_core.store.sql_schema import (
    MemoryRow,
    RevisionRow,
    SessionStateRow,
    TurnRow,
    UserRow,
    UTCDateTime,
    VectorRow,
)
from memory_core.store.store_reports import INDEXED_STATUSES
from memory_core.store.write_ops import AddOp, MergeOp, Op

__all__: list[str] = []  # internal to memory_core.store.sql

_U = cast(Table, UserRow.__table__)
_M = cast(Table, MemoryRow.__table__)
_R = cast(Table, RevisionRow.__table__)
_T = cast(Table, TurnRow.__table__)
_S = cast(Table, SessionStateRow.__table__)
_V = cast(Table, VectorRow.__table__)
_ITEM_FIELDS = [c.name for c in _M.columns if c.name not in ("user_id", "id", "changed_version")]
_REV_FIELDS = ("op", "reason", "actor", "at", "old_description", "new_description", "old_theme",
               "new_theme", "turn_id", "other_id")


_UID: BindParameter[str] = bindparam("uid")
_Q_USER_UPSERT = {
    "sqlite": sqlite.insert(_U).values(user_id=_UID).on_conflict_do_nothing(),
    "postgresql": postgresql.insert(_U).values(user_id=_UID).on_conflict_do_nothing(),
}
_Q_FENCE = select(_U.c.last_applied_seq).where(_U.c.user_id == _UID).with_for_update()
# The next memory version: per-user +1 on SQLite (one process); on PostgreSQL the next value of one
# global sequence, so a user's version never repeats, not even after erasure (migration 0004).
_NEXT_VERSION = {
    "sqlite": _U.c.memory_version + 1,
    "postgresql": func.nextval("memory_version_seq"),
}


def _q_counters(dialect: str) -> Any:
    """UPDATE of a user's counters: version bumped when ``bump`` is 1, ``last_applied_seq`` set if given."""
    bump = bindparam("bump", type_=Integer)
    return update(_U).where(_U.c.user_id == _UID).values(
        memory_version=case((bump > 0, _NEXT_VERSION[dialect]), else_=_U.c.memory_version),
        last_applied_seq=func.coalesce(bindparam("seq", type_=Integer), _U.c.last_applied_seq),
    ).returning(_U.c.memory_version)


_Q_COUNTERS = {dialect: _q_counters(dialect) for dialect in _NEXT_VERSION}
_Q_ITEM_UPDATE = update(_M).where(_M.c.user_id == _UID, _M.c.id == bindparam("iid")).values(
    {name: bindparam(f"v_{name}", type_=_M.c[name].type) for name in _ITEM_FIELDS}
)
# the same, stamping the row with the write's memory version (a content change; hits alone keep the stamp)
_Q_ITEM_UPDATE_STAMPED = update(_M).where(_M.c.user_id == _UID, _M.c.id == bindparam("iid")).values(
    {**{name: bindparam(f"v_{name}", type_=_M.c[name].type) for name in _ITEM_FIELDS},
     "changed_version": bindparam("v_changed_version", type_=_M.c.changed_version.type)}
)
# a user's version and the version its row was created at (changes_since)
_Q_USER_VERSIONS = select(_U.c.memory_version, _U.c.created_version, _U.c.last_seq).where(_U.c.user_id == _UID)
_BY_CHANGED_AFTER = _M.c.changed_version > bindparam("since", type_=_M.c.changed_version.type)
# the same in one statement: the user's counters, joined to the rows stamped after ``since`` (none: one
# row of NULLs), for a single round trip on an autocommit connection
# Whether any vector was written after the version asked about: a recall index skips the
# vector read (a second round trip) when none was (index ``(user_id, changed_version)``).
_NEW_VECTORS = exists().where(_V.c.user_id == _UID, _V.c.changed_version > bindparam(
    "since", type_=_V.c.changed_version.type)).label("new_vectors")
_Q_CHANGES_JOINED = (
    select(_U.c.memory_version, _U.c.created_version, _U.c.last_seq, _NEW_VECTORS, _M.c.id,
           *(_M.c[name] for name in _ITEM_FIELDS))
    .select_from(_U.outerjoin(_M, and_(_M.c.user_id == _U.c.user_id, _BY_CHANGED_AFTER)))
    .where(_U.c.user_id == _UID).order_by(_M.c.created_at, _M.c.id)
)
# A cold user's recall index in one statement: counters, the vectors flag (since -1: any) and the
# items a recall index holds (``INDEXED_STATUSES``), oldest first.
_Q_INDEX_JOINED = (
    select(_U.c.memory_version, _U.c.created_version, _U.c.last_seq, _NEW_VECTORS, _M.c.id,
           *(_M.c[name] for name in _ITEM_FIELDS))
    .select_from(_U.outerjoin(_M, and_(_M.c.user_id == _U.c.user_id,
                                       _M.c.status.in_([str(s) for s in INDEXED_STATUSES]))))
    .where(_U.c.user_id == _UID).order_by(_M.c.created_at, _M.c.id)
)
_Q_REVS_DELETE = delete(_R).where(_R.c.user_id == _UID, _R.c.item_id == bindparam("iid"))
_Q_ITEM_INSERT = insert(_M)
_Q_REV_INSERT = insert(_R)
_Q_VERSION = select(_U.c.memory_version).where(_U.c.user_id == _UID)
_Q_TURN = select(_T).where(_T.c.user_id == _UID, _T.c.turn_id == bindparam("tid"))
# Lock the user's row (a no-op UPDATE) and read its turn counter; then read stored turns by id.
_Q_LAST_SEQ_LOCK = update(_U).where(_U.c.user_id == _UID).values(last_seq=_U.c.last_seq).returning(_U.c.last_seq)
_Q_TURNS_BY_IDS = select(_T).where(_T.c.user_id == _UID, _T.c.turn_id.in_(bindparam("tids", expanding=True)))
#: a user's turns said at one of several times (``ix_turns_user_time``): a redelivery under new ids is found by them
_Q_TURNS_AT = select(_T).where(_T.c.user_id == _UID, _T.c.timestamp.in_(bindparam("times", expanding=True)))
_Q_SET_LAST_SEQ = update(_U).where(_U.c.user_id == _UID).values(last_seq=bindparam("seq", type_=Integer))
_Q_TURN_INSERT = insert(_T)
_PG_TRY_LOCK = text("SELECT pg_try_advisory_lock(hashtextextended(:k, 0))")
_PG_UNLOCK = text("SELECT pg_advisory_unlock(hashtextextended(:k, 0))")
_BY_IDS = _M.c.id.in_(bindparam("ids", expanding=True))
_BY_KEY_ACTIVE = and_(_M.c.key == bindparam("key"), _M.c.status == Status.ACTIVE)
# the status is compared through coalesce (it is never NULL) so that no index is read by it: for a list of
# keys, SQLite's planner (no statistics) otherwise read every active item of the user by the (user, status)
# index instead of the keys' by (user, key), ~15 times the cost on a LoCoMo conversation, growing with it
_BY_KEYS_ACTIVE = and_(_M.c.key.in_(bindparam("keys", expanding=True)),
                       func.coalesce(_M.c.status, "") == Status.ACTIVE)
_BY_KEY_SUPERSEDED = and_(_M.c.key == bindparam("key"), _M.c.status == Status.SUPERSEDED)
_BY_ID = _M.c.id == bindparam("iid")
_ACTIVE = _M.c.status == Status.ACTIVE

_Fetch = tuple[Select[Any], Select[Any]]


def _fetch_statements(*conds: ColumnElement[bool]) -> _Fetch:
    """Return (items, revisions) selects for one user's items matching ``conds``.

    The revisions are read as those of the user whose item id is among the selected items' (a semi-join):
    written as a join, SQLite walked every revision of the user in index order and looked each item up,
    a cost growing with the user's history; this form looks the chosen items' revisions up by id.
    """
    where = and_(_M.c.user_id == _UID, *conds)
    items = select(_M).where(where).order_by(_M.c.created_at, _M.c.id)
    chosen = select(_M.c.id).where(where)
    revs = select(*_R.c).where(_R.c.user_id == _UID, _R.c.item_id.in_(chosen)).order_by(_R.c.item_id,
                                                                                       _R.c.position)
    return items, revs


def _user_ids(column: Any, prefix: str) -> Select[Any]:
    """The distinct user ids of ``column`` (a table's ``user_id``), sorted; with ``prefix``, those starting with it
    (``LIKE 'prefix%'``, its ``%``, ``_`` and escape character escaped by ``autoescape``)."""
    query = select(column).distinct().order_by(column)
    return query.where(column.startswith(prefix, autoescape=True)) if prefix else query


def _prefix_rows(conn: Connection, user_id: str, prefixes: Sequence[str]) -> list[tuple[str, str, str]]:
    """(id, key, description) of the user's active items whose key starts with one of ``prefixes`` (no history)."""
    if not prefixes:
        return []
    return [(str(r.id), str(r.key), str(r.description))
            for r in conn.execute(_prefix_query(tuple(prefixes)), {"uid": user_id})]


@functools.lru_cache(maxsize=64)
def _prefix_query(prefixes: tuple[str, ...]) -> Select[Any]:
    """The select of ``_prefix_rows`` (built once per prefixes: building it was a third of the read's cost)."""
    return select(_M.c.id, _M.c.key, _M.c.description).where(
        _M.c.user_id == _UID, _M.c.status == Status.ACTIVE,
        or_(*(_M.c.key.startswith(p, autoescape=True) for p in prefixes))).order_by(_M.c.created_at, _M.c.id)


#: The revisions of at most this many items read are looked up by the items' ids (``_Q_REVS_OF``); more by
#: the items' own select (a list of ids that long is no cheaper, and databases bound a statement's parameters).
_REVS_BY_IDS = 200
_Q_REVS_OF = select(*_R.c).where(_R.c.user_id == _UID, _R.c.item_id.in_(bindparam("ids", expanding=True))) \
    .order_by(_R.c.item_id, _R.c.position)
_F_ALL = _fetch_statements()
_F_IDS = _fetch_statements(_BY_IDS)
_F_ID = _fetch_statements(_BY_ID)
_F_KEY = _fetch_statements(_BY_KEY_ACTIVE)
_F_KEY_SUPERSEDED = _fetch_statements(_BY_KEY_SUPERSEDED)
_F_KEYS = _fetch_statements(_BY_KEYS_ACTIVE)
_F_ACTIVE = _fetch_statements(_ACTIVE)
_F_CHANGED = _fetch_statements(_BY_CHANGED_AFTER)


#: The ids of the user's items a turn of ``:tids`` wrote a revision of (index ``ix_revisions_user_turn``).
_Q_IDS_REVISED_BY = select(_R.c.item_id).distinct().where(
    _R.c.user_id == _UID, _R.c.turn_id.in_(bindparam("tids", expanding=True)))


#: The turns each item's source cites, one row per (user, turn, item): SQLite only, kept by triggers (migration
#: 0013); primary key (user_id, turn_id, item_id).
MEMORY_SOURCES = table("memory_sources", column("user_id"), column("turn_id"), column("item_id"))


def _q_ids_citing(dialect: str) -> Select[Any]:
    """The ids of the user's items whose ``source`` cites one of ``:tids`` (a confirmation cites its turn
    without a revision): PostgreSQL's jsonb ``?|`` (GIN index ``ix_memories_source``); SQLite's
    ``memory_sources`` rows (its primary key: no index can hold a JSON array's members there)."""
    if dialect == "postgresql":
        cites = _M.c.source.op("?|")(bindparam("tids", type_=postgresql.ARRAY(_R.c.turn_id.type)))
        return select(_M.c.id).where(_M.c.user_id == _UID, cites)
    src = MEMORY_SOURCES.c
    return select(src.item_id.label("id")).distinct().where(
        src.user_id == _UID, src.turn_id.in_(bindparam("tids", expanding=True)))


_Q_IDS_CITING = {dialect: _q_ids_citing(dialect) for dialect in ("postgresql", "sqlite")}
#: The sources of the user's items of ``:ids`` that were not deleted (a replayed turn's id cited by a memory).
_Q_LIVE_SOURCES = select(_M.c.source).where(_M.c.user_id == _UID, _M.c.status != Status.DELETED,
                                           _M.c.id.in_(bindparam("ids", expanding=True)))


@functools.lru_cache(maxsize=16)
def _said_after_statements(prefix: str) -> _Fetch:
    """The fetch of the user's active items keyed ``prefix``… said (``valid_from``, else ``created_at``) after
    ``:after``."""
    said = func.coalesce(_M.c.valid_from, _M.c.created_at)
    return _fetch_statements(_M.c.key.startswith(prefix, autoescape=True), _M.c.status == Status.ACTIVE,
                             said > bindparam("after", type_=UTCDateTime))


def _item_values(item: MemoryItem) -> dict[str, Any]:
    values = {name: getattr(item, name) for name in _ITEM_FIELDS}
    values["source"] = list(item.source)
    values["meta"] = dict(item.meta) or None
    for name in ("kind", "status", "trust"):
        values[name] = str(values[name])
    return values


def _rev_values(user_id: str, item_id: str, position: int, rev: Revision) -> dict[str, Any]:
    values = {name: getattr(rev, name) for name in _REV_FIELDS}
    values.update(user_id=user_id, item_id=item_id, position=position, op=str(rev.op), actor=str(rev.actor))
    return values


def _turn_from_row(row: Row[Any]) -> Turn:
    return Turn(user_id=row.user_id, turn_id=row.turn_id, session_id=row.session_id, role=row.role,
                text=row.text, timestamp=row.timestamp, speaker=row.speaker, seq=row.seq,
                meta=dict(row.meta or {}))


def _named_ids(ops: Sequence[Op]) -> set[str]:
    """Return the item ids a batch reads or creates; refuse ids that are not strings."""
    names: list[object] = []
    for op in ops:
        if isinstance(op, AddOp):
            names.append(op.item.id)
        elif isinstance(op, MergeOp):
            names += [op.keep_id, op.other_id]
        else:
            names.append(op.item_id)
    for name in names:
        if not isinstance(name, str):
            raise InvalidField(f"item id must be a string; got {type(name).__name__}")
    return cast(set[str], set(names))
