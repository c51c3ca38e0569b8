"""The README's Memory API and integration examples, run as written (each block in a fresh process)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def blocks() -> dict[str, str]:
    """The python blocks of the README's "One Memory API" section, by their ### heading."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## One Memory API"):text.index("## Distributed mode")]
    found = {}
    for part in section.split("\n### ")[1:]:
        title = part.splitlines()[0].strip()
        code = re.findall(r"```python\n(.*?)```", part, flags=re.S)
        if code:
            found[title] = code[0]
    return found


EXPECTED = {
    "The Memory API": ["Lisbon", "花生"],
    "Coming from Mem0": ["UPDATE"],
    "LangChain": ["window seats"],
    "LangGraph and LangMem": ["Ann prefers window seats", "created memory"],
    "The agent graph and `gulfstream chat`": ["Lisbon"],
    "MCP": ["hiking in the Alps"],
}


def test_every_integration_has_an_example() -> None:
    assert set(blocks()) == set(EXPECTED)


@pytest.mark.parametrize("title", sorted(EXPECTED))
def test_readme_example_runs(title: str, tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(REPO), "PYTHONIOENCODING": "utf-8",
           "GULFSTREAM_DATABASE_URL": f"sqlite:///{tmp_path}/readme.db"}
    done = subprocess.run([sys.executable, "-c", blocks()[title]], capture_output=True, text=True, timeout=180,
                          env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    for needle in EXPECTED[title]:
        assert needle in done.stdout, done.stdout
    if title == "MCP":  # the SDK passes the server only HOME, PATH, SHELL, TERM: the example must hand on the rest
        assert (tmp_path / "readme.db").exists() and not (tmp_path / ".local/share/gulfstream").exists()
