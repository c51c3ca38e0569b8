"""The Python client existing backends use: publish turns, recall, edit memory.

It talks to the workers only through Redis, by task NAME (``memory_core.wire``),
so a backend never imports worker code. Input is checked here with
``memory_core.validation`` before anything is sent, so a bad turn fails in the
caller with a clear ``InvalidInput`` instead of in a worker later.

Example::

    client = MemoryClient("redis://127.0.0.1:6379/0",
                          database_url="postgresql+psycopg://...")  # for the recall fallback
    client.publish_turn("u1", "t-0001", "I moved to Lisbon", role="user",
                        session_id="s1", timestamp="2026-05-10T09:00:00Z")
    reply = client.recall("u1", "where do I live?", k=5)
    reply.context_text, reply.degraded, reply.reason

``AsyncMemoryClient`` offers the same methods as coroutines.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from datetime import datetime
from typing import Any, TypeVar

import redis
from celery import Celery
from redis.backoff import ExponentialBackoff, NoBackoff
from redis.retry import Retry

from api_shim.errors import PublishFailed, RecallUnavailable, RequestTimeout
from api_shim.fallback import DatabaseRecall
from api_shim.replies import RecallReply, recall_reply, remote_error
from memory_core import wire
from memory_core.errors import InvalidField
from memory_core.model import MAX_HIT, check_item_fields, new_item_id
from memory_core.redact import redact
from memory_core.store.base import check_list_filters
from memory_core.validation import (
    MAX_REASON_CHARS,
    MAX_TEXT_CHARS,
    ROLES,
    check_id,
    check_item_values,
    check_meta,
    check_text,
    check_turn_time,
)
from memory_core.wire import affinity
from memory_core.wire.affinity import HashRing

__all__ = ["MAX_IMPORT_CHARS", "AsyncMemoryClient", "MemoryClient", "RecallReply"]

T = TypeVar("T")
log = logging.getLogger(__name__)
_READ_ONLY = frozenset({wire.RECALL, wire.PING})
_FALLS_BACK = frozenset({wire.RECALL})  # read-only with a fallback of its own: never retried
_REPLY_SLICE_S = 5.0  # a recall waits for its reply in BRPOPs of at most this long, in seconds
_REPLY_SOCKET_MARGIN_S = 5.0  # and gives up on a Redis silent this long past a BRPOP's end
MAX_IMPORT_CHARS = 20_000_000  # one import message, in characters


class MemoryClient:
    """Synchronous client. Thread-safe; create one per process and reuse it.

    Args:
        broker_url: the Redis URL the workers use (``redis://host:6379/0``).
        database_url: SQLAlchemy URL of the memory database, for the read-only
            recall fallback (None: no fallback, ``RecallUnavailable`` instead).
        recall_timeout_ms: how long ``recall`` waits for the worker, in milliseconds.
        request_timeout_s: how long CRUD calls wait for their reply, in seconds.
        publish_retry_s: how long publishing keeps retrying an unreachable broker, in seconds.
        fallback_timeout_s: how long the database fallback of ``recall`` may take,
            in seconds; past it ``RecallUnavailable`` is raised (a database that
            accepts connections but never answers would otherwise hold the call).
            The fallback's one-time set-up is not counted (see ``fallback_setup_s``).
        fallback_setup_s: how long the one-time set-up of the fallback may take,
            in seconds: loading the core's code, building the store object and
            loading the tokenizer's dictionary (~1-4 s of CPU, no database
            access), done by the first fallback of the client or by
            ``prepare_fallback``.
        recall_queues: the shard queues of N recall workers (``wire.affinity.shard_queues(N)``);
            a user's recalls go to the first live one of the user's order on a consistent-hash
            ring, so one worker holds the user's index. None (default): the one ``recall`` queue.
    """

    def __init__(self, broker_url: str, *, database_url: str | None = None, recall_timeout_ms: int = 250,
                 request_timeout_s: float = 10.0, publish_retry_s: float = 10.0,
                 fallback_timeout_s: float = 5.0, fallback_setup_s: float = 30.0,
                 recall_queues: Sequence[str] | None = None) -> None:
        self.broker_url = broker_url
        self._ring = HashRing(list(recall_queues)) if recall_queues else None
        self._alive: tuple[float, frozenset[str]] = (0.0, frozenset())
        self._suspect: dict[str, float] = {}  # queue → until when it is skipped (a recall there timed out)
        self.database_url = database_url
        self.recall_timeout_ms = recall_timeout_ms
        self.request_timeout_s = request_timeout_s
        self._retry_policy = {"max_retries": max(1, int(publish_retry_s / 0.5)), "interval_start": 0,
                              "interval_step": 0.25, "interval_max": 0.5}
        self.celery = Celery("gulfstream-client", broker=broker_url, set_as_current=False)
        self.celery.conf.update(
            task_serializer="json", accept_content=["json"], broker_connection_retry_on_startup=True,
            task_routes={name: {"queue": queue} for name, queue in wire.ROUTES.items()},
            # One connection attempt per publish: kombu would otherwise keep reconnecting for its
            # connect timeout (~4-6 s) inside even a ``retry=False`` publish. Retrying publishes
            # (writes) still retry, by ``_retry_policy``.
            broker_transport_options={"max_retries": 0},
        )
        retries = max(1, int(publish_retry_s / 0.5))
        self.redis = redis.Redis.from_url(
            broker_url, socket_timeout=30, health_check_interval=15,
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), retries=retries),
            retry_on_error=[redis.ConnectionError, redis.TimeoutError])
        # Recall replies are awaited on connections that never retry: a Redis lost mid-wait sends the
        # recall to its database fallback at once (``self.redis`` would reconnect for ~publish_retry_s).
        self._reply_redis = redis.Redis.from_url(
            broker_url, socket_timeout=_REPLY_SLICE_S + _REPLY_SOCKET_MARGIN_S, socket_connect_timeout=2,
            retry=Retry(NoBackoff(), 0))
        self._publish_script = self.redis.register_script(wire.PUBLISH_SCRIPT)
        self._fallback = None if database_url is None else DatabaseRecall(
            database_url, timeout_s=fallback_timeout_s, setup_s=fallback_setup_s)

    def close(self) -> None:
        """Release broker, Redis and database connections."""
        self.redis.close()
        self._reply_redis.close()
        self.celery.close()
        if self._fallback is not None:
            self._fallback.close()

    # ── writes ─────────────────────────────────────────────────────────

    def publish_turn(self, user_id: str, turn_id: str, text: str, role: str, session_id: str,
                     timestamp: datetime | str | float, speaker: str | None = None,
                     meta: Mapping[str, str] | None = None) -> str:
        """Enqueue one finished turn for ingest; return the id of the ingest message that will store it.

        When this returns, the turn is in Redis (kept in the user's inbox until
        stored) and will be stored and applied once, in the user's publish
        order; repeats of a turn id are ignored. While an ingest message of the
        user is queued and not yet started, no second one is sent: that one
        stores every turn in the inbox (``wire.PUBLISH_SCRIPT``), so a
        burst of turns costs one message, and the returned id is that message's.
        After ``PublishFailed`` the turn may still arrive; publishing it again
        is safe. Memory text is not shown in Flower: the task's argument
        representation carries ids only.

        Args:
            user_id, turn_id, session_id: ids as ``memory_core.validation.check_id`` (strings, as given).
            text: 1..8,000 characters (a string; bytes are refused).
            role: user, assistant, tool or system.
            timestamp: when the turn was said: aware datetime, ISO-8601 or epoch
                seconds, at most a day ahead of this machine's clock.
            speaker: 1..128 characters.
            meta: up to 32 string entries (``check_meta``; the HTTP API's limit too).

        Raises:
            InvalidInput: a bad id, text, role, timestamp, speaker or meta (nothing sent).
            PublishFailed: the broker could not be reached within ``publish_retry_s``.
        """
        user_id = check_id(user_id, "user id")
        turn_id = check_id(turn_id, "turn id")
        session_id = check_id(session_id, "session id")
        if role not in ROLES:
            raise InvalidField(f"role must be one of {', '.join(ROLES)}; got {role!r}")
        text = _text(text, "text")
        when = check_turn_time(timestamp)
        name = _text(speaker, "speaker", max_chars=128) if speaker is not None else ""
        extra = check_meta(meta)
        turn = {"user_id": user_id, "turn_id": turn_id, "session_id": session_id, "role": role,
                "text": text, "timestamp": when.isoformat(), "speaker": name, "meta": extra,
                "published_at": time.time()}
        waiting_key = wire.ingest_waiting_key(user_id)
        try:
            raw_seq, raw_id, must_send = self._publish_script(
                keys=[wire.pub_seq_key(user_id), wire.inbox_key(user_id), wire.INBOX_USERS_KEY,
                      waiting_key],
                args=[json.dumps(turn, ensure_ascii=False), user_id, uuid.uuid4().hex,
                      wire.INGEST_WAITING_TTL_S])
        except redis.RedisError as exc:
            raise PublishFailed(redact(f"cannot reach Redis at {self.broker_url}: {exc}")) from exc
        pub_seq = int(raw_seq)
        message_id = raw_id.decode() if isinstance(raw_id, bytes) else str(raw_id)
        if not int(must_send):
            return message_id  # a queued ingest of this user will store this turn too
        kwargs = {**turn, "pub_seq": pub_seq}
        shown = f"{{'user_id': {user_id!r}, 'turn_id': {turn_id!r}, 'pub_seq': {pub_seq}}}"
        try:
            return self._send(wire.INGEST_TURN, kwargs, kwargsrepr=shown, task_id=message_id)
        except PublishFailed:
            with contextlib.suppress(redis.RedisError):  # let the next publish send its own message
                self.redis.delete(waiting_key)
            raise

    def add_item(self, user_id: str, description: str, theme: str, *, reason: str = "",
                 **fields: Any) -> str:
        """Add a memory item written by a person; return its id.

        The id is chosen here (unless given as ``id``), so a redelivered
        request is refused by the store instead of adding the item twice.

        Args:
            reason: optional, up to 1,000 characters (kept in the item's history).
            fields: other ``MemoryItem`` fields (``memory_core.model.ITEM_FIELDS``:
                kind, status, trust, confidence, importance, key, ...), checked by the worker.

        Raises:
            InvalidInput: bad text or reason, an unknown field name (nothing sent), or a
                bad field value (from the worker); RequestTimeout; RemoteError.
        """
        check_item_fields(fields)
        fields = {name: value.isoformat() if isinstance(value, datetime) else value
                  for name, value in check_item_values(fields).items()}  # the worker checks them again
        fields.setdefault("id", new_item_id())
        return str(self._call(wire.ADD_ITEM, user_id=check_id(user_id, "user id"),
                              description=_text(description, "description"),
                              theme=_text(theme, "theme", max_chars=64), fields=fields,
                              reason=_reason(reason, required=False)))

    def update_item(self, user_id: str, item_id: str, reason: str, new_description: str | None = None,
                    new_theme: str | None = None) -> None:
        """Change an item's text and/or theme; the old ones stay in its history.

        Args:
            reason: why, 1..1,000 characters (kept in the history; required, as over HTTP).

        Raises:
            UnknownItem, InvalidInput (an empty reason too), RequestTimeout, RemoteError.
        """
        if new_description is None and new_theme is None:
            raise InvalidField("update needs a new description or a new theme")
        self._call(wire.UPDATE_ITEM, user_id=check_id(user_id, "user id"),
                   item_id=check_id(item_id, "item id"), reason=_reason(reason),
                   new_description=None if new_description is None else _text(new_description, "description"),
                   new_theme=None if new_theme is None else _text(new_theme, "theme", max_chars=64))

    def delete_item(self, user_id: str, item_id: str, reason: str) -> str:
        """Soft-delete an item (kept in history); return its description.

        Args:
            reason: why, 1..1,000 characters (kept in the history; required, as over HTTP).

        Raises:
            UnknownItem, InvalidInput (an empty reason too), RequestTimeout, RemoteError.
        """
        return str(self._call(wire.DELETE_ITEM, user_id=check_id(user_id, "user id"),
                              item_id=check_id(item_id, "item id"), reason=_reason(reason)))

    def merge_items(self, user_id: str, keep_id: str, other_id: str, reason: str, *,
                    description: str | None = None, theme: str | None = None) -> str:
        """Merge ``other_id`` into ``keep_id`` (both histories kept); return ``keep_id``.

        ``other_id`` ends deleted, pointing at ``keep_id``. The kept item takes
        ``description`` and ``theme`` when given, else keeps its own. ``reason``
        is required, 1..1,000 characters, as over HTTP.

        Raises:
            UnknownItem: either item is not a live item of the user.
            InvalidInput: the same id twice, bad text, an empty reason; RequestTimeout; RemoteError.
        """
        return str(self._call(wire.MERGE_ITEMS, user_id=check_id(user_id, "user id"),
                              keep_id=check_id(keep_id, "item id"), other_id=check_id(other_id, "item id"),
                              reason=_reason(reason),
                              description=None if description is None else _text(description, "description"),
                              theme=None if theme is None else _text(theme, "theme", max_chars=64)))

    def import_items(self, text: str, *, user_id: str | None = None,
                     timeout_s: float | None = None) -> dict[str, int]:
        """Import seed-000 compatible YAML; return items imported per user id.

        ``text`` is an export document (every user in it, or only ``user_id``)
        or a bare seed-000 file (item id → item) for ``user_id``. Ids, times and
        histories are kept. All or nothing: if any item is invalid, or a user
        already has one of the ids, nothing is imported.

        Raises:
            InvalidInput: bad YAML or items, or ids the user already has; RequestTimeout; RemoteError.
        """
        if not isinstance(text, str):
            raise InvalidField(f"import text must be a string; got {type(text).__name__}")
        if len(text) > MAX_IMPORT_CHARS:
            raise InvalidField(f"import text is over {MAX_IMPORT_CHARS} characters; split it by user")
        return {str(k): int(v) for k, v in self._call(
            wire.IMPORT_ITEMS, timeout_s=timeout_s, text=text,
            user_id=None if user_id is None else check_id(user_id, "user id")).items()}

    def erase_user(self, user_id: str) -> int:
        """Erase every turn, item and revision of the user; return items removed.

        Turns the user's inbox still holds are dropped. A turn an ingest run
        had already taken when the erase began is either erased with the rest
        or, if stored after it, kept among the user's new turns, possibly
        after turns published later: stop publishing a user's turns before
        erasing them.
        """
        return int(self._call(wire.ERASE_USER, user_id=check_id(user_id, "user id")))

    # ── reads ──────────────────────────────────────────────────────────

    def list_items(self, user_id: str, *, statuses: str | Sequence[str] | None = None, theme: str | None = None,
                   kind: str | None = None) -> list[dict[str, Any]]:
        """Return the user's items, oldest first, without history: ``[{"id", "description", ...}]``.

        Args:
            statuses: one status (a string) or several, of active, superseded,
                archived, deleted; None: active items only; an empty list: every status.
            theme: only items of this theme (1..64 characters).
            kind: only items of this kind (fact, preference, event, todo, procedure, summary).

        Raises:
            InvalidInput: a bad user id, an unknown status or kind, a filter of the
                wrong type (nothing is sent); RequestTimeout; RemoteError.
        """
        user_id = check_id(user_id, "user id")
        wanted, theme, kind = check_list_filters(statuses, theme, kind)
        return list(self._call(wire.LIST_ITEMS, user_id=user_id,
                               statuses=None if wanted is None else list(wanted), theme=theme, kind=kind))

    def item_history(self, user_id: str, item_id: str) -> list[dict[str, Any]]:
        """Return an item's revisions, newest first. Raises UnknownItem."""
        return list(self._call(wire.ITEM_HISTORY, user_id=check_id(user_id, "user id"),
                               item_id=check_id(item_id, "item id")))

    def hit_item(self, user_id: str, item_id: str, count: int = 1) -> int:
        """Mark an item recalled or confirmed ``count`` times (1..2**31-1); return its new hit count.

        Raises:
            UnknownItem: no live item with this id for the user. InvalidField: a bad count.
            RequestTimeout, RemoteError.
        """
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_HIT:
            raise InvalidField(f"hit count must be an integer from 1 to {MAX_HIT}; got {count!r}")
        return int(self._call(wire.HIT_ITEM, user_id=check_id(user_id, "user id"),
                              item_id=check_id(item_id, "item id"), count=count))

    def get_item(self, user_id: str, item_id: str) -> dict[str, Any]:
        """Return one item, whatever its status, without history. Raises UnknownItem."""
        return dict(self._call(wire.GET_ITEM, user_id=check_id(user_id, "user id"),
                               item_id=check_id(item_id, "item id")))

    def turn_status(self, user_id: str, turn_id: str) -> dict[str, Any]:
        """Return where a published turn is: ``{"status", "seq", "error_type", "attempts", "error"}``.

        Status: "queued" (published, not stored yet), "stored" (waiting for
        the curator), "applied", "dead_lettered" (the curator gave up on it;
        then ``error_type`` and ``attempts`` say why), or "refused" (ingest
        refused the last publish of this turn id, e.g. it was stored before
        with other text; ``error`` says why). ``seq`` is the turn's per-user
        number once stored. Publishing is asynchronous, so a refusal shows here,
        not as an exception from ``publish_turn``.

        Raises:
            NotFound: no such turn was published for the user (or it was erased).
        """
        return dict(self._call(wire.TURN_STATUS, user_id=check_id(user_id, "user id"),
                               turn_id=check_id(turn_id, "turn id")))

    def recall(self, user_id: str, query: str, k: int = 10, *, filters: Mapping[str, Any] | None = None,
               budget_tokens: int | None = None, timeout_ms: int | None = None) -> RecallReply:
        """Return the user's top-k items for ``query`` and the packed context block.

        Asks the recall worker and waits ``timeout_ms`` (default
        ``recall_timeout_ms``). If it does not answer in time, or the broker is
        down, recalls directly from the database (read-only) and says so:
        ``degraded=True`` with a ``reason``.

        A recall is never retried against the broker: when Redis refuses the
        request (one publish attempt) or is lost while the reply is awaited,
        the fallback starts at once, so with Redis down a recall costs about
        the fallback's own time, not ``publish_retry_s``.

        The first fallback of a client first does a one-time set-up (loading
        code and the tokenizer's dictionary, ~1-4 s of CPU, no database access;
        ``prepare_fallback`` does it ahead of time). It has its own allowance,
        ``fallback_setup_s``; only the recall from the database itself counts
        against ``fallback_timeout_s``.

        Args:
            filters: ``themes`` / ``kinds`` / ``statuses`` (a string or strings),
                ``since`` / ``until`` (aware datetimes or ISO-8601 strings).
            budget_tokens: context block budget, 0..32,000 tokens (default: the core's setting).
            timeout_ms: how long to wait for the recall worker, 1..600,000 ms.

        Raises:
            InvalidInput: bad user id, empty or oversized query, bad k, filters, budget or timeout.
            RecallUnavailable: no answer and no ``database_url`` to fall back on; or the
                fallback's set-up took over ``fallback_setup_s``, or its recall over
                ``fallback_timeout_s`` (the message says which).
            StoreError: the fallback read failed too (the database is down as well).
        """
        kwargs = wire.check_recall_request(user_id, query, k, filters, budget_tokens, timeout_ms)
        user_id, query = kwargs["user_id"], kwargs["query"]
        wait_ms = timeout_ms or self.recall_timeout_ms
        started = time.perf_counter()
        reason = ""
        for attempt, queue in enumerate(self._recall_queues(user_id)):  # with affinity: the owner, then the next
            try:
                value = self._call(wire.RECALL, timeout_s=wait_ms / 1000, deadline=wire.deadline_after(wait_ms),
                                   kwargsrepr=f"{{'user_id': {user_id!r}, 'k': {k}}}", queue=queue, **kwargs)
                reason = ""
                break
            except RequestTimeout:
                reason = f"recall worker did not answer within {wait_ms} ms" + (f" ({attempt + 1} tried)"
                                                                                 if attempt else "")
                if queue is not None:
                    self._suspect[queue] = time.monotonic() + affinity.SUSPECT_S
                    log.warning("recall on %s timed out; trying the next worker on the ring", queue)
            except PublishFailed as exc:
                reason = f"broker unreachable ({exc})"
                break
        if not reason:
            reply = recall_reply(value)
        else:
            reply = self._recall_from_database(user_id, query, k, kwargs["filters"], budget_tokens, reason)
        reply.timings_ms["round_trip"] = (time.perf_counter() - started) * 1e3
        return reply

    def _recall_queues(self, user_id: str) -> list[str | None]:
        """Where to send a user's recall, at most two tries: [None] (the route) without affinity."""
        if self._ring is None:
            return [None]
        now = time.monotonic()
        stamp, alive = self._alive
        if now - stamp > 0.5:  # who is alive, read at most twice a second
            try:
                found = self.redis.mget([affinity.heartbeat_key(q) for q in self._ring.nodes])
                alive = frozenset(q for q, v in zip(self._ring.nodes, found, strict=True) if v is not None)
            except redis.RedisError:  # the publish will fail and fall back anyway
                alive = frozenset(self._ring.nodes)
            self._alive = (now, alive)
        order = self._ring.preference(user_id)
        live = [q for q in order if q in alive and self._suspect.get(q, 0.0) <= now]
        return list((live or order)[:2])

    def recall_stats(self, queue: str, timeout_s: float | None = None) -> dict[str, Any]:
        """The recall cache of the worker consuming ``queue``: users held, builds, bytes (``workers.affinity``).

        Raises:
            RequestTimeout: no worker answered on that queue.
        """
        return dict(self._call(affinity.RECALL_STATS, timeout_s=timeout_s, queue=queue))

    def ping(self, timeout_s: float | None = None) -> float:
        """Round-trip a no-op task through the recall queue; return the time in milliseconds."""
        started = time.perf_counter()
        self._call(wire.PING, timeout_s=timeout_s)
        return (time.perf_counter() - started) * 1e3

    # ── plumbing ───────────────────────────────────────────────────────

    def _send(self, name: str, kwargs: dict[str, Any], *, kwargsrepr: str | None = None,
              task_id: str | None = None, queue: str | None = None) -> str:
        """Publish task ``name``; return the message id.

        A recall (``_FALLS_BACK``) gets one plain attempt and no retries: its
        caller answers from the database instead, which is quicker than waiting
        for a broker to come back. Other read-only tasks get one plain attempt,
        then the retry loop; writes go straight to the retry loop
        (``publish_retry_s``).

        Raises:
            PublishFailed: the broker did not take the message.
        """
        route = {} if queue is None else {"queue": queue}  # a recall shard queue (user affinity), by Celery's routing
        if name in _READ_ONLY:  # one plain attempt first: kombu's retry wrapper costs ~0.25 ms a call
            try:
                return str(self.celery.send_task(name, kwargs=kwargs, retry=False, argsrepr="()",
                                                 kwargsrepr=kwargsrepr, task_id=task_id, **route).id)
            except Exception as exc:  # sent twice at worst: a read-only request, and its caller takes one reply
                if name in _FALLS_BACK:
                    raise PublishFailed(redact(f"could not enqueue {name} at {self.broker_url}: {exc}")) from exc
                log.info("publishing %s failed once; retrying", name, exc_info=True)
        try:
            result = self.celery.send_task(name, kwargs=kwargs, retry=True, retry_policy=self._retry_policy,
                                           argsrepr="()", kwargsrepr=kwargsrepr, task_id=task_id, **route)
        except Exception as exc:  # kombu raises OperationalError and friends, by transport
            raise PublishFailed(redact(f"could not enqueue {name} at {self.broker_url}: {exc}")) from exc
        return str(result.id)

    def _call(self, name: str, *, timeout_s: float | None = None, kwargsrepr: str | None = None,
              queue: str | None = None, **kwargs: Any) -> Any:
        """Send ``name`` with a fresh call id and wait for its reply; return the value or raise.

        Raises:
            PublishFailed: the broker did not take the request, or Redis was lost while waiting.
            RequestTimeout: no reply within ``timeout_s`` (default ``request_timeout_s``).
            GulfstreamError subclasses, RemoteError: the worker's error.
        """
        call_id = uuid.uuid4().hex
        wait_s = self.request_timeout_s if timeout_s is None else timeout_s
        if kwargsrepr is None:
            kwargsrepr = repr({k: v for k, v in kwargs.items() if k.endswith("_id")})
        self._send(name, {"call_id": call_id, **kwargs}, kwargsrepr=kwargsrepr, queue=queue)
        try:
            if name in _FALLS_BACK:
                popped = self._wait_once(wire.reply_key(call_id), wait_s)
            else:
                popped = self.redis.brpop([wire.reply_key(call_id)], timeout=max(wait_s, 0.001))
        except redis.RedisError as exc:
            raise PublishFailed(f"lost Redis while waiting for {name}: {exc}") from exc
        if popped is None:
            raise RequestTimeout(f"{name} got no reply within {wait_s:.3f} s")
        body = wire.decode_reply(popped[1])
        if body["ok"]:
            return body["value"]
        raise remote_error(body.get("error_type", ""), body.get("error", ""))

    def _wait_once(self, key: str, wait_s: float) -> Any:
        """BRPOP ``key`` for up to ``wait_s`` seconds on connections that never retry; None on timeout.

        Long waits go in slices of ``_REPLY_SLICE_S``, so that the socket
        timeout (slice plus ``_REPLY_SOCKET_MARGIN_S``) also catches a Redis
        that stops answering without closing the connection.

        Raises:
            redis.RedisError: Redis was lost (the first error, not retried).
        """
        end = time.monotonic() + wait_s
        while True:
            left = end - time.monotonic()
            popped = self._reply_redis.brpop([key], timeout=max(min(left, _REPLY_SLICE_S), 0.001))
            if popped is not None or left <= _REPLY_SLICE_S:
                return popped

    def _recall_from_database(self, user_id: str, query: str, k: int, filters: dict[str, Any] | None,
                              budget_tokens: int | None, reason: str) -> RecallReply:
        """Recall in this process, read-only, from the database (the degraded path; ``DatabaseRecall``).

        Raises:
            RecallUnavailable: no ``database_url``, or the set-up or the recall ran out of time.
            StoreError: the database failed.
        """
        reason = redact(reason)  # shown to callers: never a URL's password or a key
        if self._fallback is None:
            raise RecallUnavailable(f"{reason}, and no database_url is set for a direct recall")
        reply = recall_reply(self._fallback.recall(user_id, query, k, filters, budget_tokens, reason))
        reply.degraded = True
        reply.reason = f"{reason}; answered directly from the database"
        return reply

    def prepare_fallback(self) -> None:
        """Do the recall fallback's one-time set-up now rather than in the first degraded recall.

        Loads the core's code, builds the store object (no connection is
        made) and loads the tokenizer's dictionary: ~1-4 s of CPU once per
        client. A backend may call it at start-up; without it the first
        fallback does it (see ``recall``). Does nothing without ``database_url``.

        Raises:
            RecallUnavailable: the set-up took longer than ``fallback_setup_s``.
            StoreError: a bad ``database_url``.
        """
        if self._fallback is not None:
            self._fallback.prepare()


def _text(value: object, what: str, *, max_chars: int = MAX_TEXT_CHARS) -> str:
    """``check_text`` for the client's typed arguments: bytes are refused, not decoded."""
    return check_text(value, what, max_chars=max_chars, bytes_ok=False)


def _reason(value: object, *, required: bool = True) -> str:
    """A person's reason for an edit: up to ``MAX_REASON_CHARS``; required unless ``required`` is False.

    Raises:
        InvalidField: not a string. EmptyText: empty when required. TextTooLong: too long.
    """
    if not required and isinstance(value, str) and not value.strip():
        return ""
    return _text(value, "reason", max_chars=MAX_REASON_CHARS)


class AsyncMemoryClient:
    """The same client for asyncio backends: each call runs the sync method in an executor.

    Args:
        *args, **kwargs: as ``MemoryClient``.
        executor: where the blocking calls run (default: the loop's default executor).
    """

    def __init__(self, *args: Any, executor: Executor | None = None, **kwargs: Any) -> None:
        self.sync = MemoryClient(*args, **kwargs)
        self._executor = executor

    async def _run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, functools.partial(fn, *args, **kwargs))

    async def publish_turn(self, *args: Any, **kwargs: Any) -> str:
        """See ``MemoryClient.publish_turn``."""
        return await self._run(self.sync.publish_turn, *args, **kwargs)

    async def recall(self, *args: Any, **kwargs: Any) -> RecallReply:
        """See ``MemoryClient.recall``."""
        return await self._run(self.sync.recall, *args, **kwargs)

    async def add_item(self, *args: Any, **kwargs: Any) -> str:
        """See ``MemoryClient.add_item``."""
        return await self._run(self.sync.add_item, *args, **kwargs)

    async def update_item(self, *args: Any, **kwargs: Any) -> None:
        """See ``MemoryClient.update_item``."""
        return await self._run(self.sync.update_item, *args, **kwargs)

    async def delete_item(self, *args: Any, **kwargs: Any) -> str:
        """See ``MemoryClient.delete_item``."""
        return await self._run(self.sync.delete_item, *args, **kwargs)

    async def erase_user(self, *args: Any, **kwargs: Any) -> int:
        """See ``MemoryClient.erase_user``."""
        return await self._run(self.sync.erase_user, *args, **kwargs)

    async def list_items(self, *args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        """See ``MemoryClient.list_items``."""
        return await self._run(self.sync.list_items, *args, **kwargs)

    async def item_history(self, *args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        """See ``MemoryClient.item_history``."""
        return await self._run(self.sync.item_history, *args, **kwargs)

    async def merge_items(self, *args: Any, **kwargs: Any) -> str:
        """See ``MemoryClient.merge_items``."""
        return await self._run(self.sync.merge_items, *args, **kwargs)

    async def import_items(self, *args: Any, **kwargs: Any) -> dict[str, int]:
        """See ``MemoryClient.import_items``."""
        return await self._run(self.sync.import_items, *args, **kwargs)

    async def hit_item(self, *args: Any, **kwargs: Any) -> int:
        """See ``MemoryClient.hit_item``."""
        return await self._run(self.sync.hit_item, *args, **kwargs)

    async def get_item(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """See ``MemoryClient.get_item``."""
        return await self._run(self.sync.get_item, *args, **kwargs)

    async def turn_status(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """See ``MemoryClient.turn_status``."""
        return await self._run(self.sync.turn_status, *args, **kwargs)

    async def ping(self, *args: Any, **kwargs: Any) -> float:
        """See ``MemoryClient.ping``."""
        return await self._run(self.sync.ping, *args, **kwargs)

    async def prepare_fallback(self) -> None:
        """See ``MemoryClient.prepare_fallback``."""
        await self._run(self.sync.prepare_fallback)

    async def close(self) -> None:
        """See ``MemoryClient.close``."""
        await self._run(self.sync.close)
