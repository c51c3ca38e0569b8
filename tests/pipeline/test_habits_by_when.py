"""Habits said by when without a subject, and a sport begun (Chinese; English for contrast)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import Kind, Turn
from memory_core.pipeline import WritePipeline

_AT = datetime(2025, 3, 1, 10, tzinfo=UTC)


def _items(*texts: str) -> list[tuple[str, str, str]]:
    """(status, key, description) of the non-event items the user turns ``texts`` leave, a day apart."""
    store, pipeline = DictStore(), WritePipeline()
    for n, text in enumerate(texts):
        turn = Turn(user_id="u1", turn_id=f"t{n}", session_id="s1", role="user", text=text,
                    timestamp=_AT + timedelta(days=n))
        store.apply("u1", pipeline.plan(turn, store))
    return [(str(i.status), str(i.key or ""), i.description) for i in store.list_items("u1", statuses=None)
            if i.kind != Kind.EVENT]


@pytest.mark.parametrize(("text", "said"), [("周末打羽毛球，平时没空", "打羽毛球"), ("最近开始跑步了", "跑步"),
                                            ("我最近开始打网球", "打网球")])
def test_zh_habit_said_by_when_is_the_users(text: str, said: str) -> None:
    assert any(said in d and d.startswith("用户") and s == "active" for s, _, d in _items(text)), _items(text)


@pytest.mark.parametrize("text", ["同事周末打网球", "周末打篮球吗？", "I go running every morning"])
def test_habits_of_others_and_questions_stay_theirs(text: str) -> None:
    rows = _items(text)
    if text.isascii():
        assert any("running" in d for _, _, d in rows), rows
    else:
        assert not any(d.startswith("用户") and "用户的" not in d for _, _, d in rows), rows
