"""jieba's cuts kept across processes: a second process cuts the same runs alike without loading jieba."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from memory_core.text import cut_cache

CUT = """
import json, sys
from memory_core.text import tokenize as tk
terms = [tk.tokenize(t) for t in sys.argv[1:]]
print(json.dumps({"terms": terms, "jieba_loaded": tk._jieba is not None}, ensure_ascii=False))
"""
TEXTS = ["我喜欢在杭州的西湖边散步", "I moved to Lisbon", "我每天早上吃氨氯地平，喝拿铁", "她养了什么宠物？"]


def run(cache: Path, *texts: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", CUT, *texts], capture_output=True, text=True, timeout=120,
                          check=True, env={"PATH": "/usr/bin:/bin", "HOME": str(cache), "XDG_CACHE_HOME": str(cache),
                                           "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_a_second_process_cuts_alike_without_loading_jieba(tmp_path: Path) -> None:
    first = run(tmp_path, *TEXTS)
    assert first["jieba_loaded"] is True
    assert list((tmp_path / "gulfstream").glob("jieba-cuts-*.json"))
    second = run(tmp_path, *TEXTS)
    assert second == {"terms": first["terms"], "jieba_loaded": False}
    # a run no process cut before still loads jieba, and is cut as by a process with no kept cuts
    fresh = run(tmp_path / "other", "他上个月搬到了成都")
    assert run(tmp_path, "他上个月搬到了成都") == fresh


def test_a_malformed_file_counts_as_empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(cut_cache, "_known", {})
    monkeypatch.setattr(cut_cache, "_new", {})
    key = cut_cache.digest("a tokenizer")
    (tmp_path / "gulfstream").mkdir()
    (tmp_path / "gulfstream" / f"jieba-cuts-{key}.json").write_text("[not a table", encoding="utf-8")
    assert cut_cache.lookup(key, "西湖", True) is None
    cut_cache.remember(key, "西湖", True, ("西湖",))
    assert cut_cache.save() == 1
    monkeypatch.setattr(cut_cache, "_known", {})
    assert cut_cache.lookup(key, "西湖", True) == ("西湖",)
    assert cut_cache.lookup(key, "西湖", False) is None  # cut without the HMM: another entry


def test_each_tokenizer_keeps_its_own_cuts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(cut_cache, "_known", {})
    monkeypatch.setattr(cut_cache, "_new", {})
    one, other = cut_cache.digest("words", ()), cut_cache.digest("words", (("王小明", None),))
    assert one != other
    cut_cache.remember(one, "王小明来了", True, ("王", "小明", "来", "了"))
    assert cut_cache.lookup(other, "王小明来了", True) is None
