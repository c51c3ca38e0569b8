"""Short-term memory in Redis: the hot part of each session's turns and its rolling summary.

The ingest task stores a batch of turns in SQL, then ``append_turns`` adds
the batch to each session's window here: a sorted set by the store's
``seq`` (a retried or out-of-order batch adds nothing twice and lands in
place), trimmed to the newest ``KEEP_TURNS``, with a small hash of counts
(turns of the session before the set began, turns trimmed since). A
session first seen here is filled from SQL with its newest ``KEEP_TURNS``
turns, so a window never starts half-empty. Every key lives
``ttl_s`` after the session's last turn (``WorkerSettings.session_window_ttl_s``).

``RedisWindow`` is the core's ``memory_core.session.sources.WindowSource``
over these keys: ``session_context`` on a worker reads the window, the
counts and the rolling summary from Redis and touches SQL only when the
session has no keys (expired, or never seen here) or a fold needs turns
the set no longer holds. Redis is a cache of SQL here: losing it loses
nothing (the turns are in SQL; a summary is folded again from them).

Keys (``KEY_PREFIX`` + ``stm:`` + a length-prefixed user and session id,
so ids holding ``:`` never collide): ``…:turns`` (sorted set of turn
JSON), ``…:meta`` (hash: ``floor``, the lowest ``seq`` the set holds every
turn from; ``before`` and ``trimmed``, the turns below it), ``…:summary`` (JSON).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import redis

from memory_core import wire
from memory_core.model import Turn
from memory_core.session.short_term import MAX_WINDOW_TURNS
from memory_core.session.sources import SqlWindow
from memory_core.store.forget_source import forgotten_turns
from memory_core.store.sql import SqlStore

__all__ = ["FAILURES", "KEEP_TURNS", "RedisWindow", "append_turns", "drop_window", "erase_windows",
           "forget_windows", "remember_window", "window_keys"]

log = logging.getLogger(__name__)

#: Failures of this process, by kind: "append" (a window not updated after ingest), "drop" (its keys
#: not removed after that either, so it may serve a stale window until its TTL).
FAILURES: dict[str, int] = {"append": 0, "drop": 0}

#: Turns a session keeps in Redis (twice what a window reads, so a fold rarely reaches SQL).
KEEP_TURNS = 2 * MAX_WINDOW_TURNS

# KEYS: turns, meta; ARGV: keep, ttl_s, before and floor (used when meta is new), then score, member pairs.
# The set holds every turn of the session from ``floor`` up; ``before`` + ``trimmed`` count those below it,
# so a member below the floor (a late or retried batch) is already counted and is not added.
# Returns the number of members trimmed away.
_APPEND = """
if redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('HSET', KEYS[2], 'before', ARGV[3], 'trimmed', 0, 'floor', ARGV[4])
end
local floor = tonumber(redis.call('HGET', KEYS[2], 'floor'))
for i = 5, #ARGV, 2 do
  if tonumber(ARGV[i]) >= floor then redis.call('ZADD', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
local extra = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[1])
local trimmed = 0
if extra > 0 then
  trimmed = redis.call('ZREMRANGEBYRANK', KEYS[1], 0, extra - 1)
  redis.call('HINCRBY', KEYS[2], 'trimmed', trimmed)
  local lowest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  redis.call('HSET', KEYS[2], 'floor', lowest[2])
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return trimmed
"""


def window_keys(user_id: str, session_id: str) -> tuple[str, str, str]:
    """The (turns, meta, summary) keys of one user's session."""
    base = f"{wire.KEY_PREFIX}stm:{len(user_id)}:{user_id}:{session_id}"
    return f"{base}:turns", f"{base}:meta", f"{base}:summary"


def _member(turn: Turn) -> str:
    return json.dumps({"turn_id": turn.turn_id, "session_id": turn.session_id, "role": str(turn.role),
                       "speaker": turn.speaker, "text": turn.text, "timestamp": turn.timestamp.isoformat(),
                       "seq": turn.seq}, ensure_ascii=False, sort_keys=True)


def _turn(user_id: str, raw: bytes | str) -> Turn:
    body = json.loads(raw)
    return Turn(user_id=user_id, turn_id=body["turn_id"], session_id=body["session_id"], role=body["role"],
                text=body["text"], timestamp=datetime.fromisoformat(body["timestamp"]),
                speaker=body.get("speaker") or "", seq=int(body["seq"]))


def append_turns(client: redis.Redis, sql: SqlWindow, turns: Sequence[Turn], ttl_s: int) -> int:
    """Add stored turns (with their ``seq``) to their sessions' windows; return how many sessions were new.

    A session without keys is filled from SQL first (its newest ``KEEP_TURNS``
    turns, which include these, already stored). Idempotent.

    Raises:
        redis.RedisError: Redis failed (the caller drops the session's keys if it can).
        StoreError: SQL failed while filling a new session.
    """
    by_session: dict[tuple[str, str], list[Turn]] = {}
    for turn in turns:
        by_session.setdefault((turn.user_id, turn.session_id), []).append(turn)
    script = client.register_script(_APPEND)
    new = 0
    for (user_id, session_id), batch in by_session.items():
        keys = window_keys(user_id, session_id)
        before, floor = 0, 0
        if not client.exists(keys[1]):
            new += 1
            batch = sql.recent(user_id, session_id, KEEP_TURNS)
            floor = batch[0].seq if batch else 0
            before = sql.count_before(user_id, session_id, floor) if batch else 0
        args: list[Any] = [KEEP_TURNS, ttl_s, before, floor]
        for turn in batch:
            args += [turn.seq, _member(turn)]
        script(keys=list(keys[:2]), args=args)
    return new


