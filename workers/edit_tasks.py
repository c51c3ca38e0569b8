"""Person edits and item reads: request/reply tasks for a user, the editor or the CLI client.

They run on the ``edits`` queue (never behind a backlog of turns). Each task
takes the caller's ``call_id`` and answers through ``workers.recall_worker.reply``
(the per-call reply list of ``memory_core.wire``).

Edits never interleave with a curate run. Every write holds the user's lock
(``SqlStore.user_lock``, the one ``Memory.apply_pending`` holds while it plans
and applies the user's turns) around its ``store.apply``, and so waits for a
run that has already planned its ops. When the lock is busy the task does
what the curate task does: it lets go of the worker slot and is published
again after ``lock_busy_countdown_s`` (``workers.policy.republish``), which
is never counted as a retry. It answers only once it has run. After
``edit_lock_wait_s`` of waiting it gives up and answers ``StoreLocked``. The
caller usually stops waiting sooner (``request_timeout_s``); the edit still
applies later, as any at-least-once request may.
"""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Callable, Iterable, Mapping
from contextlib import ExitStack
from typing import Any

from celery import Task

from memory_core import wire
from memory_core.errors import InvalidField, StoreLocked, UnknownItem
from memory_core.forget_turns import forget_applied_turns
from memory_core.given_slot import add_given
from memory_core.model import Actor, Status, check_item_fields
from memory_core.store.purge import PURGED_TEXT
from memory_core.store.transfer import parse_import, store_import
from memory_core.user_scopes import stored_scopes, stored_user_ids
from memory_core.validation import check_timestamp
from workers.app import app, context
from workers.bootstrap import Context
from workers.erase import erase_redis
from workers.policy import republish
from workers.recall_worker import reply
from workers.session_window import FAILURES as WINDOW_FAILURES
from workers.session_window import erase_windows, forget_windows

__all__ = [
    "add_item", "delete_item", "erase_user", "forget_turns", "get_item", "hit_item", "import_items", "item_history",
    "items_of_turns", "list_items", "list_users", "locked_edit", "merge_items", "turn_status", "update_item",
]

log = logging.getLogger(__name__)


def locked_edit(task: Task, call_id: str | None, user_ids: Iterable[str], work: Callable[[Context], Any],
                busy_since: float | None) -> Any:
    """Run ``work(ctx)`` holding the lock of every user in ``user_ids``, then reply with its result.

    Locks are taken in sorted order with the curator's short timeout
    (``curate_lock_wait_s``). Any busy lock: the ones held are released and the
    task is published again after ``lock_busy_countdown_s`` with
    ``busy_since`` set, and nothing is answered yet.

    Returns:
        What ``work`` returned, or None when re-queued or failed.
    """
    ctx = context()
    s = ctx.settings
    with ExitStack() as held:
        try:
            for user_id in sorted(set(user_ids)):
                held.enter_context(ctx.store.user_lock(user_id, timeout_s=s.curate_lock_wait_s))
        except StoreLocked as exc:
            held.close()
            now = time.time()
            since = now if busy_since is None else busy_since
            if now - since < s.edit_lock_wait_s:
                republish(task, s.lock_busy_countdown_s, busy_since=since)
                return None
            log.error("%s gave up after waiting %.0f s for a busy user lock", task.name, now - since)
            return reply(ctx, call_id, _raiser(exc))
        except Exception as exc:  # the lock itself failed (database down): tell the caller, never time out
            return reply(ctx, call_id, _raiser(exc))
        return reply(ctx, call_id, lambda: work(ctx))


def _embed(ctx: Context, user_id: str) -> None:
    """Enqueue the embedding of what a person's edit wrote (recall by meaning finds it as it finds curated items)."""
    from workers.embed_tasks import request_embedding

    request_embedding(ctx, user_id)


def _raiser(exc: BaseException) -> Callable[[], Any]:
    def fail() -> Any:
        raise exc

    return fail


# ── person edits (under the user's lock) ───────────────────────────────


@app.task(name=wire.ADD_ITEM, bind=True, ignore_result=True)
def add_item(self: Task, call_id: str | None, user_id: str, description: str, theme: str,
             fields: dict[str, Any] | None = None, reason: str = "", busy_since: float | None = None) -> None:
    """Add an item written by a person; reply with its id (InvalidField for an unknown field name)."""
    def work(ctx: Context) -> str:
        extra = fields or {}
        if not isinstance(extra, Mapping):
            raise InvalidField(f"fields must be a mapping of item fields; got {type(extra).__name__}")
        check_item_fields(extra)  # else an unknown name is a TypeError, answered as an internal error
        extra = {name: check_timestamp(value, name) if name in ("valid_from", "valid_until")
                 and isinstance(value, str | int | float) else value for name, value in extra.items()}
        item_id = add_given(ctx.store, user_id, description, theme, reason=reason, **extra)  # keyed by its slot
        _embed(ctx, user_id)
        return item_id

    locked_edit(self, call_id, [user_id], work, busy_since)


