""""Again", "back on" and "not X anymore" said the way people talk: an interjection before, a clause after, the
subject dropped (issue 13 §2: "started … again" supersedes the negation; a cessation supersedes the positive)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.settings import Settings


def _active(tmp_path: Path, texts: list[str]) -> list[str]:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    t0 = datetime(2026, 2, 1, tzinfo=UTC)
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, t0 + timedelta(days=5 * n)) for n, text in enumerate(texts)])
    return [i.description for i in memory.store.list_items("u1") if i.kind != "event" and i.status == "active"]


@pytest.mark.parametrize("again", [
    "argh, started drinking tea again, exams are killing me",
    "I'm back on tea",
    "lol ok started drinking tea again",
])
def test_taking_a_drink_up_again_ends_its_negation(tmp_path: Path, again: str) -> None:
    active = _active(tmp_path, ["I drink green tea every morning", "I gave up tea", again])
    assert not [d for d in active if "no longer" in d], active
    assert [d for d in active if "tea" in d], active


@pytest.mark.parametrize(("texts", "stale"), [
    (["I'm vegan.", "not vegan anymore, I eat beef now"], "is vegan"),
    (["I'm pescatarian", "ok so, no longer pescatarian"], "is pescatarian"),
    (["我吃素", "哎，不吃素了，现在吃牛肉了"], "素食者"),
])
def test_not_any_more_with_the_subject_dropped_ends_the_diet(tmp_path: Path, texts: list[str], stale: str) -> None:
    active = _active(tmp_path, texts)
    assert not [d for d in active if stale in d and "no longer" not in d and "不再" not in d], active
