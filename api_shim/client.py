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

``AsyncMemoryClient`` (``api_shim.async_client``, also importable from here) offers the same methods as coroutines.
"""

from __future__ import annotations

import contextlib
import json
import time
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import redis
import redis.exceptions

from api_shim.errors import PublishFailed
from api_shim.fallback import DatabaseRecall
from api_shim.recall_rpc import RecallRpc
from api_shim.replies import RecallReply
from api_shim.task_rpc import TaskRpc
from memory_core import wire
from memory_core.errors import InvalidField
from memory_core.model import MAX_HIT, check_item_fields, new_item_id
from memory_core.redact import redact
from memory_core.store.list_filters import check_list_filters
from memory_core.validation import (
    DEFAULT_ROLE,
    DEFAULT_SESSION_ID,
    MAX_TEXT_CHARS,
    MAX_THEME_CHARS,
    check_id,
    check_item_values,
    check_reason,
    check_text,
)
from memory_core.wire import affinity

__all__ = ["MAX_IMPORT_CHARS", "MAX_TURN_IDS", "MemoryClient", "RecallReply"]

MAX_IMPORT_CHARS = 20_000_000  # one import message, in characters
MAX_TURN_IDS = 1000  # turn ids per items_of_turns call


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
        self.database_url = database_url
        self.rpc = TaskRpc(broker_url, request_timeout_s=request_timeout_s, publish_retry_s=publish_retry_s)
        self.celery = self.rpc.celery  # the broker connection (the HTTP shim tunes its transport options)
        self.redis = self.rpc.redis  # the broker's Redis, with retries
        self._publish_script = self.redis.register_script(wire.PUBLISH_SCRIPT)
        self._fallback = None if database_url is None else DatabaseRecall(
            database_url, timeout_s=fallback_timeout_s, setup_s=fallback_setup_s)
        #: The recall round trip (also ``AsyncMemoryClient.recall``'s and the HTTP shim's).
        self.recall_rpc = RecallRpc(self.celery, self.redis, broker_url, self._fallback, recall_timeout_ms,
                                    recall_queues)

    @property
    def recall_timeout_ms(self) -> int:
        """How long ``recall`` waits for the worker when the call names no timeout, in milliseconds."""
        return self.recall_rpc.default_wait_ms

    def close(self) -> None:
        """Release broker, Redis and database connections."""
        self.rpc.close()
        self.recall_rpc.close()
        if self._fallback is not None:
            self._fallback.close()

    # ── writes ─────────────────────────────────────────────────────────

    def publish_turn(self, user_id: str, turn_id: str, text: str, role: str = DEFAULT_ROLE,
                     session_id: str = DEFAULT_SESSION_ID, timestamp: datetime | str | float | None = None,
                     speaker: str | None = None, meta: Mapping[str, str] | None = None) -> str:
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
            role: user, assistant, tool or system (default user, as in a turn file and ``POST /v1/turns``).
            session_id: the conversation (default ``default``, as there).
            timestamp: when the turn was said: aware datetime, ISO-8601 or epoch
                seconds, at most a day ahead of this machine's clock. Required (a keyword
                once role and session are left to their defaults), as over HTTP.
            speaker: 1..128 characters.
            meta: up to 32 string entries (``check_meta``; the HTTP API's limit too).

        Raises:
            InvalidInput: a bad id, text, role, timestamp, speaker or meta (nothing sent).
            PublishFailed: the broker could not be reached within ``publish_retry_s``.
        """
        if timestamp is None:
            raise InvalidField("timestamp is required: when the turn was said (ISO-8601, epoch seconds or an "
                               "aware datetime)")
        return self.publish_checked(wire.check_turn(user_id, turn_id, text, role, session_id, timestamp,
                                                    speaker, meta))

    def publish_checked(self, turn: wire.WireTurn) -> str:
        """``publish_turn`` for a turn already checked by ``wire.check_turn`` (a batch checks all first).

        Raises:
            PublishFailed: the broker could not be reached within ``publish_retry_s``.
        """
        user_id, turn_id = turn["user_id"], turn["turn_id"]
        waiting_key = wire.ingest_waiting_key(user_id)
        try:
            raw_seq, raw_id, must_send = self._run_publish_script(
                [wire.pub_seq_key(user_id), wire.inbox_key(user_id), wire.INBOX_USERS_KEY, waiting_key,
                 wire.erased_key(user_id)],
                [json.dumps(turn, ensure_ascii=False), user_id, uuid.uuid4().hex, wire.INGEST_WAITING_TTL_S])
        except redis.RedisError as exc:
            raise PublishFailed(redact(f"cannot reach Redis at {self.broker_url}: {exc}")) from exc
        pub_seq = int(raw_seq)
        message_id = raw_id.decode() if isinstance(raw_id, bytes) else str(raw_id)
        if not int(must_send):
            return message_id  # a queued ingest of this user will store this turn too
        kwargs: dict[str, Any] = {**turn, "pub_seq": pub_seq}
        shown = f"{{'user_id': {user_id!r}, 'turn_id': {turn_id!r}, 'pub_seq': {pub_seq}}}"
        try:
            return self.rpc.send(wire.INGEST_TURN, kwargs, kwargsrepr=shown, task_id=message_id)
        except PublishFailed:
            with contextlib.suppress(redis.RedisError):  # let the next publish send its own message
                self.redis.delete(waiting_key)
            raise

    def _run_publish_script(self, keys: list[str], args: list[Any]) -> Any:
        """Run ``wire.PUBLISH_SCRIPT`` by its SHA, or by its body when Redis does not know it.

        redis-py loads a script Redis has forgotten and retries once; a Redis restart between
        that load and the retry (an empty script cache again) raised NOSCRIPT to the caller as a
        failed publish. NOSCRIPT means the script did not run, so sending its body is safe.
        """
        try:
            return self._publish_script(keys=keys, args=args)
        except redis.exceptions.NoScriptError:
            return self.redis.eval(wire.PUBLISH_SCRIPT, len(keys), *keys, *args)

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
        return str(self.rpc.call(wire.ADD_ITEM, user_id=check_id(user_id, "user id"),
                              description=_text(description, "description"),
                              theme=_text(theme, "theme", max_chars=MAX_THEME_CHARS), fields=fields,
                              reason=check_reason(reason, required=False)))

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
        self.rpc.call(wire.UPDATE_ITEM, user_id=check_id(user_id, "user id"),
                   item_id=check_id(item_id, "item id"), reason=check_reason(reason),
                   new_description=None if new_description is None else _text(new_description, "description"),
                   new_theme=None if new_theme is None else _text(new_theme, "theme", max_chars=MAX_THEME_CHARS))

    def delete_item(self, user_id: str, item_id: str, reason: str, *, purge: bool = False) -> str:
        """Soft-delete an item (kept in history); return its description.

        Args:
            reason: why, 1..1,000 characters (kept in the history; required, as over HTTP).
            purge: remove the item's words instead (``MemoryStore.purge``: item, revisions, source turns,
                vectors); the description returned is then ``[purged]``.

        Raises:
            UnknownItem, InvalidInput (an empty reason too), RequestTimeout, RemoteError.
        """
        if not isinstance(purge, bool):
            raise InvalidField(f"purge must be True or False; got {purge!r}")
        # a soft delete's message stays as older workers know it
        extra: dict[str, Any] = {"purge": True} if purge else {}
        return str(self.rpc.call(wire.DELETE_ITEM, user_id=check_id(user_id, "user id"),
                              item_id=check_id(item_id, "item id"), reason=check_reason(reason), **extra))

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
        return str(self.rpc.call(wire.MERGE_ITEMS, user_id=check_id(user_id, "user id"),
                              keep_id=check_id(keep_id, "item id"), other_id=check_id(other_id, "item id"),
                              reason=check_reason(reason),
                              description=None if description is None else _text(description, "description"),
                              theme=None if theme is None else _text(theme, "theme", max_chars=MAX_THEME_CHARS)))

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
        return {str(k): int(v) for k, v in self.rpc.call(
            wire.IMPORT_ITEMS, timeout_s=timeout_s, text=text,
            user_id=None if user_id is None else check_id(user_id, "user id")).items()}

    def erase_user(self, user_id: str) -> int:
        """Erase every turn, item and revision of the user and of each agent scope of theirs
        (``memory_core.user_scopes``); return items removed (``erase_scopes`` tells them apart).

        Turns the user's inbox still holds are dropped. A turn an ingest run
        had already taken when the erase began is either erased with the rest
        or, if stored after it, kept among the user's new turns, possibly
        after turns published later: stop publishing a user's turns before
        erasing them.
        """
        return sum(self.erase_scopes(user_id).values())

    def erase_scopes(self, user_id: str) -> dict[str, int]:
        """``erase_user``, answering the items removed per stored user id: the user's own, then each
        ``<user>#agent#<agent>``. Raises InvalidInput (a bad user id: nothing is sent), RequestTimeout, RemoteError."""
        reply = self.rpc.call(wire.ERASE_USER, user_id=check_id(user_id, "user id"))
        return {user_id: reply} if isinstance(reply, int) else {str(k): int(v) for k, v in reply.items()}

    def forget_turns(self, user_id: str) -> int:
        """Forget the user's applied turns (``delete_all``: the same message said again is stored anew);
        turns still waiting for the curator stay. Returns how many turns were removed.

        Raises:
            InvalidInput: a bad user id (nothing is sent); RequestTimeout; RemoteError.
        """
        return int(self.rpc.call(wire.FORGET_TURNS, user_id=check_id(user_id, "user id")))

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
        return list(self.rpc.call(wire.LIST_ITEMS, user_id=user_id,
                               statuses=None if wanted is None else list(wanted), theme=theme, kind=kind))

    def items_of_turns(self, user_id: str, turn_ids: Sequence[str]) -> list[dict[str, Any]]:
        """The user's items (any status, without history) that ``turn_ids`` made, changed, confirmed or
        ended, oldest first: what an ``add`` answers, read by index on the workers' store rather than by
        listing every item of the user (``MemoryStore.items_of_turns``). [] for no turn ids.

        Raises:
            InvalidInput: a bad user or turn id, or more than ``MAX_TURN_IDS`` of them (nothing is sent);
                RequestTimeout; RemoteError.
        """
        user_id = check_id(user_id, "user id")
        if isinstance(turn_ids, str) or not isinstance(turn_ids, Sequence):
            raise InvalidField(f"turn_ids must be a list of turn ids; got {type(turn_ids).__name__}")
        if len(turn_ids) > MAX_TURN_IDS:
            raise InvalidField(f"at most {MAX_TURN_IDS} turn ids per call; got {len(turn_ids)}")
        wanted = list(dict.fromkeys(check_id(t, "turn id") for t in turn_ids))
        if not wanted:
            return []
        return list(self.rpc.call(wire.ITEMS_OF_TURNS, user_id=user_id, turn_ids=wanted))

    def list_users(self, prefix: str = "") -> list[str]:
        """The sorted ids of the users with items or turns whose id starts with ``prefix``.

        Raises:
            RequestTimeout; RemoteError.
        """
        return [str(u) for u in self.rpc.call(wire.LIST_USERS, prefix=str(prefix))]

    def item_history(self, user_id: str, item_id: str) -> list[dict[str, Any]]:
        """Return an item's revisions, newest first. Raises UnknownItem."""
        return list(self.rpc.call(wire.ITEM_HISTORY, user_id=check_id(user_id, "user id"),
                               item_id=check_id(item_id, "item id")))

    def hit_item(self, user_id: str, item_id: str, count: int = 1) -> int:
        """Mark an item recalled or confirmed ``count`` times (1..2**31-1); return its new hit count.

        Raises:
            UnknownItem: no live item with this id for the user. InvalidField: a bad count.
            RequestTimeout, RemoteError.
        """
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_HIT:
            raise InvalidField(f"hit count must be an integer from 1 to {MAX_HIT}; got {count!r}")
        return int(self.rpc.call(wire.HIT_ITEM, user_id=check_id(user_id, "user id"),
                              item_id=check_id(item_id, "item id"), count=count))

    def get_item(self, user_id: str, item_id: str) -> dict[str, Any]:
        """Return one item, whatever its status, without history. Raises UnknownItem."""
        return dict(self.rpc.call(wire.GET_ITEM, user_id=check_id(user_id, "user id"),
                               item_id=check_id(item_id, "item id")))

    def turn_status(self, user_id: str, turn_id: str, text: str | None = None) -> dict[str, Any]:
        """Return where a published turn is: ``{"status", "seq", "error_type", "attempts", "error"}``.

        Status: "queued" (published, not stored yet), "stored" (waiting for
        the curator), "applied", "dead_lettered" (the curator gave up on it;
        then ``error_type`` and ``attempts`` say why), or "refused" (ingest
        refused the last publish of this turn id, e.g. it was stored before
        with other text; ``error`` says why). ``seq`` is the turn's per-user
        number once stored. Publishing is asynchronous, so a refusal shows here,
        not as an exception from ``publish_turn``. The turn id is the idempotency key
        and its first text wins: a stored turn keeps its status when the id is
        published again with other text (``error_type`` "TurnConflict" says a
        later publish was refused); pass ``text`` (what you published) to learn
        whether the stored turn is yours: "refused", "TurnConflict" if not.

        Raises:
            NotFound: no such turn was published for the user (or it was erased).
        """
        extra: dict[str, Any] = {} if text is None else {"text": text}
        return dict(self.rpc.call(wire.TURN_STATUS, user_id=check_id(user_id, "user id"),
                               turn_id=check_id(turn_id, "turn id"), **extra))

    def recall(self, user_id: str, query: str, k: int = 10, *, filters: Mapping[str, Any] | None = None,
               budget_tokens: int | None = None, timeout_ms: int | None = None) -> RecallReply:
        """Return the user's top-k items for ``query`` and the packed context block.

        Asks the recall worker and waits ``timeout_ms`` (default
        ``recall_timeout_ms``). If it does not answer in time, or the broker is
        down, recalls directly from the database (read-only) and says so:
        ``degraded=True`` with a ``reason``. Never retried against the broker
        (``RecallRpc``): with Redis down a recall costs about the fallback's own
        time. The first fallback's one-time set-up has its own allowance,
        ``fallback_setup_s`` (``prepare_fallback`` does it ahead of time).

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
        return self.recall_rpc.call(user_id, query, k, filters=filters, budget_tokens=budget_tokens,
                                    timeout_ms=timeout_ms)

    def recall_stats(self, queue: str, timeout_s: float | None = None) -> dict[str, Any]:
        """The recall cache of the worker consuming ``queue``: users held, builds, bytes (``workers.affinity``).

        Raises:
            RequestTimeout: no worker answered on that queue.
        """
        return dict(self.rpc.call(affinity.RECALL_STATS, timeout_s=timeout_s, queue=queue))

    def ping(self, timeout_s: float | None = None) -> float:
        """Round-trip a no-op task through the recall queue; return the time in milliseconds."""
        started = time.perf_counter()
        self.rpc.call(wire.PING, timeout_s=timeout_s)
        return (time.perf_counter() - started) * 1e3

    def prepare_fallback(self, *, wait: bool = True) -> None:
        """Do the recall fallback's one-time set-up now rather than in the first degraded recall.

        Loads code, the store object, and the warm-up recalls' lexicons and dictionary (``api_shim.fallback``;
        no database access): ~1-4 s of CPU once per client, at start-up if a backend calls it (the HTTP
        shim does, with ``wait=False``), else in the first fallback. Needs ``database_url``.

        Args:
            wait: wait for the set-up (up to ``fallback_setup_s``); False: begin it in the background.

        Raises:
            RecallUnavailable: the set-up took longer than ``fallback_setup_s``.
            StoreError: a bad ``database_url``.
        """
        if self._fallback is not None:
            if wait:
                self._fallback.prepare()
            else:
                self._fallback.start()


def _text(value: object, what: str, *, max_chars: int = MAX_TEXT_CHARS) -> str:
    """``check_text`` for the client's typed arguments: bytes are refused, not decoded."""
    return check_text(value, what, max_chars=max_chars, bytes_ok=False)


def __getattr__(name: str) -> Any:
    # ``from api_shim.client import AsyncMemoryClient`` keeps working; the class lives in api_shim.async_client
    if name == "AsyncMemoryClient":
        from api_shim.async_client import AsyncMemoryClient

        return AsyncMemoryClient
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
