"""A search hit says when what it states no longer holds (``outdated``), English and Chinese.

A raw turn whose every fact was superseded ("I drink two cups of coffee every morning." after "I gave up
coffee") stays findable as history; its search hit (native and Mem0 shape) carries ``outdated: True``, the
current value's ``outdated: False``, and a superseded item found by a question about the past is
outdated too.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory

T0, T1 = "2025-03-02T09:00:00+00:00", "2025-06-02T09:00:00+00:00"
CASES = {
    "en": ("I live in Leeds.", "I moved to Bristol last month.", "where does she live?", "Leeds", "Bristol"),
    "zh": ("我住在杭州。", "我搬到成都了。", "她住在哪里？", "杭州", "成都"),
}


@pytest.fixture()
def mem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[EmbeddedMemory]:
    monkeypatch.setenv("GULFSTREAM_DATABASE_URL", f"sqlite:///{tmp_path}/m.db")
    monkeypatch.setenv("GULFSTREAM_EMBEDDER", "none")
    monkeypatch.delenv("GULFSTREAM_LLM_MODEL", raising=False)
    api = EmbeddedMemory.open()
    yield api
    api.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_stale_turn_is_marked_outdated_and_the_current_value_is_not(mem: EmbeddedMemory, lang: str) -> None:
    old_text, new_text, question, old, new = CASES[lang]
    mem.add(old_text, user_id="u", timestamp=T0)
    mem.add(new_text, user_id="u", timestamp=T1)
    hits = mem.search(old, user_id="u", k=10)  # the old city's name: only the old turn and item hold it
    assert hits and all(isinstance(h["outdated"], bool) for h in hits)
    stale = [h for h in hits if old in h["description"] and h["status"] == "active"]
    assert stale and all(h["outdated"] for h in stale), hits  # the raw turn: still active, no longer true
    now = mem.search(question, user_id="u", k=5)
    assert new in now[0]["description"] and now[0]["outdated"] is False, now
    assert all(h["outdated"] is (old in h["description"]) for h in now), now
    asked_past = question.replace("does she live", "did she use to live").replace("住在哪里", "以前住在哪里")
    past = mem.search(asked_past, user_id="u", k=5)
    assert past[0]["status"] == "superseded" and old in past[0]["description"] and past[0]["outdated"], past


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_mem0_shape_carries_the_mark(mem: EmbeddedMemory, lang: str) -> None:
    from memory_core.mem0_compat import Memory

    old_text, new_text, _, old, new = CASES[lang]
    m = Memory()
    m.add([{"role": "user", "content": old_text}], user_id="m0")
    m.add([{"role": "user", "content": new_text}], user_id="m0")
    found = m.search(old, user_id="m0")["results"]
    assert found and all("outdated" in r for r in found)
    assert [r for r in found if old in r["memory"] and r["outdated"]], found
    assert not [r for r in m.search(new, user_id="m0")["results"] if new in r["memory"] and r["outdated"]]
    m.close()
