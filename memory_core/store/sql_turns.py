"""The turn event store half of ``SqlStore``: append, read and mark turns, in the store's transactions.

``SqlTurnRows`` holds the ``TurnStore`` methods; ``sql.SqlStore`` mixes it in
and provides the transaction and counter helpers it relies on (``_tx``,
``_counter_row``, ``_ensure_user``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Connection, Row

from memory_core.errors import InvalidField, NotFound, TurnConflict
from memory_core.model import Turn, utcnow
from memory_core.store.sql_queries import (
    _Q_IDS_CITING,
    _Q_LAST_SEQ_LOCK,
    _Q_LIVE_SOURCES,
    _Q_SET_LAST_SEQ,
    _Q_TURN,
    _Q_TURN_INSERT,
    _Q_TURNS_AT,
    _Q_TURNS_BY_IDS,
    _S,
    _T,
    _U,
    _V,
    _turn_from_row,
    _user_ids,
)
from memory_core.store.sql_schema import DeadLetterRow
from memory_core.store.turn_text import DUPLICATE_META, is_duplicate_turn, same_turn_text
from memory_core.store.turns import TurnStore
from memory_core.validation import ROLES, check_id, check_text, check_turn_time

__all__: list[str] = []  # internal to memory_core.store.sql

_DL = DeadLetterRow.metadata.tables["dead_letters"]


class SqlTurnRows(TurnStore):
    """``TurnStore`` on the SQL store's tables (see ``sql.SqlStore``)."""

    if TYPE_CHECKING:
        def _tx(self, write: bool = False) -> AbstractContextManager[Connection]: ...
        def _counter_row(self, conn: Connection, stmt: Any, params: dict[str, Any]) -> Row[Any]: ...
        def _ensure_user(self, conn: Connection, user_id: str) -> None: ...
        def _autocommit(self, read: Callable[[Connection], Any]) -> Any: ...
        is_sqlite: bool

    def append(self, turn: Turn) -> tuple[Turn, bool]:
        """Store ``turn`` unless (user id, turn id) is stored; assign the next per-user ``seq``.

        The same turn (session, role, time and text) under a new turn id is a repeat too: stored under its id
        with ``meta["duplicate_of"]`` (``turn_text.DUPLICATE_META``), so the id has a status, and answered as
        the first copy and False; the curator applies nothing for it. So is a turn the log never held whose id a
        live memory of the user cites (imported from an export of a store that applied it: ``_cited_turn_ids``):
        stored marked ``duplicate_of`` its own id and answered False.

        Returns:
            (stored turn with its seq, True if new); a repeat gives the first copy (or, for an imported turn,
            itself) and False.

        Raises:
            InvalidField, EmptyText, TextTooLong: bad fields; TurnConflict: the same turn id with other text.
            StoreError: the database failed.
        """
        return self.append_many([turn])[0]

    def append_many(self, turns: Sequence[Turn]) -> list[tuple[Turn, bool]]:
        """Store several turns in one transaction, each as ``append`` would (all or none).

        Every turn is validated before anything is written.

        Returns:
            One (stored turn, new?) pair per input turn, in input order.

        Raises:
            InvalidField, EmptyText, TextTooLong: for the first bad turn; nothing is stored.
            StoreError: the database failed; nothing is stored.
        """
        rows = [self._turn_row(turn) for turn in turns]
        by_user: dict[str, list[int]] = defaultdict(list)
        for pos, row in enumerate(rows):
            by_user[row["user_id"]].append(pos)
        out: list[tuple[Turn, bool] | None] = [None] * len(rows)
        with self._tx(write=True) as conn:
            for user_id, positions in by_user.items():
                pairs = self._append_user_rows(conn, user_id, [rows[p] for p in positions])
                for pos, pair in zip(positions, pairs, strict=True):
                    out[pos] = pair
        return [pair for pair in out if pair is not None]

    def _append_user_rows(self, conn: Connection, user_id: str,
                          rows: list[dict[str, Any]]) -> list[tuple[Turn, bool]]:
        """Store one user's rows in input order; return (turn, new?) per row. Four statements in all.

        The first UPDATE locks the user's row, so appends of one user are
        serialised, and the SELECT after it sees any concurrent append of the
        same turn ids.
        """
        last = self._counter_row(conn, _Q_LAST_SEQ_LOCK, {"uid": user_id}).last_seq
        found = {r.turn_id: _turn_from_row(r)
                 for r in conn.execute(_Q_TURNS_BY_IDS, {"uid": user_id, "tids": [r["turn_id"] for r in rows]})}
        said = _said_at(conn, user_id, [r["timestamp"] for r in rows if r["turn_id"] not in found])
        imported = self._cited_turn_ids(conn, user_id, [r["turn_id"] for r in rows if r["turn_id"] not in found])
        new_rows: list[dict[str, Any]] = []
        pairs: list[tuple[Turn, bool]] = []
        now = utcnow()
        for row in rows:
            stored = found.get(row["turn_id"])
            if stored is None:
                first = _first_copy(said, row)
                replayed = first is None and row["turn_id"] in imported  # applied in the store it was exported from
                last += 1
                if first is not None or replayed:  # the same turn again: stored for its status, applied as nothing
                    dup_of = first.turn_id if first is not None else row["turn_id"]
                    row = {**row, "meta": {**row["meta"], DUPLICATE_META: dup_of}}
                stored = Turn(seq=last, **row)
                found[row["turn_id"]] = stored
                new_rows.append({"seq": last, "ingested_at": now, **row})
                if first is not None or replayed:
                    pairs.append((first if first is not None else stored, False))
                    continue
                said.setdefault(_said_key(row), []).append(stored)
                pairs.append((stored, True))
                continue
            if not same_turn_text(stored, row["text"]):
                raise TurnConflict(f"turn {row['turn_id']!r} of user {user_id!r} "
                                   "was stored before with other text")
            pairs.append((stored, False))
        if new_rows:
            conn.execute(_Q_TURN_INSERT, new_rows)
            conn.execute(_Q_SET_LAST_SEQ, {"uid": user_id, "seq": last})
        return pairs

    def _cited_turn_ids(self, conn: Connection, user_id: str, turn_ids: list[str]) -> set[str]:
        """Those of ``turn_ids`` (not in the log) that a live memory of the user cites as its source.

        Such a turn was applied before: its memories came with an export (``gulfstream import``) and the turn
        log, which an export does not carry, never saw it. A replay of it is a repeat, as a turn the log holds
        would be. A deleted memory's sources do not count: ``delete_all`` forgets the user's turns so the
        same message said again is stored anew (``forget_turns``).
        """
        if not turn_ids:
            return set()
        params = {"uid": user_id, "tids": sorted(set(turn_ids))}
        ids = [r.id for r in conn.execute(_Q_IDS_CITING["sqlite" if self.is_sqlite else "postgresql"], params)]
        if not ids:
            return set()
        cited = {str(t) for r in conn.execute(_Q_LIVE_SOURCES, {"uid": user_id, "ids": ids}) for t in r.source or ()}
        return cited & set(turn_ids)

    @staticmethod
    def _turn_row(turn: Turn) -> dict[str, Any]:
        """Validate a turn and return its row values (without seq). Raises InvalidInput."""
        if turn.role not in ROLES:
            raise InvalidField(f"role must be one of {', '.join(ROLES)}; got {turn.role!r}")
        if not isinstance(turn.meta, dict):
            raise InvalidField(f"meta must be a mapping; got {type(turn.meta).__name__}")
        speaker = turn.speaker if isinstance(turn.speaker, str) and turn.speaker.strip() else turn.role
        return {"user_id": check_id(turn.user_id, "user id"), "turn_id": check_id(turn.turn_id, "turn id"),
                "session_id": check_id(turn.session_id, "session id"), "role": turn.role,
                "speaker": speaker.strip(), "text": check_text(turn.text, "turn text"),
                "timestamp": check_turn_time(turn.timestamp), "meta": dict(turn.meta)}

    def rewrite_turns(self, user_id: str, texts: dict[str, tuple[str, dict[str, str]]]) -> int:
        """Replace stored turns' text and meta (``{turn id: (text, meta)}``, the sensitive-data policy's
        masked copies); return how many rows changed. One transaction. Raises StoreError."""
        if not texts:
            return 0
        changed = 0
        with self._tx(write=True) as conn:
            for turn_id, (text, meta) in texts.items():
                changed += conn.execute(update(_T).where(_T.c.user_id == user_id, _T.c.turn_id == turn_id)
                                        .values(text=text, meta=dict(meta))).rowcount or 0
        return changed

    def forget_in_sessions(self, user_id: str, metas: dict[str, dict[str, Any]], sessions: Iterable[str]) -> None:
        """Give turns their new meta (``{turn id: meta}``: ``forget_source`` marks them forgotten) and drop the
        saved rolling summaries (``session_state`` slot "summary") of ``sessions``, in one transaction.
        Raises StoreError."""
        with self._tx(write=True) as conn:
            for turn_id, meta in metas.items():
                conn.execute(update(_T).where(_T.c.user_id == user_id, _T.c.turn_id == turn_id).values(meta=meta))
            wanted = sorted(set(sessions))
            if wanted:
                conn.execute(delete(_S).where(_S.c.user_id == user_id, _S.c.session_id.in_(wanted),
                                              _S.c.slot == "summary"))

    def get_turn(self, user_id: str, turn_id: str) -> Turn:
        """Return one stored turn. Raises NotFound."""
        with self._tx() as conn:
            found = conn.execute(_Q_TURN, {"uid": user_id, "tid": turn_id}).first()
        if found is None:
            raise NotFound(f"no turn {turn_id!r} stored for user {user_id!r}")
        return _turn_from_row(found)

    def stored_texts(self, user_id: str, turn_ids: Sequence[str]) -> dict[str, str]:
        """``{turn id: stored text}`` of those of ``turn_ids`` the user has stored (one query; for a publish
        to refuse an idempotency key reused with other text before it is sent)."""
        if not turn_ids:
            return {}
        with self._tx() as conn:
            rows = conn.execute(_Q_TURNS_BY_IDS, {"uid": user_id, "tids": list(dict.fromkeys(turn_ids))})
            return {r.turn_id: r.text for r in rows}

    def turns_by_ids(self, user_id: str, turn_ids: Sequence[str]) -> dict[str, Turn]:
        """``{turn id: turn}`` of those of ``turn_ids`` the user has stored (one query). Raises StoreError."""
        if not turn_ids:
            return {}
        with self._tx() as conn:
            rows = conn.execute(_Q_TURNS_BY_IDS, {"uid": user_id, "tids": list(dict.fromkeys(turn_ids))})
            return {r.turn_id: _turn_from_row(r) for r in rows}

    def list_turns(self, user_id: str, *, after_seq: int = 0, limit: int | None = None) -> list[Turn]:
        """Return the user's turns with ``seq > after_seq`` in ``seq`` order (at most ``limit``)."""
        query = select(_T).where(_T.c.user_id == user_id, _T.c.seq > after_seq).order_by(_T.c.seq)
        if limit is not None:
            query = query.limit(limit)
        if not self.is_sqlite:  # a recall index catching up after each turn: one autocommit round trip
            return cast("list[Turn]", self._autocommit(
                lambda conn: [_turn_from_row(r) for r in conn.execute(query)]))
        with self._tx() as conn:
            return [_turn_from_row(r) for r in conn.execute(query)]

    def newest_turn_time(self, user_id: str) -> datetime | None:
        """Return the latest ``timestamp`` among the user's turns (None without turns)."""
        with self._tx() as conn:
            return cast("datetime | None", conn.execute(
                select(func.max(_T.c.timestamp)).where(_T.c.user_id == user_id)).scalar())

    def pending_turns(self, user_id: str, limit: int | None = None) -> list[Turn]:
        """Return the user's stored turns not yet applied, in ``seq`` order (one statement)."""
        mark = select(func.coalesce(func.max(_U.c.last_applied_seq), 0)).where(_U.c.user_id == user_id)
        query = select(_T).where(_T.c.user_id == user_id, _T.c.seq > mark.scalar_subquery()).order_by(_T.c.seq)
        if limit is not None:
            query = query.limit(limit)
        with self._tx() as conn:
            return [_turn_from_row(r) for r in conn.execute(query)]

    def last_applied_seq(self, user_id: str) -> int:
        """Return the highest applied ``seq`` of the user (0 if none)."""
        with self._tx() as conn:
            last = conn.execute(select(_U.c.last_applied_seq).where(_U.c.user_id == user_id)).scalar()
        return int(last or 0)

    def mark_applied(self, user_id: str, seq: int) -> None:
        """Record that the user's turns up to ``seq`` are applied (never moves backwards)."""
        user_id = check_id(user_id, "user id")
        with self._tx(write=True) as conn:
            self._ensure_user(conn, user_id)
            conn.execute(update(_U).where(_U.c.user_id == user_id, _U.c.last_applied_seq < seq)
                         .values(last_applied_seq=seq))

    def turn_users(self, prefix: str = "") -> list[str]:
        """Return the ids of users with at least one turn, sorted; with ``prefix``, those starting with it (an
        indexed ``LIKE 'prefix%'``, its ``%``, ``_`` and escape character escaped: ``_user_ids``)."""
        with self._tx() as conn:
            return list(conn.execute(_user_ids(_T.c.user_id, prefix)).scalars())

    def has_user(self, user_id: str) -> bool:
        """True when the user has stored turns or items (a row in ``users``).

        Raises:
            StoreError: the database failed.
        """
        with self._tx() as conn:
            return conn.execute(select(_U.c.user_id).where(_U.c.user_id == user_id)).first() is not None

    def dead_letter(self, user_id: str, turn_id: str) -> tuple[str, int] | None:
        """``(error type, attempts)`` of the turn's live ("dead") dead letter, or None.

        The workers write ``dead_letters`` (``workers.deadletter``); readers ask the store.

        Raises:
            StoreError: the database failed.
        """
        with self._tx() as conn:
            row = conn.execute(select(_DL.c.error_type, _DL.c.attempts).where(
                _DL.c.user_id == user_id, _DL.c.turn_id == turn_id, _DL.c.status == "dead")).first()
        return (str(row.error_type), int(row.attempts)) if row is not None else None

    def erase_turns(self, user_id: str, through_seq: int | None = None) -> int:
        """Remove the user's turns (every one, or those up to ``through_seq``) and their vectors; the seq
        counter keeps counting. Returns how many turns were removed."""
        gone = _T.c.user_id == user_id
        if through_seq is not None:
            gone = gone & (_T.c.seq <= through_seq)
        with self._tx(write=True) as conn:
            conn.execute(delete(_V).where(_V.c.user_id == user_id, _V.c.kind == "turn",
                                          _V.c.owner_id.in_(select(_T.c.turn_id).where(gone))))
            return int(conn.execute(delete(_T).where(gone)).rowcount)


