"""Erase a user's Redis state: every per-user key, the inbox-users entry, then an AOF rewrite.

``erase_redis(client, user_id)`` deletes ``user_keys(user_id)`` (publish
counter, inbox, ingest-waiting mark, refusals, ingested mark, curate-waiting
mark) and removes the user from the inbox-users set, in one transaction,
then every short-term window key of the user's sessions, and then asks
Redis to rewrite its append-only file (``BGREWRITEAOF``): until the
rewrite finishes, the erased turn texts are still in the old AOF on disk.

The ``erase_user`` edit task and ``gulfstream erase --redis-url`` (through the
``gulfstream.erase`` entry point, ``erase_keys``) both call it.

A message published before the erase can still be queued (a re-published
inbox entry, a redelivery after a restart): ingest would store its turn
again and bring the user back. The erase therefore leaves one tombstone,
``erased:<sha256 of the user id>`` (``wire.erased_key``) holding the last
publish number given before the erase, for ``ERASED_TTL_S`` (a day: longer
than any redelivery); the publish script numbers later turns above it, and
ingest drops a turn whose publish number is not above it (``erased_floor``).
Before and after are Redis's order of arrival (one script each, atomic),
never a timestamp: clients' and workers' clocks may disagree by any amount
without a pre-erase turn coming back or a post-erase turn being dropped.
The tombstone names no user and holds no text.
"""

from __future__ import annotations

import logging

import redis

from memory_core.wire.keys import (
    INBOX_USERS_KEY,
    embedded_key,
    erased_key,
    inbox_key,
    ingest_waiting_key,
    pub_seq_key,
    refused_key,
)
from workers.inbox import curate_waiting_key, ingested_key
from workers.session_window import erase_windows

__all__ = ["ERASED_TTL_S", "erase_keys", "erase_redis", "erased_floor", "erased_key", "user_keys"]

log = logging.getLogger(__name__)

#: How long an erase's tombstone lives (seconds): longer than any queued or redelivered message.
ERASED_TTL_S = 86_400


# KEYS: the user's keys (pub_seq_key first), INBOX_USERS_KEY, erased_key; ARGV: user id, tombstone TTL (s).
# The tombstone keeps the highest publish number given so far (an earlier erase's, if higher).
# Returns how many of the user's keys were deleted.
ERASE_SCRIPT = """
local n = #KEYS
local last = math.floor(tonumber(redis.call('GET', KEYS[1]) or '0') or 0)
local before = math.floor(tonumber(redis.call('GET', KEYS[n]) or '0') or 0)
if before > last then last = before end
local deleted = redis.call('DEL', unpack(KEYS, 1, n - 2))
redis.call('SREM', KEYS[n - 1], ARGV[1])
redis.call('SET', KEYS[n], last, 'EX', tonumber(ARGV[2]))
return deleted
"""


def erased_floor(client: redis.Redis, user_id: str) -> int | None:
    """The last publish number given before ``user_id`` was erased (within ``ERASED_TTL_S``); else None."""
    raw = client.get(erased_key(user_id))
    try:
        return int(float(raw)) if raw is not None else None
    except (TypeError, ValueError):
        return None


def user_keys(user_id: str) -> list[str]:
    """Every Redis key that belongs to ``user_id`` alone."""
    return [pub_seq_key(user_id), inbox_key(user_id), ingest_waiting_key(user_id), refused_key(user_id),
            ingested_key(user_id), curate_waiting_key(user_id), embedded_key(user_id)]


def erase_redis(client: redis.Redis, user_id: str, *, rewrite_aof: bool = True) -> int:
    """Delete the user's keys and inbox-users entry, leave the tombstone; start an AOF rewrite. Return keys deleted.

    Raises:
        redis.RedisError: Redis failed (nothing is half-deleted: one script).
    """
    keys = [*user_keys(user_id), INBOX_USERS_KEY, erased_key(user_id)]  # pub_seq_key first
    deleted = int(client.eval(ERASE_SCRIPT, len(keys), *keys, user_id, ERASED_TTL_S))  # stale messages find it
    deleted += erase_windows(client, user_id)  # the sessions' short-term windows hold turn texts
    if rewrite_aof:
        try:
            client.bgrewriteaof()
        except redis.ResponseError as exc:  # one is already running (it will not hold the erased keys
            log.info("AOF rewrite after erasing %s not started: %s", user_id, exc)  # only if it began later)
    return deleted


def erase_keys(user_id: str, redis_url: str) -> int:
    """``erase_redis`` on a client of ``redis_url`` (the ``gulfstream.erase`` entry point of the CLI)."""
    client = redis.Redis.from_url(redis_url, socket_timeout=10)
    try:
        return erase_redis(client, user_id)
    finally:
        client.close()
