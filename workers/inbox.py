"""Redis keys and Lua scripts only the workers use (the shared ones are in ``memory_core.wire.keys``).

The user's inbox (a hash: publish number → turn JSON) is filled by the
client's ``PUBLISH_SCRIPT`` and drained by ingest; see ``workers.tasks``.
"""

from __future__ import annotations

from memory_core.wire.keys import KEY_PREFIX

__all__ = ["FORGET_SCRIPT", "STORED_SCRIPT", "TOUCH_SCRIPT", "WAKE_FLAG_TTL_S", "WAKE_STALE_SWEEPS",
           "curate_waiting_key", "ingested_key"]

#: How long a curate trigger's "waiting" mark lives if its message is lost (seconds).
WAKE_FLAG_TTL_S = 120
#: The sweeper queues another trigger when the waiting one was due this many sweep intervals ago.
WAKE_STALE_SWEEPS = 3


def ingested_key(user_id: str) -> str:
    """Highest publish number of the user whose turn ingest has stored (only grows)."""
    return f"{KEY_PREFIX}ingested:{user_id}"


def curate_waiting_key(user_id: str) -> str:
    """Set while a curate trigger of the user is queued and not yet started (value: when it is due)."""
    return f"{KEY_PREFIX}curate-waiting:{user_id}"


# Mark an inbox entry re-published, only if it is still there. KEYS: inbox_key; ARGV: field, JSON.
TOUCH_SCRIPT = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) return 1 end
return 0
"""

# Forget an empty inbox. KEYS: inbox_key, INBOX_USERS_KEY; ARGV: user id.
FORGET_SCRIPT = """
if redis.call('HLEN', KEYS[1]) == 0 then redis.call('SREM', KEYS[2], ARGV[1]) return 1 end
return 0
"""

# Drop stored inbox entries and raise the ingested mark. KEYS: inbox_key, ingested_key; ARGV: fields.
STORED_SCRIPT = """
local top = 0
for i, field in ipairs(ARGV) do
  redis.call('HDEL', KEYS[1], field)
  if tonumber(field) > top then top = tonumber(field) end
end
if top > tonumber(redis.call('GET', KEYS[2]) or '0') then redis.call('SET', KEYS[2], top) end
return top
"""
