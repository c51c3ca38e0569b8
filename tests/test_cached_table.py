"""``user_cache.cached_table``: a table built once is read back by later processes; a bad file or a folder that
cannot be written only costs a rebuild."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.user_cache import cached_table


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "gulfstream"


def test_a_table_is_built_once_then_read(folder: Path) -> None:
    builds: list[int] = []

    def build() -> dict[str, list[str]]:
        builds.append(1)
        return {"温哥华": ["vancouver", "温哥华"]}

    assert cached_table("names", "1", build) == {"温哥华": ["vancouver", "温哥华"]}
    assert cached_table("names", "1", build) == {"温哥华": ["vancouver", "温哥华"]}
    assert builds == [1]
    written = folder / "names-1.json"
    assert written.exists() and oct(written.stat().st_mode & 0o777) == oct(0o600)
    assert cached_table("names", "2", build) and builds == [1, 1]  # another version is another file
    assert not list(folder.glob("*.tmp"))


def test_a_malformed_file_is_built_again(folder: Path) -> None:
    folder.mkdir(parents=True)
    (folder / "names-1.json").write_text("[1, 2", encoding="utf-8")
    assert cached_table("names", "1", lambda: {"a": ["b"]}) == {"a": ["b"]}
    assert cached_table("names", "1", lambda: {"other": []}) == {"a": ["b"]}  # the rebuild was kept


def test_a_folder_that_cannot_be_made_still_gives_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # the cache folder would be inside a file
    assert cached_table("names", "1", lambda: {"a": ["b"]}) == {"a": ["b"]}
    assert blocker.read_text(encoding="utf-8") == ""
