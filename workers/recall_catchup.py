"""Write-behind for recall workers: an applied batch is applied to the cached index when announced.

A curate worker that applied a user's turns (and an embed worker that stored
vectors) PUBLISHes the user id on ``CHANGED_CHANNEL``. Each recall worker
listens on a daemon thread and applies the store's changes to its cached
index of that user (``Recaller.catch_up``), so the user's next recall finds
its index current: the delta is read and applied between a chat's turns,
not inside the recall that follows them (measured before: the first recall
after a write paid a round trip and the delta, and under 50 turns/s its p99
was 4x the p99 without writes). Users this worker does not hold are ignored;
announcements arriving together are coalesced per user. Losing an
announcement (Redis away, the listener reconnecting) costs nothing but
speed: the recall path still checks the version and catches up itself.
Turned off by ``GULFSTREAM_RECALL_CATCH_UP=false``.

A curate worker's announcement carries the change itself (a change note,
``memory_core.wire.changes``): it reads the user's version and last applied
turn before its batch (``change_start``) and, after it, the items changed
since that version and the turns after that mark, once, and publishes them.
A recall worker whose index is at that version applies them without reading
PostgreSQL (its process answers recalls; the reads and their decoding move
to the curate worker, which runs niced). Any other index reads the store as
before. Off with ``GULFSTREAM_RECALL_CHANGE_NOTES=false`` (bare user ids, as
the embed worker always sends).

The listener applies changes on its own thread, beside the thread answering
recalls: the store's round trips are made before the index's lock is taken
(``Recaller._read_delta``), and the process hands the GIL over every
``SWITCH_INTERVAL_S`` rather than Python's default 5 ms, so a recall that
arrives while a change is applied waits for the apply, not for a whole
switch interval of it.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from typing import Any

from celery.signals import worker_ready, worker_shutdown

from memory_core.errors import InvalidInput
from memory_core.wire.changes import ChangeNote, decode_change_note, encode_change_note
from workers.app import app, context
from workers.bootstrap import Context, redis_client

__all__ = ["CHANGED_CHANNEL", "SWITCH_INTERVAL_S", "announce_change", "catch_up_counts", "change_start",
           "recall_queues"]

log = logging.getLogger(__name__)
CHANGED_CHANNEL = "gulfstream:changed"
#: The GIL's switch interval (s) in a recall worker that applies changes on the listener's thread.
SWITCH_INTERVAL_S = 0.001
_stop = threading.Event()
#: users caught up, catch-ups that failed, announcements refused as malformed, notes not carried (read failed)
catch_up_counts = {"caught_up": 0, "failed": 0, "malformed": 0, "not_carried": 0}


def change_start(ctx: Context, user_id: str) -> tuple[str, int] | None:
    """The user's memory version and last applied turn before a batch is applied, for its change note.

    None when notes are off, or the read failed (logged; the announcement is then bare).
    """
    if not (ctx.settings.recall_catch_up and ctx.settings.recall_change_notes):
        return None
    try:
        return ctx.store.memory_version(user_id), ctx.store.last_applied_seq(user_id)
    except Exception as exc:  # the batch is applied regardless; the recall workers read the change themselves
        log.info("change note of %s not started (%r): announced bare", user_id, exc)
        return None


def _note(ctx: Context, user_id: str, start: tuple[str, int]) -> bytes | None:
    """The change note since ``start`` (read now, after the batch), or None to announce bare."""
    since, after_seq = start
    try:
        changes = ctx.store.changes_since(user_id, since)
        turns = ctx.store.list_turns(user_id, after_seq=after_seq) if (
            changes.last_seq is not None and changes.last_seq > after_seq) else []
        return encode_change_note(user_id, since, changes, after_seq, turns)
    except Exception as exc:  # announced bare: each recall worker reads the change itself
        catch_up_counts["not_carried"] += 1
        log.info("change note of %s not read (%r): announced bare", user_id, exc)
        return None


def announce_change(ctx: Context, user_id: str, start: tuple[str, int] | None = None) -> None:
    """Tell the recall workers that the user's memory changed (best effort: a failure is logged).

    ``start``: what ``change_start`` read before the batch; the announcement then carries the change.
    """
    if not ctx.settings.recall_catch_up:
        return
    body: bytes | str = (_note(ctx, user_id, start) if start is not None else None) or user_id
    try:
        ctx.redis.publish(CHANGED_CHANNEL, body)
    except Exception as exc:  # recall catches up by itself at the next recall
        log.info("could not announce a change of %s to the recall workers: %s", user_id, exc)


def recall_queues(consumer: Any) -> list[str]:
    """The recall queues (``recall``, ``recall.<shard>``) this worker consumes (from its ``-Q``)."""
    names = getattr(consumer.app.amqp.queues, "consume_from", None) or {}
    return sorted(n for n in names if n == "recall" or n.startswith("recall."))


def _notes(messages: list[Any]) -> dict[str, list[ChangeNote]]:
    """The announcements received together, decoded and grouped by user (malformed ones counted and logged)."""
    by_user: dict[str, list[ChangeNote]] = {}
    for data in messages:
        try:
            note = decode_change_note(data)
        except InvalidInput as exc:  # nothing to catch up with: the next recall checks the version itself
            catch_up_counts["malformed"] += 1
            log.warning("recall write-behind: announcement refused: %s", exc)
            continue
        by_user.setdefault(note.user_id, []).append(note)
    return by_user


def _catch_up(users: dict[str, list[ChangeNote]]) -> None:
    recaller = context().memory.recaller
    recaller = getattr(recaller, "recaller", recaller)  # the LLM recaller wraps the index cache
    catch_up = getattr(recaller, "catch_up", None)
    if catch_up is None:
        return
    for user_id, notes in users.items():
        try:
            if catch_up(user_id, notes):
                catch_up_counts["caught_up"] += 1
        except Exception as exc:  # the next recall of the user catches up (or reports) itself
            catch_up_counts["failed"] += 1
            log.warning("write-behind catch-up of %s failed: %r", user_id, exc)


def _listen(redis_url: str) -> None:
    client = redis_client(redis_url)
    while not _stop.is_set():
        try:
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(CHANGED_CHANNEL)
            while not _stop.is_set():
                message = pubsub.get_message(timeout=1.0)
                if message is None:
                    continue
                messages = [message["data"]]
                while (more := pubsub.get_message(timeout=0)) is not None:  # coalesced per user
                    messages.append(more["data"])
                _catch_up(_notes(messages))
        except Exception as exc:  # Redis away: listen again shortly; recall still checks versions itself
            log.warning("recall write-behind listener: %r; reconnecting", exc)
            _stop.wait(1.0)
    client.close()


@worker_ready.connect
def _start_listener(sender: Any = None, **_: Any) -> None:
    if sender is None or not recall_queues(sender):
        return
    settings = app.services.settings()
    if not settings.recall_catch_up:
        return
    _stop.clear()
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    threading.Thread(target=_listen, args=(settings.redis_url,), name="gulfstream-recall-catchup",
                     daemon=True).start()
    log.info("recall write-behind: listening on %s (started %.0f)", CHANGED_CHANNEL, time.time())


@worker_shutdown.connect
def _stop_listener(**_: Any) -> None:
    _stop.set()
