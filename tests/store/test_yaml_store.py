"""Seed-000 format specifics of YamlStore."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml

from memory_core.errors import InvalidField, StoreError, StoreLocked
from memory_core.model import Status
from memory_core.store.yaml_store import YamlStore

SEED_FIELDS = {"description", "theme", "history", "latest_update_time", "hit"}


class SeedMemoryItem:
    """Seed 000's MemoryItem constructor, as its YamlMemoryManager called it."""

    def __init__(self, description: str, theme: str, history: list[dict[str, str]] | None = None,
                 latest_update_time: str | None = None, hit: int = 0) -> None:
        assert isinstance(description, str) and isinstance(theme, str) and isinstance(hit, int)
        assert latest_update_time is None or isinstance(latest_update_time, str)
        assert all(isinstance(k, str) and isinstance(v, str) for h in history or [] for k, v in h.items())


def test_loads_a_plain_seed_file(tmp_path: Path) -> None:
    (tmp_path / "sonetto.yaml").write_text(
        "a1b2c3d4:\n  description: 喜欢吃辣\n  theme: 品味\n  history: []\n"
        "  latest_update_time: '2026-05-09 12:00:00'\n  hit: 2\n", encoding="utf-8")
    store = YamlStore(tmp_path)
    item = store.get("sonetto", "a1b2c3d4")
    assert (item.description, item.theme, item.hit, item.status) == ("喜欢吃辣", "品味", 2, Status.ACTIVE)
    assert item.updated_at == datetime(2026, 5, 9, 12, tzinfo=UTC)
    assert store.users() == ["sonetto"]
    store.hit("sonetto", "a1b2c3d4")
    assert store.get("sonetto", "a1b2c3d4").hit == 3


def test_written_files_load_with_seed_code(tmp_path: Path) -> None:
    store = YamlStore(tmp_path)
    item_id = store.add("u1", "likes tea", "taste", turn_id="t1")
    store.update("u1", item_id, "more precise", "likes green tea")
    data = yaml.safe_load((tmp_path / "u1.yaml").read_text(encoding="utf-8"))
    assert set(data[item_id]) >= SEED_FIELDS
    SeedMemoryItem(**{k: data[item_id][k] for k in SEED_FIELDS})
    assert [h["op"] for h in data[item_id]["history"]] == ["create", "update"]


def test_user_ids_must_be_safe_file_names(tmp_path: Path) -> None:
    store = YamlStore(tmp_path / "s")
    for bad in ("../evil", "a/b", ".hidden", "", "x" * 200):
        with pytest.raises(InvalidField):
            store.add(bad, "text", "t")
    assert list((tmp_path / "s").iterdir()) == [] and not (tmp_path / "evil.yaml").exists()


def test_self_check_repairs_seed_gaps_and_fails_on_garbage(tmp_path: Path) -> None:
    (tmp_path / "u1.yaml").write_text("abcd0001:\n  description: 喜欢猫\n  theme: 宠物\n", encoding="utf-8")
    (tmp_path / "u2.yaml").write_text("this: [is not: yaml", encoding="utf-8")
    (tmp_path / "u3.yaml").write_text("abcd0003:\n  description: ''\n  theme: t\n", encoding="utf-8")
    store = YamlStore(tmp_path)
    report = store.self_check()
    assert report.status == "FAIL"
    assert any("u2.yaml" in i for i in report.issues) and any("abcd0003" in i for i in report.issues)
    assert any("hit" in r for r in report.repaired) and any("create" in r for r in report.repaired)
    data = yaml.safe_load((tmp_path / "u1.yaml").read_text(encoding="utf-8"))["abcd0001"]
    assert data["hit"] == 0 and data["history"][0]["op"] == "import"
    assert (tmp_path / "u2.yaml").read_text(encoding="utf-8") == "this: [is not: yaml"
    with pytest.raises(StoreError, match=r"u2\.yaml"):
        store.get("u2", "x")


def test_write_lock_times_out(tmp_path: Path) -> None:
    store = YamlStore(tmp_path, lock_timeout_s=0.2)
    item_id = store.add("u1", "likes tea", "taste")
    held, release = threading.Event(), threading.Event()

    def holder() -> None:
        with store._write_lock("u1"):
            held.set()
            release.wait(10)

    thread = threading.Thread(target=holder)
    thread.start()
    try:
        assert held.wait(10)
        with pytest.raises(StoreLocked):
            store.hit("u1", item_id)
    finally:
        release.set()
        thread.join(10)
    assert store.hit("u1", item_id) == 1


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    store = YamlStore(tmp_path)
    item_id = store.add("u1", "likes tea", "taste")

    def hits() -> None:
        for _ in range(10):
            store.hit("u1", item_id)

    threads = [threading.Thread(target=hits) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert store.get("u1", item_id).hit == 40