def drop_window(client: redis.Redis, user_id: str, session_id: str) -> None:
    """Remove a session's keys (its window then reads from SQL). Raises redis.RedisError."""
    client.delete(*window_keys(user_id, session_id))


def remember_window(ctx: Any, turns: Sequence[Turn]) -> None:
    """``append_turns`` after ingest stored ``turns``; a failure is logged and counted, never raised.

    The turns are safe in SQL already. A session whose window could not be
    updated has its keys dropped, so it reads from SQL until its next turn.
    """
    if not turns:
        return
    try:
        append_turns(ctx.redis, SqlWindow(ctx.store), turns, ctx.settings.session_window_ttl_s)
    except Exception as exc:  # the ingest succeeded; the window is a cache of it
        FAILURES["append"] += 1
        log.warning("session window of %s not updated after ingest: %r", turns[0].user_id, exc)
        for user_id, session_id in {(t.user_id, t.session_id) for t in turns}:
            try:
                drop_window(ctx.redis, user_id, session_id)
            except Exception as again:
                FAILURES["drop"] += 1
                log.error("session window %s/%s of %s may be stale until its TTL: %r", session_id,
                          user_id, user_id, again)


def forget_windows(client: redis.Redis, store: SqlStore, user_id: str, item_id: str) -> int:
    """Drop the windows of the sessions whose turns a deleted item took with it (``store.forget_source``):
    they are read again from SQL, which leaves those turns out, and their summaries are folded again.
    Return how many sessions. Raises redis.RedisError, StoreError, UnknownItem."""
    sessions = {t.session_id for t in forgotten_turns(store, user_id, store.get(user_id, item_id))}
    for session_id in sessions:
        drop_window(client, user_id, session_id)
    return len(sessions)


def erase_windows(client: redis.Redis, user_id: str) -> int:
    """Delete every session window key of ``user_id`` (they hold turn texts); return how many.

    Raises:
        redis.RedisError: Redis failed.
    """
    pattern = f"{wire.KEY_PREFIX}stm:{len(user_id)}:{user_id}:*"
    keys = list(client.scan_iter(match=pattern, count=500))
    return int(client.delete(*keys)) if keys else 0


class RedisWindow:
    """``WindowSource`` over the keys ``append_turns`` writes, with ``SqlWindow`` behind it.

    Args:
        client: the Redis client.
        sql: the SQL source, read when Redis has no keys for the session or lacks older turns.
        ttl_s: how long a session's summary lives after it was saved (s).
    """

    def __init__(self, client: redis.Redis, sql: SqlWindow, ttl_s: int) -> None:
        self.client = client
        self.sql = sql
        self.ttl_s = ttl_s

    def _meta(self, user_id: str, session_id: str) -> tuple[int, int] | None:
        """(turns below the floor, the floor), None when the session has no window here."""
        meta = self.client.hgetall(window_keys(user_id, session_id)[1])
        if not meta:
            return None
        return int(meta.get(b"before", 0)) + int(meta.get(b"trimmed", 0)), int(meta.get(b"floor", 0))

    def recent(self, user_id: str, session_id: str, newest: int) -> list[Turn]:
        """See ``WindowSource.recent``; SQL when the session has no window here or it holds too few turns."""
        meta = self._meta(user_id, session_id)
        raw: list[Any] = [] if meta is None else list(
            self.client.zrange(window_keys(user_id, session_id)[0], -newest, -1))
        if meta is None or (len(raw) < newest and meta[0] > 0):
            return self.sql.recent(user_id, session_id, newest)
        return [_turn(user_id, r) for r in raw]

    def between(self, user_id: str, session_id: str, after: int, before: int) -> list[Turn]:
        """See ``WindowSource.between``; SQL when the set may not hold the whole range."""
        meta = self._meta(user_id, session_id)
        key = window_keys(user_id, session_id)[0]
        lowest: list[Any] = list(self.client.zrange(key, 0, 0, withscores=True))
        if meta is None or not lowest or (meta[0] > 0 and float(lowest[0][1]) > after):
            return self.sql.between(user_id, session_id, after, before)
        held: list[Any] = list(self.client.zrangebyscore(key, f"({after}", f"({before}"))
        return [_turn(user_id, r) for r in held]

    def count_before(self, user_id: str, session_id: str, seq: int) -> int:
        """See ``WindowSource.count_before``: the counts kept beside the set, plus the set's own."""
        meta = self._meta(user_id, session_id)
        if meta is None or seq < meta[1]:
            return self.sql.count_before(user_id, session_id, seq)
        return meta[0] + int(self.client.zcount(window_keys(user_id, session_id)[0], "-inf", f"({seq}"))

    def load_summary(self, user_id: str, session_id: str) -> dict[str, Any] | None:
        """See ``WindowSource.load_summary`` (a summary lost with Redis is folded again from the turns)."""
        raw = self.client.get(window_keys(user_id, session_id)[2])
        return None if raw is None else dict(json.loads(raw))

    def save_summary(self, user_id: str, session_id: str, data: dict[str, Any], now: datetime) -> None:
        """See ``WindowSource.save_summary``."""
        self.client.set(window_keys(user_id, session_id)[2], json.dumps(data, ensure_ascii=False), ex=self.ttl_s)
