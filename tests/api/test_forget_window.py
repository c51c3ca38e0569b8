"""Deleting a memory takes its turn out of the session window and the rolling summary, on every transport.

Embedded (SQLite), distributed (the window in Redis) and HTTP, in English and Chinese: a session's turn
says something the user then deletes; before the delete the window and, at a small budget, its rolling
summary show those words, after it neither does at any budget, and the session's other turns stay.
Real Celery workers, Redis and PostgreSQL (the shared ``stack``), and the HTTP shim in front of them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import redis
from _http_stack import Stack

from api_shim.api_client import DistributedMemory, HttpMemory
from memory_core.embedded import EmbeddedMemory
from workers.session_window import window_keys

SESSIONS = {
    "en": (["Can you suggest a quiet restaurant near the harbour for Friday dinner with colleagues?",
            "We are four people and one of them is vegetarian, so the menu needs options.",
            "Also remind me to print the quarterly sales report before the meeting tomorrow morning.",
            "I'm seeing a therapist for my gambling debts, I owe about 20k to a casino.",
            "Thanks, that's all."],
           ["gambling", "20k", "casino"]),
    "zh": (["周五晚上想和同事在海边找一家安静的餐厅吃饭，有推荐吗？",
            "我们一共四个人，其中一位吃素，菜单需要有素食选项。",
            "另外提醒我明天开会之前把季度销售报告打印出来。",
            "我欠了网贷两万块，一直没敢告诉家里人，心里很焦虑。",
            "好的，谢谢。"],
           ["网贷", "两万"]),
}
FORGOTTEN = 3  # the turn whose memory is deleted
BUDGETS = (30, 45, 60, 80, None)  # tokens: at the small ones that turn has left the window for the summary


def _window(mem: Any, user: str, budget: int | None) -> dict[str, Any]:
    return dict(mem.session_context(user_id=user, session_id="chat", budget_tokens=budget))


def _forget_a_turn(mem: Any, user: str, lang: str) -> None:
    said, words = SESSIONS[lang]
    mem.add([{"role": "user", "content": text, "id": f"t{n}"} for n, text in enumerate(said)],
            user_id=user, session_id="chat", timestamp="2026-11-20T10:00:00Z")
    before = [_window(mem, user, b) for b in BUDGETS]
    assert any(w in before[-1]["turns"][FORGOTTEN]["text"] for w in words), before[-1]
    assert any(w in b["summary"] for b in before for w in words), [b["summary"] for b in before]  # folded
    items = mem.get_all(user_id=user, limit=100)
    target = next(i for i in items if any(w in i["description"] for w in words))
    mem.delete(target["id"], user_id=user)
    for budget in BUDGETS:
        window = _window(mem, user, budget)
        shown = window["summary"] + " " + " ".join(t["text"] for t in window["turns"])
        assert not [w for w in words if w in shown], (user, budget, shown)
        assert window["turns"][-1]["turn_id"].endswith("t4"), window  # the session's other turns stay
    whole = _window(mem, user, 10_000)
    assert [t["text"] for t in whole["turns"]] == [t for n, t in enumerate(said) if n != FORGOTTEN]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_embedded_window_forgets_a_deleted_memory_turn(tmp_path: Path, lang: str) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/w.db")
    try:
        _forget_a_turn(mem, f"fw-{lang}", lang)
    finally:
        mem.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_distributed_window_in_redis_forgets_a_deleted_memory_turn(stack: Stack, lang: str) -> None:
    mem = DistributedMemory(stack.redis.url, database_url=stack.db_url, request_timeout_s=30)
    client = redis.Redis.from_url(stack.redis.url)
    user = f"fw-d-{lang}"
    try:
        _forget_a_turn(mem, user, lang)
        held = b" ".join(client.zrange(window_keys(user, "chat")[0], 0, -1))
        summary = client.get(window_keys(user, "chat")[2]) or b""
        assert not [w for w in SESSIONS[lang][1] if w.encode() in held + summary], held  # nor kept in Redis
    finally:
        mem.close()
        client.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_http_window_forgets_a_deleted_memory_turn(stack: Stack, lang: str) -> None:
    mem = HttpMemory(stack.base_url, stack.key("acme"))
    try:
        _forget_a_turn(mem, f"fw-h-{lang}", lang)
    finally:
        mem.close()
