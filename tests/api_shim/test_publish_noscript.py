"""Publishing survives Redis forgetting the publish script between redis-py's reload and its retry.

A Redis restart empties the script cache. redis-py's ``Script`` answers NOSCRIPT by
loading the script and calling it once more; a restart in between (seen in a soak with
ten restarts) made that second call fail too, and ``publish_turn`` raised PublishFailed
although Redis was up. The client now sends the script's body then. Here the lost
cache is made exact: the reload is made to return a SHA Redis does not know.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import redis

from api_shim.client import MemoryClient
from memory_core import wire


@pytest.mark.parametrize(("user", "text"), [("nos-en", "I moved to Lisbon."), ("nos-zh", "我搬到了上海。")])
def test_a_turn_is_published_when_the_script_cache_is_lost_twice(redis_url: str, monkeypatch: Any, user: str,
                                                                 text: str) -> None:
    client = MemoryClient(redis_url, publish_retry_s=5)
    server = redis.Redis.from_url(redis_url)
    try:
        server.script_flush()
        monkeypatch.setattr(client.redis, "script_load", lambda script: "0" * 40)  # gone again at once
        client.publish_turn(user, f"{user}-t1", text, "user", "s1", "2026-05-01T09:00:00Z")
        entries = server.hgetall(wire.inbox_key(user))
        assert [json.loads(raw)["text"] for raw in entries.values()] == [text]
        assert int(server.get(wire.pub_seq_key(user))) == 1  # the script ran once
    finally:
        client.close()
        server.close()
