"""Re-embed a store with the configured embedder (``gulfstream reindex``).

A store whose vectors another model (or dimension) made is refused when
recall starts (``VectorModelMismatch``); this is the fix: the old vectors
are deleted and every user's items and turns embedded again. With the same
model it fills in only what is missing (a store written without an
embedder, or embeddings that failed), unless ``force``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from memory_core.embedding.base import Embedder
from memory_core.embedding.sync import embed_user, wanted_texts
from memory_core.store.sql import SqlStore
from memory_core.store.sql_vectors import SqlVectors, VectorModelMismatch
from memory_core.store.store_reports import INDEXED_STATUSES

__all__ = ["ReindexReport", "reindex"]

log = logging.getLogger(__name__)

Progress = Callable[[str, int], Callable[[int], None]]


@dataclass(slots=True)
class ReindexReport:
    """What ``reindex`` did: vectors deleted first, users visited, vectors written, texts sent to the model."""

    deleted: int = 0
    users: int = 0
    written: int = 0
    embedded: int = 0


def reindex(store: SqlStore, embedder: Embedder, progress: Progress | None = None, force: bool = False,
            batch_size: int = 32) -> ReindexReport:
    """Embed every user's items and turns with ``embedder``.

    Args:
        store: the SQL store.
        embedder: the configured embedder.
        progress: ``progress(label, total)`` returning ``advance(n)`` (texts).
        force: delete every stored vector first, even of the same model.
        batch_size: texts per model call and transaction.

    Raises:
        EmbeddingError: the model failed (what was stored before stays; run again to resume).
        StoreError: the database failed.
    """
    vectors = SqlVectors(store)
    report = ReindexReport()
    try:
        vectors.check_model(embedder.model_id, embedder.dim)
    except VectorModelMismatch as exc:
        log.info("re-embedding the whole store: %s", exc)
        force = True
    if force:
        report.deleted = vectors.clear()
    users = sorted(set(store.users()) | set(store.turn_users()))
    total = sum(len(wanted_texts(store.list_items_for_index(u, INDEXED_STATUSES), store.list_turns(u)))
                for u in users) if progress is not None else 0
    advance = progress("embedding", total) if progress is not None else None
    for user_id in users:
        done = embed_user(store, embedder, user_id, batch_size, advance)
        report.users += 1
        report.written += done.written
        report.embedded += done.embedded
    return report
