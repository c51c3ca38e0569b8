"""The Redis short-term window against the SQL one: same answers, bounded keys, SQL behind it, failures counted.

A private redis-server and a SQLite store; the window's ``KEEP_TURNS`` is made small to see trimming.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
import redis
from _redis import RedisServer, start_redis

from memory_core.model import Turn
from memory_core.session.short_term import ShortTermMemory
from memory_core.session.sources import SqlWindow
from memory_core.store.sql import SqlStore
from workers import session_window
from workers.session_window import FAILURES, RedisWindow, append_turns, erase_windows, remember_window, window_keys

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
TEXTS = ["We compared three flats in Alfama and Graça today, the second one has a balcony",
         "ok", "我们还看了两套在里斯本东边的公寓，价格便宜一些但是离地铁比较远",
         "The landlord of the Graça flat wants a deposit of two months rent", "haha sure",
         "搬家公司说周五之前需要一份完整的物品清单"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RedisServer]:
    running = start_redis(tmp_path / "redis")
    try:
        yield running
    finally:
        running.stop()


def _turns(user: str, session: str, count: int, start: int = 0) -> list[Turn]:
    return [Turn(user_id=user, turn_id=f"{session}-{n}", session_id=session, role="user" if n % 2 == 0 else "assistant",
                 text=f"{TEXTS[n % len(TEXTS)]} ({n})", timestamp=T0 + timedelta(minutes=n))
            for n in range(start, start + count)]


def test_redis_window_answers_as_sql_with_trimming_and_late_batches(server: RedisServer, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_window, "KEEP_TURNS", 12)
    store = SqlStore(f"sqlite:///{tmp_path / 'w.db'}", migrate=True)
    client = redis.Redis.from_url(server.url)
    sql = SqlWindow(store)
    try:
        stored = [t for t, _ in store.append_many(_turns("ann", "s1", 30) + _turns("bob", "s1", 3))]
        first, second = stored[:20], stored[20:]
        append_turns(client, sql, second, ttl_s=600)  # a later batch lands first
        append_turns(client, sql, first, ttl_s=600)
        append_turns(client, sql, first[-3:], ttl_s=600)  # a retried batch adds nothing twice
        keys = window_keys("ann", "s1")
        assert client.zcard(keys[0]) == 12 and client.ttl(keys[0]) > 0
        from_redis = ShortTermMemory(RedisWindow(client, sql, 600), 120)
        from_sql = ShortTermMemory(SqlWindow(store), 120)
        for budget in (120, 30, 400):
            a, b = from_redis.context("ann", "s1", budget), from_sql.context("ann", "s1", budget)
            assert ([t.turn_id for t in a.turns], a.older_turns, a.tokens) == \
                   ([t.turn_id for t in b.turns], b.older_turns, b.tokens)
        # the Redis summary was folded from turns the set no longer holds (SQL behind it), as SQL's was (a budget
        # with room for it: recent turns and the summary share the budget)
        assert from_redis.context("ann", "s1", 120).summary == from_sql.context("ann", "s1", 120).summary != ""
        assert [t.turn_id for t in from_redis.context("bob", "s1").turns] == ["s1-0", "s1-1", "s1-2"]
        assert from_redis.context("ann", "other").turns == []
        assert erase_windows(client, "ann") == 3 and not client.exists(*keys)
        assert client.exists(window_keys("bob", "s1")[0])  # another user's session of the same id stays
    finally:
        client.close()
        store.close()


def test_a_session_first_seen_is_filled_from_sql(server: RedisServer, tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'f.db'}", migrate=True)
    client = redis.Redis.from_url(server.url)
    sql = SqlWindow(store)
    try:
        store.append_many(_turns("cy", "s:2", 5))  # stored before the window existed (or after its keys expired)
        late = [t for t, _ in store.append_many(_turns("cy", "s:2", 2, start=5))]
        assert append_turns(client, sql, late, ttl_s=600) == 1
        assert client.zcard(window_keys("cy", "s:2")[0]) == 7
        window = ShortTermMemory(RedisWindow(client, sql, 600), 10_000).context("cy", "s:2")
        assert len(window.turns) == 7 and window.older_turns == 0
    finally:
        client.close()
        store.close()


def test_a_failed_window_update_is_counted_and_the_session_falls_back_to_sql(server: RedisServer,
                                                                              tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'x.db'}", migrate=True)
    client = redis.Redis.from_url(server.url)
    try:
        stored = [t for t, _ in store.append_many(_turns("dee", "s1", 4))]
        ctx = SimpleNamespace(redis=client, store=store, settings=SimpleNamespace(session_window_ttl_s=600))
        remember_window(ctx, stored[:2])
        before = dict(FAILURES)
        client.set(window_keys("dee", "s1")[1], "not a hash")  # the script fails on it (WRONGTYPE)
        remember_window(ctx, stored[2:])
        assert FAILURES["append"] == before["append"] + 1 and FAILURES["drop"] == before["drop"]
        assert not client.exists(*window_keys("dee", "s1"))  # dropped: the session reads from SQL
        window = ShortTermMemory(RedisWindow(client, SqlWindow(store), 600)).context("dee", "s1")
        assert [t.turn_id for t in window.turns] == ["s1-0", "s1-1", "s1-2", "s1-3"]  # nothing lost
        server.stop()
        remember_window(ctx, stored)  # Redis gone: logged and counted, never raised into the ingest
        assert FAILURES["append"] == before["append"] + 2 and FAILURES["drop"] == before["drop"] + 1
    finally:
        client.close()
        store.close()
