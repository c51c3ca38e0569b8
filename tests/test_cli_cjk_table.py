"""A long Chinese description in ``gulfstream recall``'s table is shown whole, folded over lines, at a narrow
and a wide terminal: Rich wraps at spaces and cut a run without one (a CJK sentence) to its first characters
and "…"."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

from memory_core.cli_output import text_column

LONG_ZH = "我最近在学习做饭，主要是做川菜和粤菜，比如麻婆豆腐、宫保鸡丁、白切鸡这些家常菜。"


def _shown(out: str, column: int = 4) -> str:
    """The memory column's text (the fifth of the recall table), its lines joined, spaces dropped."""
    return "".join(line.split("│")[column + 1] for line in out.splitlines() if line.count("│") == 7).replace(" ", "")


@pytest.mark.parametrize("width", [60, 120])
@pytest.mark.parametrize("text", [LONG_ZH, "ユーザーは毎朝コーヒーを飲んでから駅まで歩いて会社に行きます",
                                  "User loves jazz " * 8])
def test_a_text_column_folds_a_long_run_instead_of_cutting_it(width: int, text: str) -> None:
    console = Console(width=width, record=True, file=io.StringIO())
    table = Table("#", "score", "theme", "kind", text_column("memory"), "turns")
    table.add_row("1", "0.235", "taste", "preference", text, "t3")
    console.print(table)
    out = console.export_text()
    assert "…" not in out
    assert text.replace(" ", "") in _shown(out)
    assert max(cell_len(line) for line in out.splitlines()) <= width


@pytest.mark.parametrize("columns", ["60", "120"])
def test_recall_shows_a_long_chinese_memory_whole(tmp_path: Path, columns: str) -> None:
    db = tmp_path / "m.db"
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": columns, "HOME": str(tmp_path), "GULFSTREAM_EMBEDDER": "none"}

    def gs(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "memory_core", *args, "--db", f"sqlite:///{db}"],
                              capture_output=True, text=True, timeout=120, env=env)

    assert gs("add", "--user", "ann", LONG_ZH).returncode == 0
    out = gs("recall", "--user", "ann", "麻婆豆腐 宫保鸡丁")
    assert out.returncode == 0, out.stderr
    table = out.stdout.split("<memories>")[0]
    assert "…" not in table, table
    assert LONG_ZH in _shown(table), table
    assert max(cell_len(line) for line in table.splitlines()) <= int(columns), table
