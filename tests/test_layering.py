"""The layering rules (``[tool.importlinter]`` in pyproject.toml) hold, and they catch a violation.

The rules: the core imports neither the workers nor the shim (nor Celery,
Redis or a web framework); the shim never imports the workers; the workers
never import the shim; inside the core every import points down its layers
(entry points, service, session and agents, contract, retrieval, write path,
store, ground).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    """Run import-linter with the project's contracts on the packages found under ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run([str(LINT), str(ROOT / "pyproject.toml"), "--no-cache"], cwd=tree, env=env,
                          capture_output=True, text=True, timeout=120)


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    """A throwaway tree of the three top-level packages, with ``files`` (path → source) in it."""
    for package in ("memory_core", "workers", "api_shim"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    for name, source in files.items():
        (tmp_path / name).write_text(source)
    return tmp_path


def test_the_project_keeps_every_layering_contract() -> None:
    done = _lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 kept, 0 broken" in done.stdout


@pytest.mark.parametrize(("name", "source", "broken"), [
    ("memory_core/cli.py", "from workers import dlq_cli\n", "The core imports neither"),
    ("memory_core/store.py", "import api_shim.client\n", "The core imports neither"),
    ("memory_core/queue.py", "import redis\n", "The core imports neither"),
    ("api_shim/client.py", "from workers.tasks import ingest_turn\n", "The shim never imports the workers"),
    ("workers/tasks.py", "from api_shim import protocol\n", "The workers never import the shim"),
    ("memory_core/retrieval.py", "from memory_core.service import Memory\n", "Inside the core every import points"),
    ("memory_core/settings.py", "from memory_core import lifecycle\n", "Inside the core every import points"),
    ("memory_core/pipeline.py", "from memory_core.retrieval import recall\n", "Inside the core every import points"),
])
def test_a_deliberate_violation_breaks_its_contract(tmp_path: Path, name: str, source: str, broken: str) -> None:
    files = {"workers/dlq_cli.py": "", "workers/tasks.py": "ingest_turn = None\n", "api_shim/client.py": "",
             "api_shim/protocol.py": "", "memory_core/service.py": "Memory = None\n", "memory_core/lifecycle.py": "",
             "memory_core/retrieval.py": "recall = None\n"}
    files[name] = source
    done = _lint(_tree(tmp_path, files))
    assert done.returncode != 0
    assert "1 broken" in done.stdout
    assert broken in " ".join(done.stdout.split()) and "BROKEN" in done.stdout


def test_a_clean_tree_passes(tmp_path: Path) -> None:
    done = _lint(_tree(tmp_path, {"workers/tasks.py": "from memory_core import wire\n",
                                  "api_shim/client.py": "from memory_core import wire\n",
                                  "memory_core/wire.py": "import json\n"}))
    assert done.returncode == 0, done.stdout + done.stderr
