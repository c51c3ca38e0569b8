"""The op-batch writes of ``SqlStore``: ``apply`` (one batch) and ``apply_turns`` (a group of turns).

Each is one transaction that loads only the items the batch names, runs the
shared ``apply_ops`` on them and writes back only what changed. With a turn's
``seq`` it also checks and moves the user's ``last_applied_seq`` in that same
transaction: the fencing token that makes curate tasks idempotent and ordered
(see ``notes/celery.md``). ``SqlBatchWrites`` holds them; ``sql.SqlStore``
mixes it in and provides the transaction and row helpers they rely on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import Connection, Row

from memory_core.errors import StoreError
from memory_core.model import MemoryItem, Turn
from memory_core.store.base import KeyLookup, apply_ops, content_changed
from memory_core.store.sql_group import GroupView
from memory_core.store.sql_queries import (
    _F_ALL,
    _F_IDS,
    _F_KEY_SUPERSEDED,
    _F_KEYS,
    _Q_FENCE,
    _Fetch,
    _named_ids,
    _prefix_rows,
    _said_after_statements,
)
from memory_core.store.sql_rows import bump_and_stamp as _bump_and_stamp
from memory_core.store.sql_rows import item_rows as _item_rows
from memory_core.store.sql_rows import stamp_rows as _stamp_rows
from memory_core.store.sql_rows import write_rows as _write_rows
from memory_core.store.write_ops import Op
from memory_core.validation import check_id

__all__: list[str] = []  # internal to memory_core.store.sql


class SqlBatchWrites:
    """The op-batch writes on the SQL store's tables (see ``sql.SqlStore``)."""

    if TYPE_CHECKING:
        is_sqlite: bool
        _q_counters: Any

        def _tx(self, write: bool = False) -> AbstractContextManager[Connection]: ...

        def _counter_row(self, conn: Connection, stmt: Any, params: dict[str, Any]) -> Row[Any]: ...

        @staticmethod
        def _fetch(conn: Connection, user_id: str, stmts: _Fetch = _F_ALL, *, with_history: bool = True,
                   **params: Any) -> dict[str, MemoryItem]: ...

    def apply(
        self, user_id: str, ops: Sequence[Op], *, applied_seq: int | None = None
    ) -> list[Any] | None:
        """Apply a batch of ops in one transaction; return one result per op.

        Args:
            user_id: owner of the items.
            ops: the batch (see ``memory_core.store.write_ops``).
            applied_seq: the turn ``seq`` this batch applies, if any. Then, in
                the same transaction: already applied (``last_applied_seq >=
                applied_seq``) → return None and change nothing; not the next
                one → StoreError; else apply and record it.

        Returns:
            One result per op, or None for an already applied ``applied_seq``.

        Raises:
            UnknownItem, InvalidField: the batch is refused; nothing changes.
            StoreError: out-of-order ``applied_seq``, or the database failed; nothing changes.
        """
        user_id = check_id(user_id, "user id")
        ops = list(ops)
        names = _named_ids(ops)
        with self._tx(write=True) as conn:
            if applied_seq is not None:
                last = self._counter_row(conn, _Q_FENCE, {"uid": user_id}).last_applied_seq
                if last >= applied_seq:
                    return None
                if last != applied_seq - 1:
                    raise StoreError(f"turn seq {applied_seq} of user {user_id!r} is out of order: "
                                     f"last applied is {last}")
            items = self._fetch(conn, user_id, _F_IDS, ids=sorted(names)) if names else {}
            before = {item_id: list(item.history) for item_id, item in items.items()}
            results, touched = apply_ops(items, user_id, ops)
            rows = _item_rows(user_id, (items[i] for i in sorted(touched)), before)  # before the row lock
            bump = int(content_changed(ops))
            if bump and applied_seq is None:  # the counters row last: locked for one stamp and the commit
                _write_rows(conn, rows, 0)
                if self.is_sqlite or not _bump_and_stamp(conn, rows):
                    _stamp_rows(conn, rows, self._counter_row(conn, self._q_counters,
                                                              {"uid": user_id, "bump": 1, "seq": None}).memory_version)
                return results
            version = None
            if bump or applied_seq is not None:
                version = self._counter_row(conn, self._q_counters,
                                            {"uid": user_id, "bump": bump, "seq": applied_seq}).memory_version
            _write_rows(conn, rows, version if bump else None)
        return results

    def apply_turns(self, user_id: str, turns: Sequence[Turn],
                    plan: Callable[[Turn, KeyLookup], Sequence[Op]], prefetch_keys: Iterable[str] = ()) -> int:
        """Plan and apply consecutive turns of one user in one transaction; return how many were applied.

        Each turn is planned with ``plan(turn, view)``, where ``view`` (a
        ``GroupView``) answers key lookups on this transaction's connection
        with the earlier turns' changes on top, so turn N+1 sees turn N. The
        effects of every turn and the user's ``last_applied_seq`` (the last
        turn's seq) are written together at the end: a group is applied whole
        or not at all. Turns at or below ``last_applied_seq`` are skipped
        (applied before). Only for plans without slow calls: the transaction
        holds the user's row lock while it plans.

        Args:
            user_id: owner of the turns.
            turns: pending turns in ``seq`` order, consecutive.
            plan: the write pipeline's planner (no writes of its own).
            prefetch_keys: keys the plans will look up, read in one query up front.

        Raises:
            StoreError: the turns are not the next ones in order, or the database failed.
            Whatever ``plan`` or the ops raise (``InvalidInput`` ...); nothing is kept.
        """
        user_id = check_id(user_id, "user id")
        with self._tx(write=True) as conn:
            last = self._counter_row(conn, _Q_FENCE, {"uid": user_id}).last_applied_seq
            todo = [turn for turn in turns if turn.seq is not None and turn.seq > last]
            if not todo:
                return 0
            expected = list(range(last + 1, last + 1 + len(todo)))
            if [turn.seq for turn in todo] != expected or any(t.user_id != user_id for t in todo):
                raise StoreError(f"turns of user {user_id!r} are not the next ones in order: seqs "
                                 f"{[t.seq for t in todo]}, last applied {last}")
            view = GroupView(
                user_id,
                by_keys=lambda keys: self._fetch(conn, user_id, _F_KEYS, keys=list(keys)),
                by_ids=lambda ids: self._fetch(conn, user_id, _F_IDS, ids=list(ids)),
                by_prefix=lambda prefixes: _prefix_rows(conn, user_id, prefixes),
                superseded=lambda key: self._fetch(conn, user_id, _F_KEY_SUPERSEDED, key=key),
                said_after=lambda prefix, after: self._fetch(conn, user_id, _said_after_statements(prefix),
                                                             after=after))
            view.find_by_keys(user_id, prefetch_keys)
            for turn in todo:
                view.apply(plan(turn, view))
            rows = _item_rows(user_id, (view.items[i] for i in sorted(view.touched)), view.before)
            version = self._counter_row(conn, self._q_counters,
                                        {"uid": user_id, "bump": int(view.changed), "seq": todo[-1].seq}).memory_version
            _write_rows(conn, rows, version if view.changed else None)
        return len(todo)
