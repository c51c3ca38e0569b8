"""One script for ``delete(..., purge=True)`` on any transport: a leaked key said in chat, deleted, then purged.

``run_purge_script`` returns the purged item's id; the caller then checks that no table (or no byte of the
SQLite file) holds the key. ``stored_rows_holding`` reads every table of an SQL store for it.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import create_engine, inspect, text

from memory_core.api import MemoryAPI

KEY = "sk-proj-Zq8RtY3uW1xV5nM7kL2pQ9"
CASES = {
    "en": (f"My OpenAI key is {KEY}, keep it for me.", "what is my OpenAI key?", "I live in Oslo.",
           "where do I live?", "Oslo"),
    "zh": (f"我的 OpenAI 密钥是 {KEY}，帮我记一下。", "我的 OpenAI 密钥是什么？", "我住在杭州。", "我住在哪里？",
           "杭州"),
}
T0, T1 = "2026-03-01T10:00:00Z", "2026-03-02T10:00:00Z"


def run_purge_script(api: MemoryAPI, user: str, lang: str = "en") -> str:
    """Say a home and a key, soft-delete the key's memory (the text stays), purge it (the text goes); return its id."""
    said, question, home, where, place = CASES[lang]
    api.add(home, user_id=user, timestamp=T0)
    api.add(said, user_id=user, timestamp=T1)
    revealed = api.get_all(user_id=user, reveal=True)
    item = next(r for r in revealed if KEY in r["description"] and r["kind"] != "event")
    soft = api.delete(item["id"], user_id=user, reason="forget my key")
    assert soft["status"] == "deleted"
    assert KEY in api.get(item["id"], user_id=user, reveal=True)["description"], "a soft delete keeps the text"
    gone = api.delete(item["id"][:8], user_id=user, reason="leaked key", purge=True)  # a prefix works too
    assert (gone["id"], gone["status"], gone["description"]) == (item["id"], "deleted", "[purged]")
    every = api.get_all(user_id=user, filters={"statuses": []}, reveal=True, limit=1000)
    assert KEY not in str(every) and place in str(every)
    history = api.history(item["id"], user_id=user, reveal=True)
    assert (history[0]["op"], history[0]["reason"], history[0]["actor"]) == ("purge", "leaked key", "user")
    assert KEY not in str(history) and [r["op"] for r in history[1:]] == ["delete", "create"], "the audit stays"
    for query in (question, KEY, "OpenAI"):
        answer = api.recall(query, user_id=user, k=10)
        assert KEY not in str(answer) and "OpenAI" not in answer["context"], answer
    assert place in api.search(where, user_id=user, k=3)[0]["description"], "the other memories stay"
    again = api.add(said, user_id=user, timestamp=T1)  # the same turn redelivered: a duplicate, not stored anew
    assert again["results"] == [] or all(r["status"] == "deleted" for r in again["results"]), again
    assert KEY not in str(api.get_all(user_id=user, filters={"statuses": []}, reveal=True, limit=1000))
    return str(item["id"])


def stored_rows_holding(url: str, needle: str) -> list[tuple[str, Any]]:
    """(table, row) of every row of every table of the SQL database at ``url`` whose values hold ``needle``."""
    engine = create_engine(url)
    try:
        found = []
        with engine.connect() as conn:
            for table in inspect(conn).get_table_names():
                for row in conn.execute(text(f'SELECT * FROM "{table}"')):
                    values = [v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v) for v in row]
                    if any(needle in v for v in values):
                        found.append((table, tuple(row)))
        return found
    finally:
        engine.dispose()