@app.task(name=wire.UPDATE_ITEM, bind=True, ignore_result=True)
def update_item(self: Task, call_id: str | None, user_id: str, item_id: str, reason: str,
                new_description: str | None = None, new_theme: str | None = None,
                busy_since: float | None = None) -> None:
    """Change an item's text and/or theme (the old ones stay in its history)."""
    def work(ctx: Context) -> None:
        ctx.store.update(user_id, item_id, reason, new_description, new_theme, actor=Actor.USER)
        if new_description is not None:
            _embed(ctx, user_id)

    locked_edit(self, call_id, [user_id], work, busy_since)


@app.task(name=wire.DELETE_ITEM, bind=True, ignore_result=True)
def delete_item(self: Task, call_id: str | None, user_id: str, item_id: str, reason: str,
                busy_since: float | None = None, purge: bool = False) -> None:
    """Soft-delete an item, or with ``purge`` remove its words (``MemoryStore.purge``); reply with its
    description. The Redis windows of the sessions whose turns it forgot are dropped
    (``session_window.forget_windows``)."""
    def work(ctx: Context) -> str:
        if purge:
            ctx.store.purge(user_id, item_id, reason, actor=Actor.USER)
            said = PURGED_TEXT
        else:
            said = ctx.store.delete(user_id, item_id, reason, actor=Actor.USER)
        try:
            forget_windows(ctx.redis, ctx.store, user_id, item_id)
        except Exception as exc:  # the delete is done; a window left may show the turn until its TTL
            WINDOW_FAILURES["drop"] += 1
            log.error("session windows of %s not dropped after deleting %s: %r", user_id, item_id, exc)
        return said

    locked_edit(self, call_id, [user_id], work, busy_since)


@app.task(name=wire.MERGE_ITEMS, bind=True, ignore_result=True)
def merge_items(self: Task, call_id: str | None, user_id: str, keep_id: str, other_id: str, reason: str,
                description: str | None = None, theme: str | None = None,
                busy_since: float | None = None) -> None:
    """Merge ``other_id`` into ``keep_id`` as a person's edit; reply with ``keep_id``.

    The kept item takes ``description`` / ``theme`` when given, else keeps its own.
    """
    def work(ctx: Context) -> str:
        keep = ctx.store.get(user_id, keep_id)
        if not keep.active:
            raise UnknownItem(f"memory item {keep_id!r} is {keep.status}")
        ctx.store.merge(user_id, keep_id, other_id, description or keep.description, theme or keep.theme,
                        reason, actor=Actor.USER)
        return keep_id

    locked_edit(self, call_id, [user_id], work, busy_since)


@app.task(name=wire.HIT_ITEM, bind=True, ignore_result=True)
def hit_item(self: Task, call_id: str | None, user_id: str, item_id: str, count: int = 1,
             busy_since: float | None = None) -> None:
    """Mark an item recalled or confirmed ``count`` times; reply with its new hit count."""
    locked_edit(self, call_id, [user_id], lambda ctx: ctx.store.hit(user_id, item_id, count), busy_since)


@app.task(name=wire.IMPORT_ITEMS, bind=True, ignore_result=True)
def import_items(self: Task, call_id: str | None, text: str, user_id: str | None = None,
                 busy_since: float | None = None) -> None:
    """Import seed-000 compatible YAML (see ``memory_core.store.transfer``); reply with counts per user.

    All or nothing: the whole document is checked first, then every user
    named in it is locked, then each user's items are added in one batch.
    """
    ctx = context()
    try:
        parsed = parse_import(io.StringIO(text), user_id=user_id)
    except Exception as exc:  # any error is the caller's answer (reply logs a non-core one), never a silent 504
        reply(ctx, call_id, _raiser(exc))
        return
    def work(c: Context) -> dict[str, int]:
        counts = store_import(c.store, parsed)
        for imported in counts:
            _embed(c, imported)
        return counts

    locked_edit(self, call_id, parsed, work, busy_since)


