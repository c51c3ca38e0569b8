"""jieba, as every command loads it: nothing on stderr, its dictionary cache in the user's cache folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from memory_core.text.zh_pos import pos_cut

_SCRIPT = """
from memory_core.text.tokenize import tokenize
from memory_core.text.zh_pos import pos_cut
print(tokenize("我住在杭州"), [(p.word, p.flag) for p in pos_cut("我住在杭州")])
"""


def test_tagging_and_cutting_chinese_log_nothing_and_cache_in_the_user_folder(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "TMPDIR": str(tmp_path / "tmp")}
    (tmp_path / "tmp").mkdir()
    done = subprocess.run([sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[2], check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no "Building prefix dict…" / "Loading model from cache…"
    assert "杭州" in done.stdout and "'ns'" in done.stdout
    kept = sorted(p.name for p in (tmp_path / "cache" / "gulfstream").iterdir())
    # the parsed dictionary, and the cuts the process made (text.cut_cache), kept for the next one
    assert kept[0] == "jieba-cuts-" + kept[0][11:] and kept[0].endswith(".json") and kept[1:] == ["jieba.cache"]
    assert not list((tmp_path / "tmp").iterdir())  # nothing left in the shared temporary folder


def test_pos_cut_gives_words_with_their_tags() -> None:
    pairs = [(p.word, p.flag) for p in pos_cut("我在上海工作")]
    assert ("上海", "ns") in pairs and "".join(w for w, _ in pairs) == "我在上海工作"
