"""Forgetting a memory forgets the turn it came from (``store/forget_source.py``), English and Chinese.

Deleting a memory through the Mem0 API, the native API or the store ends the raw-turn item of its
source turn (the turn's other memories stay); the words are then found by no search, recall or context
block, nor quoted beside the memories kept, while the item's history stays. ``delete_all`` leaves nothing recallable.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory

CASES = {
    "en": ("I'm seeing a therapist for my gambling debts, I owe about 20k.", "does he owe money?",
           ["gambling", "20k"]),
    "zh": ("我欠了网贷两万块，一直没敢告诉家里人。", "我欠了多少钱？", ["两万", "网贷"]),
}


@pytest.fixture()
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[EmbeddedMemory]:
    monkeypatch.setenv("GULFSTREAM_DATABASE_URL", f"sqlite:///{tmp_path}/m.db")
    monkeypatch.delenv("GULFSTREAM_LLM_MODEL", raising=False)
    mem = EmbeddedMemory.open()
    yield mem
    mem.close()


def _recalled(mem: EmbeddedMemory, user: str, query: str) -> str:
    hits = " ".join(h["description"] for h in mem.search(query, user_id=user, k=10))
    return hits + mem.recall(query, user_id=user)["context"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_deleting_every_mem0_memory_leaves_the_turn_unrecallable(env: EmbeddedMemory, lang: str) -> None:
    from memory_core.mem0_compat import Memory

    said, question, words = CASES[lang]
    m = Memory()
    added = m.add([{"role": "user", "content": said}], user_id="fg")["results"]
    assert added and any(w in _recalled(env, "fg", question) for w in words)
    for x in m.get_all(filters={"user_id": "fg"})["results"]:
        m.delete(x["id"])
    recalled = _recalled(env, "fg", question)
    assert not [w for w in words if w in recalled], recalled
    ended = [i for i in env.get_all(user_id="fg", filters={"status": ["deleted"]}) if i["kind"] == "event"]
    assert ended and env.history(ended[0]["id"], user_id="fg")  # kept for audit
    m.close()


@pytest.mark.parametrize(("said", "forget", "keep"), [
    ("I adopted a cat named Biscuit and I work at Boeing.", "Boeing", "cat"),
    ("我在腾讯上班，还养了一只叫年糕的猫。", "腾讯", "猫"),
])
def test_forgetting_one_memory_of_a_turn_keeps_the_others(env: EmbeddedMemory, said: str, forget: str,
                                                          keep: str) -> None:
    env.add(said, user_id="u")
    items = env.get_all(user_id="u")
    curated = [i for i in items if i["kind"] != "event"]
    assert len(curated) >= 2, curated
    for item in curated:
        if forget in item["description"]:
            env.delete(item["id"], user_id="u")
    live = env.get_all(user_id="u")
    assert not any(i["kind"] == "event" for i in live), live  # the turn's words are forgotten with the memory
    assert any(keep in i["description"] for i in live if i["kind"] != "event")  # its other memory stays
    # no question finds the forgotten value: not the raw turn, not the turn quoted beside the memory kept
    for question in (forget, keep):
        assert forget not in _recalled(env, "u", question), question


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_delete_all_leaves_nothing_recallable(env: EmbeddedMemory, lang: str) -> None:
    from memory_core.mem0_compat import Memory

    said, question, words = CASES[lang]
    m = Memory()
    m.add([{"role": "user", "content": said}], user_id="fg")
    m.delete_all(user_id="fg")
    assert not [w for w in words if w in _recalled(env, "fg", question)]
    assert env.get_all(user_id="fg") == []
    m.close()