@app.task(name=wire.ERASE_USER, bind=True, ignore_result=True)
def erase_user(self: Task, call_id: str | None, user_id: str, busy_since: float | None = None) -> None:
    """Erase every turn, item, revision, dead letter and Redis key of the user and of each agent scope of
    theirs (``memory_core.user_scopes``), under those users' locks; reply ``{stored user id: items removed}``.

    Afterwards the user's turn statuses are gone (``turn_status`` answers NotFound)
    and Redis rewrites its append-only file (``workers.erase``).
    """
    scopes = stored_scopes(context().store, user_id)

    def work(ctx: Context) -> dict[str, int]:
        removed = {}
        for scope in scopes:
            ctx.redis.delete(wire.inbox_key(scope))  # turn texts not yet taken by an ingest run
            removed[scope] = int(ctx.memory.erase_user(scope))
            ctx.dead_letters.erase_user(scope)
            erase_redis(ctx.redis, scope)  # and any published meanwhile, the counters and refusals
        return removed

    locked_edit(self, call_id, scopes, work, busy_since)


@app.task(name=wire.FORGET_TURNS, bind=True, ignore_result=True)
def forget_turns(self: Task, call_id: str | None, user_id: str, busy_since: float | None = None) -> None:
    """Forget the user's applied turns under the user's lock (``delete_all``: a message said again after the
    wipe is stored anew; ``memory_core.forget_turns``), and the session windows that hold their texts.
    Replies with how many turns were removed."""
    def work(ctx: Context) -> int:
        removed = forget_applied_turns(ctx.memory, user_id)
        erase_windows(ctx.redis, user_id)
        return removed

    locked_edit(self, call_id, [user_id], work, busy_since)


# ── reads (no lock: each is one consistent read) ───────────────────────


@app.task(name=wire.LIST_ITEMS, ignore_result=True, acks_late=False)
def list_items(call_id: str | None, user_id: str, statuses: list[str] | None = None,
               theme: str | None = None, kind: str | None = None) -> None:
    """Reply with the user's items (default active), oldest first, without history."""
    ctx = context()
    wanted = (Status.ACTIVE,) if statuses is None else statuses
    reply(ctx, call_id, lambda: [wire.item_payload(i) for i in ctx.store.list_items(
        user_id, statuses=wanted or None, theme=theme, kind=kind)])


@app.task(name=wire.ITEMS_OF_TURNS, ignore_result=True, acks_late=False)
def items_of_turns(call_id: str | None, user_id: str, turn_ids: list[str]) -> None:
    """Reply with the user's items (any status, without history) that ``turn_ids`` made, changed, confirmed
    or ended, oldest first (``MemoryStore.items_of_turns``: what an add answers, read by index)."""
    ctx = context()
    reply(ctx, call_id, lambda: [wire.item_payload(i) for i in ctx.store.items_of_turns(user_id, turn_ids)])


@app.task(name=wire.LIST_USERS, ignore_result=True, acks_late=False)
def list_users(call_id: str | None, prefix: str = "") -> None:
    """Reply with the sorted ids of the users with items or turns whose id starts with ``prefix``."""
    ctx = context()
    reply(ctx, call_id, lambda: sorted(stored_user_ids(ctx.store, prefix)))


@app.task(name=wire.GET_ITEM, ignore_result=True, acks_late=False)
def get_item(call_id: str | None, user_id: str, item_id: str) -> None:
    """Reply with one item, whatever its status, without history."""
    ctx = context()
    reply(ctx, call_id, lambda: wire.item_payload(ctx.store.get(user_id, item_id)))


@app.task(name=wire.ITEM_HISTORY, ignore_result=True, acks_late=False)
def item_history(call_id: str | None, user_id: str, item_id: str) -> None:
    """Reply with an item's revisions, newest first."""
    ctx = context()
    reply(ctx, call_id, lambda: wire.to_jsonable(ctx.store.history(user_id, item_id)))


@app.task(name=wire.TURN_STATUS, ignore_result=True, acks_late=False)
def turn_status(call_id: str | None, user_id: str, turn_id: str, text: str | None = None) -> None:
    """Reply with ``{"status", "seq", "error_type", "attempts"}`` of one published turn (see the client;
    ``text``: the text the caller published, to learn whether the stored turn is its own)."""
    ctx = context()
    reply(ctx, call_id, lambda: status_of(ctx, user_id, turn_id, text))


def status_of(ctx: Context, user_id: str, turn_id: str, text: str | None = None) -> dict[str, Any]:
    """Where one turn is (see ``memory_core.wire.turn_status``). Raises NotFound for an unknown turn."""
    return wire.turn_status(ctx.store, ctx.redis, user_id, turn_id, text, embeds=ctx.memory.embedder is not None)
