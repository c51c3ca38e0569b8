"""Asked about the user, the user's own words come before an assistant's (or a tool's) restatement of them."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.model import Kind, MemoryItem, Trust
from memory_core.retrieval.own_words_first import asks_assistant, own_words_first


def _item(text: str, trust: Trust = Trust.USER, minute: int = 0) -> MemoryItem:
    return MemoryItem.create("u", text, "life", kind=Kind.EVENT, trust=trust,
                             at=datetime(2025, 5, 2, 19, minute, tzinfo=UTC))


def test_items_the_user_did_not_say_move_after_the_users_own():
    items = [_item("assistant: 您之前说住在哈尔滨", Trust.AGENT), _item("用户住在杭州"),
             _item("tool: a web page", Trust.TOOL), _item("user: 搬到杭州了")]
    order, scores = own_words_first("她住在哪？", items, np.array([0, 1, 2, 3]), np.array([0.4, 0.3, 0.2, 0.1]))
    assert order.tolist() == [1, 3, 0, 2]
    assert scores.tolist() == [0.3, 0.1, 0.4, 0.2]


def test_a_question_about_what_the_assistant_said_keeps_the_fused_order():
    items = [_item("assistant: try the Thai place on Elm", Trust.AGENT), _item("I like Thai food")]
    for query in ("What restaurant did you recommend?", "你上次推荐的那家店叫什么？"):
        assert asks_assistant(query)
        order, _ = own_words_first(query, items, np.array([0, 1]), np.array([0.4, 0.3]))
        assert order.tolist() == [0, 1]
    assert not asks_assistant("Where does she live now?")
    assert not asks_assistant("王阿姨现在住在哪里？")


def test_only_assistant_items_or_none_are_left_as_they_are():
    agent = [_item("assistant: a", Trust.AGENT), _item("assistant: b", Trust.AGENT)]
    assert own_words_first("where?", agent, np.array([1, 0]), np.array([0.2, 0.1]))[0].tolist() == [1, 0]
    assert own_words_first("where?", agent, np.array([], dtype=np.int64), np.array([]))[0].tolist() == []


@pytest.mark.parametrize("embedder", ["none", "auto"])
def test_recall_puts_the_users_current_home_before_the_assistants_mistake(embedder: str, tmp_path: Path) -> None:
    said = [("user", "我住在哈尔滨，冬天冷得受不了。", "03-01T10:00"),
            ("user", "已经搬到杭州啦，住在女儿家，滨江区。", "04-10T18:00"),
            ("assistant", "王阿姨，您之前说住在哈尔滨，那边现在还冷吗？", "05-02T19:00"),
            ("user", "不对，你记错了，我早就不在那边了。", "05-02T19:01")]
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db", embedder=embedder)
    try:
        for n, (role, text, at) in enumerate(said):
            mem.add([{"role": role, "content": text, "timestamp": f"2025-{at}:00Z"}], user_id="wang",
                    session_id=f"s{n}")
        ranked = [r["description"] for r in mem.search("王阿姨现在住在哪里？", user_id="wang", k=5)]
    finally:
        mem.close()
    home = next(n for n, text in enumerate(ranked) if "杭州" in text)
    mistaken = next(n for n, text in enumerate(ranked) if "您之前说" in text)
    assert home < mistaken, ranked  # was: the assistant's question second, the home third
