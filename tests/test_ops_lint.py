"""``ops/test.sh`` (which ``.ci/run`` calls) lints the project's code, not a user's scratch files in the tree."""

from __future__ import annotations

import shlex
import subprocess
import sys
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _ruff_paths() -> list[str]:
    lines = [line for line in (ROOT / "ops/test.sh").read_text().splitlines() if "ruff check" in line]
    assert len(lines) == 1, lines
    words = shlex.split(lines[0])
    return words[words.index("check") + 1:]


def test_ci_runs_the_test_script() -> None:
    ci = (ROOT / ".ci/run").read_text()
    assert "bash ops/test.sh" in ci and "ruff check" not in ci  # one lint command, kept in one place


def test_the_lint_covers_every_folder_of_tracked_python_and_nothing_else() -> None:
    paths = _ruff_paths()
    assert "." not in paths
    tracked = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True)
    folders = {name.split("/")[0] for name in tracked.stdout.split() if "/" in name}
    top_level = [name for name in tracked.stdout.split() if "/" not in name]
    assert folders <= set(paths) and not top_level, (folders, paths, top_level)


def test_an_untracked_scratch_file_does_not_fail_the_lint() -> None:
    scratch = ROOT / f"play_{uuid.uuid4().hex[:8]}"
    scratch.mkdir()
    try:
        (scratch / "try_it.py").write_text("import os, sys\nx=1 ;  y = [1,2]\n")  # F401, E702, ...
        (ROOT / f"{scratch.name}.py").write_text("import json\n")
        ruff = Path(sys.executable).with_name("ruff")
        whole = subprocess.run([str(ruff), "check", "."], cwd=ROOT, capture_output=True, text=True)
        assert whole.returncode != 0, "the scratch file has lint errors"
        ours = subprocess.run([str(ruff), "check", *_ruff_paths()], cwd=ROOT, capture_output=True, text=True)
        assert ours.returncode == 0, ours.stdout + ours.stderr
    finally:
        (ROOT / f"{scratch.name}.py").unlink(missing_ok=True)
        (scratch / "try_it.py").unlink(missing_ok=True)
        scratch.rmdir()
