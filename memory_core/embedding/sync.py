"""Compute and store the vectors a user's items and turns are missing (the write path's embedding step).

What is embedded: every item recall can return (``INDEXED_STATUSES``), by
its description; and every turn no event item stands for (an event item is
its turn, verbatim, so the turn is not embedded twice). A text embedded
before (same hash, e.g. a fact repeated by two turns) reuses its stored
vector, and so does a text the write path embedded in this process
(``passage_cache``). An item whose text changed is embedded again.

With ``coarse`` (the "tiered" passage path, ``Settings.embed_passages``)
new texts get the static table's vector (``TableQueryEmbedder``: a
tokenization and a weighted sum, no transformer pass) marked ``coarse``, so
the write path keeps up with curation; ``refine_user``, a background pass,
later replaces each coarse vector by the model's vector of the same text,
after which the store holds what the model-only path would have written.
A pass with the model (``refine_user``, ``gulfstream reindex``) takes a
coarse vector as missing.

The step is idempotent and resumable: each batch is stored in its own
transaction, so a failure keeps the batches before it and the next call
does the rest. Nothing else stored changes.

A caller that calls again for the same user (the embedded ``Memory``, an
embed worker) passes the ``EmbedCursor`` the last successful call returned:
only the items changed after its memory version (``changes_since``) and the
turns after its seq are read, instead of every item and turn of the user.
Reading everything cost 0.2-0.35 s per call for a user of ~600 turns on a
loaded machine (14x a call's own reads with a cursor), on every ingest batch,
growing with the user (ops/bench/RESULTS.md, issue 14, pass of 2026-12-02
afternoon). A store that cannot say what changed (an unknown or stale
version) gives the whole set, and every turn is read again. Called by the embedded
``Memory.ingest`` after applying, by the workers' embed task (its own
queue, so curation never waits for it) and by ``gulfstream reindex``.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass, replace

import numpy as np

from memory_core.embedding.base import Embedder, prepare
from memory_core.embedding.passage_cache import PASSAGES
from memory_core.model import Kind, MemoryItem, Turn
from memory_core.store.sql import SqlStore
from memory_core.store.sql_vectors import SqlVectors, VectorRecord
from memory_core.store.store_reports import INDEXED_STATUSES

__all__ = ["EmbedCursor", "EmbedReport", "embed_new", "embed_user", "refine_user", "text_sha", "turn_text",
           "wanted_texts"]

log = logging.getLogger(__name__)


@dataclass(slots=True, frozen=True)
class EmbedCursor:
    """How far ``embed_user`` has looked: every item up to memory ``version``, every turn up to ``seq``;
    ``calls``: calls made from it since the last full pass (``embed_new``)."""

    version: str
    seq: int
    calls: int = 0


@dataclass(slots=True)
class EmbedReport:
    """Counts of one ``embed_user`` call: rows written, texts embedded (by the model, or by the table when
    coarse), texts reused; ``cursor``: pass it to the next call for the same user; ``left``: texts past ``limit``."""

    written: int = 0
    embedded: int = 0
    reused: int = 0
    cursor: EmbedCursor | None = None
    left: int = 0


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
               advance: Callable[[int], None] | None = None, since: EmbedCursor | None = None,
               coarse: bool = False, limit: int | None = None) -> EmbedReport:
    """Embed and store what the user's items and turns are missing.

    Args:
        store: the SQL store (items, turns and the vectors table).
        embedder: the configured embedder.
        user_id: whose.
        batch_size: texts per model call and per transaction.
        advance: called with the number of texts done after each batch (progress bars).
        since: the cursor of this user's last successful call (None: look at everything).
        coarse: new texts get ``embed_passages_coarse``'s vectors, marked coarse (when the embedder
            offers a cheaper path; else the model's); without it, coarse vectors count as missing and
            are replaced by the model's (only while their row holds the same text: ``SqlVectors.refine``).
        limit: texts embedded at most (the rest is counted in ``left`` for a later call).

    Returns:
        An ``EmbedReport`` whose ``cursor`` is where the next call may start.

    Raises:
        EmbeddingError: the model failed (earlier batches stay stored).
        StoreError: the database failed.
    """
    vectors = SqlVectors(store)
    changes = store.changes_since(user_id, since.version if since is not None else "")
    if since is not None and not changes.complete and changes.last_seq is not None and changes.last_seq < since.seq:
        changes = store.changes_since(user_id, "")  # fewer turns than the cursor saw: erased and written again
    items = [i for i in changes.items if i.status in INDEXED_STATUSES]
    after = since.seq if since is not None and not changes.complete else 0
    turns = store.list_turns(user_id, after_seq=after)
    cursor = EmbedCursor(changes.version, max([after, *(t.seq for t in turns)]))
    if not changes.complete and turns:  # a new turn may have joined an older event (a repeated text)
        older = vectors.covered_turns(user_id, [t.turn_id for t in turns], Kind.EVENT, INDEXED_STATUSES)
        turns = [t for t in turns if t.turn_id not in older]
    wanted = wanted_texts(items, turns)
    coarse = coarse and embedder.coarse_passages
    marks = vectors.marked(user_id, None if changes.complete else [owner for _, owner, _ in wanted])
    todo = [(kind, owner, text, text_sha(text)) for kind, owner, text in wanted]
    todo = [t for t in todo if (mark := marks.get((t[0], t[1]))) is None or mark[0] != t[3]
            or (mark[1] and not coarse)]
    report = EmbedReport(cursor=cursor)
    if limit is not None and len(todo) > limit:
        report.left, todo = len(todo) - limit, todo[:limit]
    if not todo:
        return report
    known = vectors.by_sha(user_id, {t[3] for t in todo})
    made_coarse: set[str] = set()
    step = max(1, batch_size)
    for start in range(0, len(todo), step):
        chunk = todo[start:start + step]
        fresh = {sha: text for _, _, text, sha in chunk if sha not in known}
        for sha, text in list(fresh.items()):  # embedded by the write path already (``passage_cache``)
            if (kept := PASSAGES.get(embedder.model_id, text)) is not None:
                known[sha] = kept
                del fresh[sha]
        if fresh:
            shas = list(fresh)
            texts = [fresh[s] for s in shas]
            made = embedder.embed_passages_coarse(texts, step) if coarse else embedder.embed_passages(texts, step)
            known.update(zip(shas, made, strict=True))
            if coarse:
                made_coarse.update(shas)
            report.embedded += len(shas)
        report.reused += len(chunk) - len(fresh)
        records: list[VectorRecord] = [(kind, owner, sha, np.asarray(known[sha])) for kind, owner, _, sha in chunk]
        if coarse:
            report.written += vectors.put(user_id, embedder.model_id, records, coarse=made_coarse)
        else:  # a coarse row of the same text is replaced in place, only if the write path has not moved it on
            late = [r for r in records if marks.get((r[0], r[1])) == (r[2], True)]
            report.written += vectors.refine(user_id, embedder.model_id, late)
            report.written += vectors.put(user_id, embedder.model_id,
                                          [r for r in records if marks.get((r[0], r[1])) != (r[2], True)])
        if advance is not None:
            advance(len(chunk))
    log.debug("embedded %d texts of %s (%d reused)", report.embedded, user_id, report.reused)
    return report


#: Users whose cursor a process keeps; past it the cursors are dropped (the next calls read everything once).
MAX_CURSORS = 10_000
#: Every this many calls for a user, one reads everything (``changes_since`` cannot tell a user erased and
#: written again up to the same version from one that did not change: what that missed is found then).
FULL_EVERY = 64


def refine_user(store: SqlStore, embedder: Embedder, user_id: str, batch_size: int = 32,
                limit: int | None = None) -> EmbedReport:
    """The background re-embed: replace the user's coarse vectors by the model's (at most ``limit`` texts).

    Reads every item and turn of the user (no cursor: it looks for what the write
    path left coarse), and only when the user has a coarse vector. What it leaves
    for later is counted in the report's ``left``.

    Raises:
        EmbeddingError, StoreError: as ``embed_user`` (what earlier batches replaced stays).
    """
    if not SqlVectors(store).coarse_count(user_id):
        return EmbedReport()
    return embed_user(store, embedder, user_id, batch_size, limit=limit)


def embed_new(store: SqlStore, embedder: Embedder, user_id: str, cursors: MutableMapping[str, EmbedCursor],
              batch_size: int = 32, coarse: bool = False) -> EmbedReport:
    """``embed_user`` from the user's cursor in ``cursors`` (a process's own map), which it then moves on.

    The cursor moves only when the call succeeds, so a failed call's texts are
    looked at again by the next one; every ``FULL_EVERY`` calls one reads everything.

    Raises:
        EmbeddingError, StoreError: as ``embed_user``.
    """
    since = cursors.get(user_id)
    if since is not None and since.calls >= FULL_EVERY:
        since = None
    report = embed_user(store, embedder, user_id, batch_size, since=since, coarse=coarse)
    if report.cursor is not None:
        if len(cursors) >= MAX_CURSORS and user_id not in cursors:
            cursors.clear()
        report.cursor = replace(report.cursor, calls=since.calls + 1 if since is not None else 0)
        cursors[user_id] = report.cursor
    return report