_SaidKey = tuple[str, str, datetime]


def _said_key(row: dict[str, Any] | Turn) -> _SaidKey:
    """What makes two turns of a user the same turn whatever their ids: session, role and time (text aside)."""
    if isinstance(row, Turn):
        return (row.session_id, row.role, row.timestamp)
    return (row["session_id"], row["role"], row["timestamp"])


def _said_at(conn: Connection, user_id: str, times: list[datetime]) -> dict[_SaidKey, list[Turn]]:
    """The user's stored first copies (no redelivery) said at one of ``times``, by ``_said_key``.

    One query on ``ix_turns_user_time`` (migration 0014)."""
    out: dict[_SaidKey, list[Turn]] = {}
    if not times:
        return out
    for r in conn.execute(_Q_TURNS_AT, {"uid": user_id, "times": sorted(set(times))}):
        turn = _turn_from_row(r)
        if not is_duplicate_turn(turn):
            out.setdefault(_said_key(turn), []).append(turn)
    return out


def _first_copy(said: dict[_SaidKey, list[Turn]], row: dict[str, Any]) -> Turn | None:
    """The stored turn ``row`` repeats under a new id (same session, role, time and text), or None."""
    return next((t for t in said.get(_said_key(row), []) if same_turn_text(t, row["text"])), None)
