"""Compute and store the vectors a user's items and turns are missing (the write path's embedding step).

What is embedded: every item recall can return (``INDEXED_STATUSES``), by
its description; and every turn no event item stands for (an event item is
its turn, verbatim, so the turn is not embedded twice). A text embedded
before (same hash, e.g. a fact repeated by two turns) reuses its stored
vector. An item whose text changed is embedded again.

The step is idempotent and resumable: each batch is stored in its own
transaction, so a failure keeps the batches before it and the next call
does the rest. Nothing else stored changes. Called by the embedded
``Memory.ingest`` after applying, by the workers' embed task (its own
queue, so curation never waits for it) and by ``gulfstream reindex``.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from memory_core.embedding.base import Embedder, prepare
from memory_core.model import Kind, MemoryItem, Turn
from memory_core.store.base import INDEXED_STATUSES
from memory_core.store.sql import SqlStore
from memory_core.store.sql_vectors import SqlVectors, VectorRecord

__all__ = ["EmbedReport", "embed_user", "text_sha", "turn_text", "wanted_texts"]

log = logging.getLogger(__name__)


@dataclass(slots=True)
class EmbedReport:
    """Counts of one ``embed_user`` call: rows written, texts sent to the model, texts reused."""

    written: int = 0
    embedded: int = 0
    reused: int = 0


def text_sha(text: str) -> str:
    """32-hex-character BLAKE2b digest of the prepared text (what the model sees)."""
    return hashlib.blake2b(prepare(text).encode("utf-8"), digest_size=16).hexdigest()


def turn_text(turn: Turn) -> str:
    """The text of a turn that is embedded: its text, then its image caption if any."""
    caption = str((turn.meta or {}).get("image_caption") or "").strip()
    return f"{turn.text} {caption}" if caption else turn.text


def wanted_texts(items: list[MemoryItem], turns: list[Turn]) -> list[tuple[str, str, str]]:
    """(kind, owner id, text) of everything that should have a vector: the items, and turns no event item covers."""
    covered = {t for i in items if i.kind == Kind.EVENT for t in i.source}
    out = [("item", i.id, i.description) for i in items]
    out += [("turn", t.turn_id, turn_text(t)) for t in turns if t.turn_id not in covered]
    return out


def embed_user(store: SqlStore, embedder: Embedder, user_id: str, batch_size: int = 32,
               advance: Callable[[int], None] | None = None) -> EmbedReport:
    """Embed and store what the user's items and turns are missing.

    Args:
        store: the SQL store (items, turns and the vectors table).
        embedder: the configured embedder.
        user_id: whose.
        batch_size: texts per model call and per transaction.
        advance: called with the number of texts done after each batch (progress bars).

    Returns:
        An ``EmbedReport``.

    Raises:
        EmbeddingError: the model failed (earlier batches stay stored).
        StoreError: the database failed.
    """
    vectors = SqlVectors(store)
    items = store.list_items_for_index(user_id, INDEXED_STATUSES)
    turns = store.list_turns(user_id)
    have = vectors.shas(user_id)
    todo = [(kind, owner, text, text_sha(text)) for kind, owner, text in wanted_texts(items, turns)]
    todo = [t for t in todo if have.get((t[0], t[1])) != t[3]]
    report = EmbedReport()
    if not todo:
        return report
    known = vectors.by_sha(user_id, {t[3] for t in todo})
    step = max(1, batch_size)
    for start in range(0, len(todo), step):
        chunk = todo[start:start + step]
        fresh = {sha: text for _, _, text, sha in chunk if sha not in known}
        if fresh:
            shas = list(fresh)
            made = embedder.embed_passages([fresh[s] for s in shas], batch_size=step)
            known.update(zip(shas, made, strict=True))
            report.embedded += len(shas)
        report.reused += len(chunk) - len(fresh)
        records: list[VectorRecord] = [(kind, owner, sha, np.asarray(known[sha])) for kind, owner, _, sha in chunk]
        report.written += vectors.put(user_id, embedder.model_id, records)
        if advance is not None:
            advance(len(chunk))
    log.debug("embedded %d texts of %s (%d reused)", report.embedded, user_id, report.reused)
    return report
