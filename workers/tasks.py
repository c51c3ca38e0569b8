"""Thin tasks of the write path: ids in, a ``memory_core`` service call, ids out.

Delivery is at least once (late acks, reject on worker loss), so every task
is idempotent:

- ``gulfstream.ingest_turn`` stores the turn (the turn id is the key: a
  redelivery stores nothing new) and wakes the user's curator.
- ``gulfstream.curate_user`` carries only the user id and calls
  ``Memory.apply_pending``, which drains the user's unapplied turns in
  ``seq`` order under the user's PostgreSQL lock, marking each applied in
  the transaction of its effects. Duplicate, late or lost triggers are
  harmless; ``gulfstream.sweep`` (beat) re-triggers users with a backlog.

Publish order and the inbox. The client numbers each user's turns and keeps
a copy of each in the user's inbox (a Redis hash) until ingest has stored it
(one Lua call: ``wire.PUBLISH_SCRIPT``). An entry leaves the inbox only
after its turn is committed, so every publish number below the smallest one
in the inbox is stored already. Ingest therefore drains the inbox: it stores
every entry there, in publish order, in one transaction (at most
``ingest_batch_turns``; the next batch gets a message of its own), then
drops them and raises the user's ``ingested`` mark (the highest publish
number stored). The client sends an ingest message only when none of the
user's is queued and not yet started (the ``ingest-waiting`` mark, cleared
by the task before it reads the inbox), so a burst of turns costs one
message. A message that finds the inbox empty stops without touching the
database; one whose own entry is gone above the mark (Redis lost the
inbox) stores its own turn, idempotently. No turn waits for another, and racing ingest workers,
redeliveries and restarts cannot swap a user's turns. The sweeper
re-publishes inbox entries older than ``inbox_redeliver_after_s``, which
also recovers a message the Redis transport lost (popped by a worker just
before it or Redis died).

Poison policy. A turn whose curation fails with a non-transient error, or
with transient errors more than ``curate_max_retries`` times, is tried once
more on its own; if that fails too it is written to ``dead_letters`` with
its error and its ``seq`` is marked applied with no effects, under the
user's lock, so the user's later turns proceed. The database or broker
failing (``is_infrastructure``: down, restarting, out of disk) is not the
turn's fault: it is retried for as long as it lasts and never dead-letters. ``gulfstream dlq retry``
replays it later (out of order, by then).
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from celery import Task

from memory_core import wire
from memory_core.errors import InvalidInput, StoreLocked
from memory_core.model import Turn
from workers.app import app, context
from workers.bootstrap import Context
from workers.erase import erased_floor
from workers.inbox import (
    FORGET_SCRIPT,
    STORED_SCRIPT,
    TOUCH_SCRIPT,
    WAKE_FLAG_TTL_S,
    WAKE_STALE_SWEEPS,
    curate_waiting_key,
    ingested_key,
)
from workers.policy import backoff_s, is_infrastructure, is_transient, shown_kwargs
from workers.session_window import remember_window

__all__ = ["curate_user", "ingest_turn", "sweep", "wake_curator"]

log = logging.getLogger(__name__)


def wake_curator(ctx: Context, user_id: str, countdown_s: float | None = None, *,
                 force: bool = False, stale_after_s: float | None = None) -> bool:
    """Queue a curate trigger for the user unless one is already waiting; return True if queued.

    The flag ``curate-waiting:<user>`` is set while a trigger is queued and
    not yet started; ``curate_user`` clears it before it reads the backlog,
    so a turn stored before a skipped wake-up is always seen by the waiting
    trigger. The flag holds the time the trigger is due (epoch seconds).

    A task killed between setting the flag and publishing its message (Celery
    terminates running tasks when the broker connection drops; a hard time
    limit while the publish retries against a Redis that is down) leaves a
    flag with no message behind it. ``stale_after_s`` (the sweeper's) treats a
    flag due longer ago than that as such an orphan and queues a trigger anyway:
    at worst a duplicate, which finds nothing pending. Without it the user's
    turns would wait for the flag's expiry (``WAKE_FLAG_TTL_S``).

    Args:
        countdown_s: delay of the trigger (seconds).
        force: queue one even when a trigger is waiting.
        stale_after_s: queue one when the waiting trigger was due more than this long ago.
    """
    key = curate_waiting_key(user_id)
    now = time.time()
    due = now + (countdown_s or 0.0)
    if not ctx.redis.set(key, repr(due), nx=True, ex=WAKE_FLAG_TTL_S):
        if not force:
            if stale_after_s is None:
                return False
            since = _due_time(ctx.redis.get(key))
            if since is not None and now - since < stale_after_s:
                return False
            log.warning("curate trigger of %s due %s s ago never started (its message was lost): queueing "
                        "another", user_id, "?" if since is None else f"{now - since:.0f}")
        ctx.redis.set(key, repr(due), ex=WAKE_FLAG_TTL_S)
    curate_user.apply_async((user_id,), countdown=countdown_s)
    return True


def _due_time(raw: bytes | str | None) -> float | None:
    """The due time a curate-waiting flag holds; None when gone or unreadable (an older flag's "1")."""
    try:
        value = float(raw) if raw is not None else None
    except ValueError:
        return None
    return value if value is not None and value > 1e9 else None


@app.task(name=wire.INGEST_TURN, bind=True, max_retries=None)
def ingest_turn(self: Task, user_id: str, turn_id: str, session_id: str, role: str, text: str,
                timestamp: str, speaker: str = "", meta: dict[str, str] | None = None,
                pub_seq: int | None = None, published_at: float | None = None,
                **_legacy: Any) -> dict[str, Any]:
    """Store the user's published turns (this one and any others in the inbox), then wake the curator.

    Args:
        pub_seq: the user's publish number from the client (None: store this turn alone).
        published_at: client's publish time, epoch seconds (kept for the inbox; unused here: whether a turn
            came before an erase is decided by ``pub_seq``, never by a clock).

    Returns:
        ``{"user_id", "turn_id", "stored", "duplicates", "refused"}`` (counts of turns),
        or ``{"user_id", "turn_id", "stored_before": True}``, or ``{"user_id", "turn_id", "erased": True}``
        (published before the user was erased, by publish number: dropped, see ``workers.erase``).
    """
    ctx = context()
    s = ctx.settings
    own = {"user_id": user_id, "turn_id": turn_id, "session_id": session_id, "role": role, "text": text,
           "timestamp": timestamp, "speaker": speaker, "meta": meta}
    try:
        floor = erased_floor(ctx.redis, user_id)
        if floor is not None and (pub_seq is None or pub_seq <= floor):
            # queued before the user was erased (a re-publish, a redelivery): storing it would bring them back
            log.warning("turn %s of an erased user dropped: publish #%s, the erase came after #%d", turn_id,
                        pub_seq, floor)
            return {"user_id": user_id, "turn_id": turn_id, "erased": True}
        return _ingest(ctx, own, pub_seq)
    except Exception as exc:
        # Any failure here is retried, forever, with capped backoff: the turn is not stored yet,
        # so giving up would lose an accepted turn. Refused input is handled inside _ingest.
        level = logging.WARNING if is_transient(exc) else logging.ERROR
        log.log(level, "ingest of turn %s of %s failed (attempt %d), retrying: %r", turn_id, user_id,
                self.request.retries + 1, exc, exc_info=level == logging.ERROR)
        raise self.retry(exc=exc, countdown=backoff_s(self.request.retries, s.retry_backoff_base_s,
                                                       s.retry_backoff_max_s),
                         argsrepr="()", kwargsrepr=shown_kwargs(self.request.kwargs)) from exc


def _ingest(ctx: Context, own: dict[str, Any], pub_seq: int | None) -> dict[str, Any]:
    user_id, turn_id = own["user_id"], own["turn_id"]
    batch: list[tuple[int | None, dict[str, Any]]] = [(pub_seq, own)]
    rest: list[tuple[int, bytes]] = []
    if pub_seq is not None:
        pipe = ctx.redis.pipeline(transaction=False)  # commands run in this order
        pipe.delete(wire.ingest_waiting_key(user_id))  # before the read: later turns send a message
        pipe.hgetall(wire.inbox_key(user_id))
        pipe.get(ingested_key(user_id))
        _, entries, mark = pipe.execute()
        everything = sorted((int(field), raw) for field, raw in entries.items())
        size = ctx.settings.ingest_batch_turns
        inbox, rest = everything[:size], everything[size:]
        if pub_seq not in {n for n, _ in everything} and pub_seq > int(mark or 0):
            inbox.append((pub_seq, json.dumps(own)))  # the inbox lost it: store it anyway (idempotent)
            inbox.sort(key=lambda entry: entry[0])
        if not inbox:
            return {"user_id": user_id, "turn_id": turn_id, "stored_before": True}
        batch = [(n, {k: v for k, v in json.loads(raw).items() if k in wire.TURN_FIELDS}) for n, raw in inbox]
    report = {"user_id": user_id, "turn_id": turn_id, "stored": 0, "duplicates": 0, "refused": 0}
    refusals: dict[Any, str] = {}  # redis-py's hset wants its own key union
    try:
        outcomes = ctx.memory.record_turns([wire.turn_from_wire(body) for _, body in batch])
    except InvalidInput:
        outcomes = None  # one of them is refused for good: store them one by one, in order
    stored: list[Turn] = [] if outcomes is None else [t for t, _ in outcomes]
    if outcomes is None:
        for n, body in batch:
            try:
                turn, created = ctx.memory.record_turn(wire.turn_from_wire(body))
                stored.append(turn)
            except InvalidInput as exc:  # e.g. the turn id was used before with other text
                log.error("turn %s of %s (publish #%s) refused: %s", body["turn_id"], user_id, n, exc)
                report["refused"] += 1
                refusals[body["turn_id"]] = json.dumps(
                    {"error_type": type(exc).__name__, "error": str(exc), "at": time.time()}, ensure_ascii=False)
                continue
            report["stored" if created else "duplicates"] += 1
    else:
        for _, created in outcomes:
            report["stored" if created else "duplicates"] += 1
    fields = [n for n, _ in batch if n is not None]
    pipe = ctx.redis.pipeline(transaction=False)
    if fields:
        pipe.eval(STORED_SCRIPT, 2, wire.inbox_key(user_id), ingested_key(user_id), *fields)
    # turn_status answers "refused" for a turn id whose last publish was refused, until a later one is stored
    accepted = [body["turn_id"] for _, body in batch if body["turn_id"] not in refusals]
    if accepted:
        pipe.hdel(wire.refused_key(user_id), *accepted)
    if refusals:
        pipe.hset(wire.refused_key(user_id), mapping=refusals)
        pipe.expire(wire.refused_key(user_id), wire.REFUSED_TTL_S)
    pipe.execute()
    if rest:  # more than one batch was waiting: the next one gets its own message
        n, raw = rest[0]
        ingest_turn.apply_async(kwargs={**json.loads(raw), "pub_seq": n}, argsrepr="()",
                                kwargsrepr=f"{{'user_id': {user_id!r}, 'pub_seq': {n}}}")
    remember_window(ctx, stored)
    wake_curator(ctx, user_id)
    return report


@app.task(name=wire.CURATE_USER, bind=True, max_retries=None)
def curate_user(self: Task, user_id: str) -> dict[str, Any]:
    """Apply the user's pending turns in order (per run at most ``curate_batch_turns``, and no new
    turn once ``min(curate_batch_s, task_time_limit_s / 4)`` seconds are spent).

    Lock busy: re-queued with ``lock_busy_countdown_s`` as a new message, so
    contention never counts as a retry. Errors: see the module docstring.

    Returns:
        ``{"user_id", "applied", "busy", "dead_lettered"}``.
    """
    ctx, started = context(), time.monotonic()
    s = ctx.settings
    ctx.redis.delete(curate_waiting_key(user_id))
    # a share of the time limit: a hard-limit kill of a pool process mid-write can leave the
    # parent reading a reused pipe (billiard), so runs end well before it and yield to the next
    budget_s = min(s.curate_batch_s, s.task_time_limit_s / 4)
    from workers.embed_tasks import announce_embeds, request_embedding
    from workers.recall_catchup import announce_change, change_start

    start = change_start(ctx, user_id)  # where the change note the batch announces starts
    announce_embeds(ctx)  # before any turn of the batch reads as applied: an add then waits for its vectors
    try:
        applied = ctx.memory.apply_pending(user_id, limit=s.curate_batch_turns, budget_s=budget_s)
    except StoreLocked:
        wake_curator(ctx, user_id, s.lock_busy_countdown_s)
        return {"user_id": user_id, "applied": 0, "busy": True, "dead_lettered": None}
    except Exception as exc:
        attempt = self.request.retries
        # the database or broker failing (down, disk full) is not the turn's fault: retried while it lasts
        if is_infrastructure(exc) or (is_transient(exc) and attempt < s.curate_max_retries):
            log.warning("curate %s failed (attempt %d), retrying: %r", user_id, attempt + 1, exc)
            raise self.retry(exc=exc, countdown=backoff_s(attempt, s.retry_backoff_base_s,
                                                           s.retry_backoff_max_s)) from exc
        dead = isolate_head(ctx, user_id, exc, attempt + 1)
        wake_curator(ctx, user_id, force=True)
        return {"user_id": user_id, "applied": 0, "busy": False, "dead_lettered": dead}
    if applied:
        announce_change(ctx, user_id, start)  # the recall workers apply the batch now, not at the next recall
        request_embedding(ctx, user_id, announce=False)  # on the embed queue: curation does not wait for the model
    if applied >= s.curate_batch_turns or time.monotonic() - started >= budget_s:
        wake_curator(ctx, user_id, force=True)  # more may be pending: yield to other users
    return {"user_id": user_id, "applied": applied, "busy": False, "dead_lettered": None}


def isolate_head(ctx: Context, user_id: str, first_error: BaseException, attempts: int) -> str | None:
    """Try the user's first pending turn alone; dead-letter it if it fails again.

    Returns:
        The dead-lettered turn id, or None (nothing pending, it applied this
        time, someone else moved on, or the user was busy).

    Raises:
        Whatever the store raises while writing the dead letter (the turn stays
        pending and the sweeper brings it back).
    """
    pending = ctx.store.pending_turns(user_id, limit=1)
    if not pending:
        return None
    head = pending[0]
    try:
        ctx.memory.apply_pending(user_id, limit=1)
        return None
    except StoreLocked:
        return None
    except Exception as exc:  # task edge: every failure of this turn counts
        if is_infrastructure(exc):  # the database failed, not the turn: left pending for the sweeper
            log.warning("turn %s (seq %d) of %s not dead-lettered: the store failed (%r); left pending",
                        head.turn_id, head.seq, user_id, exc)
            return None
        error: BaseException = exc
        log.error("turn %s (seq %d) of %s failed %d times (first: %r); dead-lettering it: %r",
                  head.turn_id, head.seq, user_id, attempts + 1, first_error, exc, exc_info=exc)
    with ctx.store.user_lock(user_id, timeout_s=ctx.memory.settings.user_lock_timeout_s):
        still = ctx.store.pending_turns(user_id, limit=1)
        if not still or still[0].seq != head.seq:
            return None
        ctx.dead_letters.record(user_id, head.turn_id, head.seq, wire.CURATE_USER,
                                error, attempts + 1)
        ctx.store.apply(user_id, [], applied_seq=head.seq)
    return head.turn_id


@app.task(name=wire.SWEEP)
def sweep() -> dict[str, int]:
    """The backstop of both paths, run by beat every ``sweep_interval_s``.

    Re-publishes inbox turns not stored after ``inbox_redeliver_after_s``
    (no lost turn), and wakes the curator of every user with unapplied turns
    (no lost wake-up), also when a trigger flag was left behind by a task
    killed before it published the trigger (``wake_curator``'s ``stale_after_s``).

    Returns:
        ``{"backlog_users": n, "woken": m, "republished": r}``.
    """
    ctx = context()
    republished = redeliver_inbox(ctx)
    users = backlog_users(ctx)
    stale_after_s = WAKE_STALE_SWEEPS * ctx.settings.sweep_interval_s
    woken = sum(wake_curator(ctx, user, stale_after_s=stale_after_s) for user in users)
    return {"backlog_users": len(users), "woken": woken, "republished": republished}


def redeliver_inbox(ctx: Context, now: float | None = None) -> int:
    """Re-publish published turns still not stored after ``inbox_redeliver_after_s``; return how many.

    A re-published turn that was stored meanwhile is a harmless duplicate
    (the turn id is the key). Each entry is re-published at most once per
    ``inbox_redeliver_after_s``.
    """
    now = time.time() if now is None else now
    after_s = ctx.settings.inbox_redeliver_after_s
    count = 0
    for raw_user in ctx.redis.smembers(wire.INBOX_USERS_KEY):
        user_id = raw_user.decode() if isinstance(raw_user, bytes) else str(raw_user)
        key = wire.inbox_key(user_id)
        entries = ctx.redis.hgetall(key)
        if not entries:
            ctx.redis.eval(FORGET_SCRIPT, 2, key, wire.INBOX_USERS_KEY, user_id)
            continue
        for field, raw in sorted(entries.items(), key=lambda kv: int(kv[0])):
            body = json.loads(raw)
            if now - float(body.pop("redelivered_at", None) or body["published_at"]) < after_s:
                continue
            if not ctx.redis.eval(TOUCH_SCRIPT, 1, key, field, json.dumps({**body, "redelivered_at": now},
                                                                         ensure_ascii=False)):
                continue  # stored meanwhile
            pub_seq = int(field)
            log.warning("re-publishing turn %s of %s (publish #%d), not stored after %.0f s",
                        body.get("turn_id"), user_id, pub_seq, now - float(body["published_at"]))
            ingest_turn.apply_async(kwargs={**body, "pub_seq": pub_seq}, argsrepr="()",
                                    kwargsrepr=f"{{'user_id': {user_id!r}, 'turn_id': {body.get('turn_id')!r}, "
                                    f"'pub_seq': {pub_seq}}}")
            count += 1
    return count


def backlog_users(ctx: Context) -> list[str]:
    """Return the ids of users with stored turns not yet applied."""
    finder = getattr(ctx.store, "backlog_users", None)
    if finder is not None:
        return list(finder())
    return [u for u in ctx.store.turn_users() if ctx.store.pending_turns(u, limit=1)]
