"""Redis key names and the publish script: what the client and the workers both write or read.

Key names are plain strings (data): the core imports no Redis client. Keys
and Lua scripts only the workers use live in ``workers.inbox``.
"""

from __future__ import annotations

import hashlib

__all__ = [
    "EMBEDDED_SCRIPT", "EMBEDDED_TTL_S", "EMBEDS_KEY", "INBOX_USERS_KEY", "INGEST_WAITING_TTL_S", "KEY_PREFIX",
    "PUBLISH_SCRIPT", "REFUSED_TTL_S", "embedded_key", "erased_key", "inbox_key", "ingest_waiting_key", "pub_seq_key",
    "refused_key", "reply_key",
]

# ── Redis keys (every one starts with KEY_PREFIX) ──
KEY_PREFIX = "gulfstream:"


def pub_seq_key(user_id: str) -> str:
    """Counter the client INCRs per published turn: the user's publish order."""
    return f"{KEY_PREFIX}pub:{user_id}"


def erased_key(user_id: str) -> str:
    """An erased user's tombstone (``workers.erase``): named by a hash of the id, holding the last publish
    number given before the erase; publish numbers after it continue above it (``PUBLISH_SCRIPT``)."""
    return f"{KEY_PREFIX}erased:{hashlib.sha256(user_id.encode()).hexdigest()[:32]}"


INBOX_USERS_KEY = f"{KEY_PREFIX}inbox-users"

# Publishing a turn: number it in the user's publish order and keep a copy in
# the user's inbox until ingest has stored it, atomically. The inbox closes
# the one gap of the Redis transport (a message popped by a worker just
# before Redis or the worker dies, never written to the unacked set): the
# sweeper re-publishes inbox entries that stay too long.
#
# Coalescing: ingest stores every inbox entry of the user at once, so while
# one ingest message of the user is queued and not yet started, another adds
# nothing. The script names that message (``ingest_waiting_key``, set with a
# TTL) and the client sends a new one only when none is waiting. The ingest
# task clears the mark before it reads the inbox, so a turn added after the
# read finds no mark and sends its own message: no turn is left without one.
# After an erase (its tombstone, ``erased_key``, holds the last publish number
# given before it) the numbering continues above that number, so ingest tells
# a message published before the erase from one published after it by the
# publish number, in Redis's own order of arrival, never by a client's clock.
# KEYS: pub_seq_key, inbox_key, INBOX_USERS_KEY, ingest_waiting_key, erased_key;
# ARGV: turn JSON, user id, a fresh message id, mark TTL in seconds.
# Returns {publish number, id of the message that will store it, 1 if the caller must send it}.
PUBLISH_SCRIPT = """
if KEYS[5] and redis.call('EXISTS', KEYS[1]) == 0 then
  local floor = tonumber(redis.call('GET', KEYS[5]) or '')
  if floor then redis.call('SET', KEYS[1], math.floor(floor)) end
end
local n = redis.call('INCR', KEYS[1])
redis.call('HSET', KEYS[2], n, ARGV[1])
redis.call('SADD', KEYS[3], ARGV[2])
local waiting = redis.call('GET', KEYS[4])
if waiting then return {n, waiting, 0} end
redis.call('SET', KEYS[4], ARGV[3], 'EX', tonumber(ARGV[4]))
return {n, ARGV[3], 1}
"""
INGEST_WAITING_TTL_S = 120


def inbox_key(user_id: str) -> str:
    """Hash of the user's published turns not yet stored: publish number → turn JSON."""
    return f"{KEY_PREFIX}inbox:{user_id}"


def ingest_waiting_key(user_id: str) -> str:
    """Id of the user's queued, not yet started ingest message (see ``PUBLISH_SCRIPT``)."""
    return f"{KEY_PREFIX}ingest-waiting:{user_id}"


def embedded_key(user_id: str) -> str:
    """The last applied turn (its per-user seq) whose items and text have their vectors stored: an embed
    run reads the applied mark before it embeds (``workers.embed_tasks``); ``turn_status`` compares."""
    return f"{KEY_PREFIX}embedded:{user_id}"


#: KEYS[1] = ``embedded_key``; ARGV = the seq embedded up to, the TTL in seconds. Only ever raised (runs race).
EMBEDDED_SCRIPT = """
local v = tonumber(redis.call('GET', KEYS[1]) or '-1')
if tonumber(ARGV[1]) > v then redis.call('SET', KEYS[1], ARGV[1], 'EX', tonumber(ARGV[2])) return 1 end
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
return 0
"""
#: Seconds an ``embedded_key`` outlives the user's last embed run (a quiet user's next run sets it again).
EMBEDDED_TTL_S = 7 * 86400

#: Set (for ``EMBEDDED_TTL_S``) by a curator whose workers store vectors, each time it asks for an embed
#: run: a reader without an embedder of its own (the HTTP shim) learns from it that an applied turn's
#: answer says ``embedded`` (``turn_status``), so read-your-writes waits for vectors on every transport.
EMBEDS_KEY = f"{KEY_PREFIX}embeds"


def refused_key(user_id: str) -> str:
    """Hash of the user's turn ids whose last publish ingest refused: turn id → {error_type, error, at}."""
    return f"{KEY_PREFIX}refused:{user_id}"


def reply_key(call_id: str) -> str:
    """Per-call list the worker LPUSHes an RPC reply to; the caller BRPOPs it."""
    return f"{KEY_PREFIX}reply:{call_id}"


#: How long a refusal stays visible to ``turn_status`` (seconds).
REFUSED_TTL_S = 7 * 24 * 3600
