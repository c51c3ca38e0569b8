"""Embeddings of a user's items and turns in the SQL store (table ``vectors``, migration ``0007``).

One row per (user, kind, owner): ``kind`` is "item" or "turn", the vector
is ``dim`` float32 values (little-endian bytes) made by ``model_id`` from
the text whose hash is ``text_sha``; ``coarse`` marks one the static piece
table made on the write path, which the model's vector of the same text
replaces later (``refine``; migration ``0009``). A store holds the vectors of one model
only: ``check_model`` refuses to work with another (``gulfstream reindex``
re-embeds). Writing vectors bumps the user's ``memory_version``, so a
recall worker's cached index picks them up.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal, overload

import numpy as np
from sqlalchemy import String, delete, func, insert, or_, select, tuple_, update
from sqlalchemy import cast as sql_cast

from memory_core.errors import StoreError
from memory_core.store.sql_queries import _M, _T, _U, _V

if TYPE_CHECKING:
    from memory_core.store.sql import SqlStore

__all__ = ["SqlVectors", "VectorModelMismatch", "VectorRecord"]

_CHUNK = 500  # owners per IN (...) list

VectorRecord = tuple[str, str, str, np.ndarray]
"""(kind, owner id, text sha, shape (dim,) float32 vector)."""


class VectorModelMismatch(StoreError):
    """Raised when the store's vectors were made by another model or dimension than the configured embedder."""


