"""Erase a user's Redis state: every per-user key, the inbox-users entry, then an AOF rewrite.

``erase_redis(client, user_id)`` deletes ``user_keys(user_id)`` (publish
counter, inbox, ingest-waiting mark, refusals, ingested mark, curate-waiting
mark) and removes the user from the inbox-users set, in one transaction, and
then asks Redis to rewrite its append-only file (``BGREWRITEAOF``): until the
rewrite finishes, the erased turn texts are still in the old AOF on disk.

The ``erase_user`` edit task and ``gulfstream erase --redis-url`` (through the
``gulfstream.erase`` entry point, ``erase_keys``) both call it.
"""

from __future__ import annotations

import logging

import redis

from memory_core.wire.keys import INBOX_USERS_KEY, inbox_key, ingest_waiting_key, pub_seq_key, refused_key
from workers.inbox import curate_waiting_key, ingested_key

__all__ = ["erase_keys", "erase_redis", "user_keys"]

log = logging.getLogger(__name__)


def user_keys(user_id: str) -> list[str]:
    """Every Redis key that belongs to ``user_id`` alone."""
    return [pub_seq_key(user_id), inbox_key(user_id), ingest_waiting_key(user_id), refused_key(user_id),
            ingested_key(user_id), curate_waiting_key(user_id)]


def erase_redis(client: redis.Redis, user_id: str, *, rewrite_aof: bool = True) -> int:
    """Delete the user's keys and inbox-users entry; then start an AOF rewrite. Return keys deleted.

    Raises:
        redis.RedisError: Redis failed (nothing is half-deleted: one MULTI/EXEC).
    """
    pipe = client.pipeline(transaction=True)
    pipe.delete(*user_keys(user_id))
    pipe.srem(INBOX_USERS_KEY, user_id)
    deleted = int(pipe.execute()[0])
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
