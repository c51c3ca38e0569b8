"""Diets that end, -free diets with their cause, a new role or employer in a job change, and passing moods."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.service import open_memory
from memory_core.settings import Settings

T0 = datetime(2025, 4, 1, 8, tzinfo=UTC)


def _active(tmp_path: Path, texts: list[str]) -> list[str]:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    try:
        memory.ingest([Turn("u", f"t{n}", "s", "user", text, T0 + timedelta(days=30 * n))
                       for n, text in enumerate(texts)])
        return [i.description for i in memory.store.list_items("u") if i.kind != "event"]
    finally:
        memory.close()


@pytest.mark.parametrize(("texts", "present", "gone"), [
    (["I am gluten-free because of celiac disease."], ["gluten-free", "celiac"], ["User is gluten"]),
    (["我吃无麸质的，因为有乳糜泻。"], ["无麸质", "乳糜泻"], []),
    (["I'm on a keto diet these days.", "Also, the keto thing is over, I'm eating carbs again."],
     ["no longer keto"], ["User is keto"]),
    (["我在减肥，最近不吃晚饭。", "减肥失败了哈哈，现在晚饭照吃。"], ["照吃"], ["用户在减肥", "用户不吃晚饭"]),
    (["我现在吃素，已经三个月了。", "我又开始吃肉了，吃素太难坚持。"], ["又开始吃肉"],
     ["用户是素食者", "用户又开始吃肉了，是素食者"]),
    (["I work as a nurse at Sunnybrook.", "I joined a startup called Loopwise as head of data."],
     ["head of data"], ["nurse"]),
    (["下周五我有一个设计评审，有点紧张。"], [], ["用户有点紧张"]),
])
def test_what_stays_active(tmp_path: Path, texts: list[str], present: list[str], gone: list[str]) -> None:
    active = _active(tmp_path, texts)
    for text in present:
        assert any(text in d for d in active), (text, active)
    for text in gone:
        assert not any(d == text or d.startswith(text + "，") or d.endswith(text) for d in active), (text, active)