class SqlVectors:
    """Read and write one store's vectors.

    Args:
        store: the SQL store (its engine and transactions are used).
    """

    def __init__(self, store: SqlStore) -> None:
        self.store = store

    def check_model(self, model_id: str, dim: int) -> None:
        """Refuse a store whose vectors another model (or dimension) made.

        Raises:
            VectorModelMismatch: naming both models and the fix.
            StoreError: the database failed.
        """
        with self.store._tx() as conn:
            row = conn.execute(select(_V.c.model_id, _V.c.dim)
                               .where(or_(_V.c.model_id != model_id, _V.c.dim != dim)).limit(1)).first()
        if row is not None:
            raise VectorModelMismatch(
                f"this store's vectors were made by {row.model_id} ({row.dim} dimensions) but the embedder is "
                f"{model_id} ({dim} dimensions): run `gulfstream reindex` to re-embed everything with the "
                "current embedder, or set GULFSTREAM_EMBEDDER to the one the store was written with")

    def shas(self, user_id: str, owners: Iterable[str] | None = None,
             final: bool = False) -> dict[tuple[str, str], str]:
        """{(kind, owner id): text sha} of the user's stored vectors; only those of ``owners`` when given;
        ``final``: coarse vectors left out (the model's pass takes them as missing)."""
        return {key: sha for key, (sha, coarse) in self.marked(user_id, owners).items() if not (final and coarse)}

    def marked(self, user_id: str, owners: Iterable[str] | None = None) -> dict[tuple[str, str], tuple[str, bool]]:
        """{(kind, owner id): (text sha, coarse)} of the user's stored vectors; only those of ``owners`` when given."""
        base = select(_V.c.kind, _V.c.owner_id, _V.c.text_sha, _V.c.coarse).where(_V.c.user_id == user_id)
        with self.store._tx() as conn:
            if owners is None:
                return {(r.kind, r.owner_id): (r.text_sha, bool(r.coarse)) for r in conn.execute(base)}
            wanted, out = sorted(set(owners)), {}
            for start in range(0, len(wanted), _CHUNK):
                for r in conn.execute(base.where(_V.c.owner_id.in_(wanted[start:start + _CHUNK]))):
                    out[(r.kind, r.owner_id)] = (r.text_sha, bool(r.coarse))
            return out

    def covered_turns(self, user_id: str, turn_ids: Iterable[str], kind: str, statuses: Iterable[str]) -> set[str]:
        """Those of ``turn_ids`` that an item of ``kind`` in ``statuses`` names among its sources.

        One read of the matching rows' sources (a text match on the stored list, checked
        again on the parsed list), not of the user's items: the embedding step asks this
        about its new turns only.
        """
        wanted = sorted(set(turn_ids))
        found: set[str] = set()
        source = sql_cast(_M.c.source, String)
        with self.store._tx() as conn:
            for start in range(0, len(wanted), 50):
                part = wanted[start:start + 50]
                rows = conn.execute(select(_M.c.source).where(
                    _M.c.user_id == user_id, _M.c.kind == kind, _M.c.status.in_(list(statuses)),
                    or_(*(source.contains(f'"{t}"', autoescape=True) for t in part))))
                for row in rows:
                    found.update(t for t in (row.source or ()) if t in part)
        return found

    def by_sha(self, user_id: str, shas: Iterable[str]) -> dict[str, np.ndarray]:
        """{text sha: vector} for those of ``shas`` the user already has a model's (not coarse) vector of."""
        wanted = sorted(set(shas))
        out: dict[str, np.ndarray] = {}
        with self.store._tx() as conn:
            for start in range(0, len(wanted), _CHUNK):
                part = wanted[start:start + _CHUNK]
                for r in conn.execute(select(_V.c.text_sha, _V.c.dim, _V.c.vector)
                                      .where(_V.c.user_id == user_id, _V.c.text_sha.in_(part),
                                             _V.c.coarse.is_(False))):
                    out.setdefault(r.text_sha, _decode(r.vector, r.dim))
        return out

    def load(self, user_id: str, model_id: str, after: int = -1,
             upto: int | None = None) -> dict[tuple[str, str], np.ndarray]:
        """{(kind, owner id): shape (dim,) float32} of the user's vectors made by ``model_id``.

        Args:
            after / upto: only vectors written at a memory version in (after, upto]
                (a recall index loads what was written since the version it last saw).
        """
        query = select(_V.c.kind, _V.c.owner_id, _V.c.dim, _V.c.vector).where(
            _V.c.user_id == user_id, _V.c.model_id == model_id, _V.c.changed_version > after)
        if upto is not None:
            query = query.where(_V.c.changed_version <= upto)

        def read(conn: Any) -> dict[tuple[str, str], np.ndarray]:
            return {(r.kind, r.owner_id): _decode(r.vector, r.dim) for r in conn.execute(query)}

        if not self.store.is_sqlite:  # on the recall path after every change: one autocommit round trip
            return dict(self.store._autocommit(read))
        with self.store._tx() as conn:
            return read(conn)

    def put(self, user_id: str, model_id: str, records: Sequence[VectorRecord],
            coarse: Collection[str] = ()) -> int:
        """Store (replace) vectors in one transaction and bump the user's memory version; return rows written.

        A record whose item or turn is no longer stored (erased or forgotten while its vector was computed)
        is skipped, and an erased user's counters row is not made again: an erase stays final.

        Args:
            coarse: text shas whose vectors the static table made (marked ``coarse``).

        Raises:
            StoreError: the database failed (nothing of this call is stored).
        """
        if not records:
            return 0
        rows = [{"user_id": user_id, "kind": kind, "owner_id": owner, "model_id": model_id,
                 "dim": int(vec.shape[0]), "text_sha": sha, "vector": np.asarray(vec, dtype="<f4").tobytes(),
                 "coarse": sha in coarse}
                for kind, owner, sha, vec in records]
        with self.store._tx(write=True) as conn:
            # The counters row first: an erase of the user that started holds it, so this waits for the erase
            # to commit and then sees its deletions; vectors whose item or turn is gone are not written back.
            version = self._bump(conn, user_id, create=False)
            rows = self._owned(conn, user_id, rows)
            if not rows:
                return 0
            if version is None:
                version = self._bump(conn, user_id)
            keys = [(r["kind"], r["owner_id"]) for r in rows]
            for start in range(0, len(keys), _CHUNK):
                conn.execute(delete(_V).where(_V.c.user_id == user_id,
                                              tuple_(_V.c.kind, _V.c.owner_id).in_(keys[start:start + _CHUNK])))
            conn.execute(insert(_V), [{**r, "changed_version": int(version)} for r in rows])
        return len(rows)

    def refine(self, user_id: str, model_id: str, records: Sequence[VectorRecord]) -> int:
        """Replace coarse vectors by the model's, each only while its row still holds the same text; one transaction.

        A row whose text changed since it was read (the write path stored a newer
        text's vector meanwhile) is left alone, so a late model vector never
        overwrites a newer one. Returns rows replaced; bumps the memory version when any.

        Raises:
            StoreError: the database failed (nothing of this call is stored).
        """
        if not records:
            return 0
        done = 0
        with self.store._tx(write=True) as conn:
            version = self._bump(conn, user_id, create=False)
            if version is None:  # an erased user (or one never stored): there is nothing to refine
                return 0
            for kind, owner, sha, vec in records:
                done += int(conn.execute(update(_V).where(
                    _V.c.user_id == user_id, _V.c.kind == kind, _V.c.owner_id == owner, _V.c.text_sha == sha,
                    _V.c.coarse.is_(True)).values(
                    model_id=model_id, dim=int(vec.shape[0]), vector=np.asarray(vec, dtype="<f4").tobytes(),
                    coarse=False, changed_version=int(version))).rowcount or 0)
        return done

    def coarse_count(self, user_id: str | None = None) -> int:
        """Coarse vectors waiting for the model's (one user's, or every user's)."""
        query = select(func.count()).select_from(_V).where(_V.c.coarse.is_(True))
        if user_id is not None:
            query = query.where(_V.c.user_id == user_id)
        with self.store._tx() as conn:
            return int(conn.execute(query).scalar_one())

    def coarse_users(self) -> list[str]:
        """Users with coarse vectors, sorted."""
        with self.store._tx() as conn:
            return sorted(r[0] for r in conn.execute(select(_V.c.user_id).where(_V.c.coarse.is_(True)).distinct()))

    @overload
    def _bump(self, conn: Any, user_id: str, create: Literal[True] = ...) -> int: ...
    @overload
    def _bump(self, conn: Any, user_id: str, create: bool) -> int | None: ...

    def _bump(self, conn: Any, user_id: str, create: bool = True) -> int | None:
        """Bump the user's memory version inside ``conn``'s transaction; return it (None: the user has no
        counters row and ``create`` is False)."""
        bump = update(_U).where(_U.c.user_id == user_id).values(memory_version=self.store._next_version) \
            .returning(_U.c.memory_version)
        version = conn.execute(bump).scalar()
        if version is None:  # vectors of a user with no counters row yet
            if not create:
                return None
            self.store._ensure_user(conn, user_id)
            version = conn.execute(bump).scalar_one()
        return int(version)

    @staticmethod
    def _owned(conn: Any, user_id: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rows whose item or turn is still stored (an erase or a forget may have removed it while the
        vector was being computed: the embed task reads, embeds for seconds, then writes, without the user's lock)."""
        alive: set[tuple[str, str]] = set()
        for kind, table, column in (("item", _M, _M.c.id), ("turn", _T, _T.c.turn_id)):
            owners = [r["owner_id"] for r in rows if r["kind"] == kind]
            for start in range(0, len(owners), _CHUNK):
                alive.update((kind, o) for o in conn.execute(select(column).where(
                    table.c.user_id == user_id, column.in_(owners[start:start + _CHUNK]))).scalars())
        return [r for r in rows if (r["kind"], r["owner_id"]) in alive]

    def count(self) -> int:
        """Number of stored vectors, every user."""
        with self.store._tx() as conn:
            return int(conn.execute(select(func.count()).select_from(_V)).scalar_one())

    def clear(self) -> int:
        """Delete every stored vector (before a re-embedding); return how many."""
        with self.store._tx(write=True) as conn:
            return int(conn.execute(delete(_V)).rowcount or 0)


def _decode(blob: bytes, dim: int) -> np.ndarray:
    vec = np.frombuffer(blob, dtype="<f4")
    if vec.shape[0] != dim:
        raise StoreError(f"a stored vector has {vec.shape[0]} values; its row says {dim}")
    return vec.astype(np.float32, copy=False)
