"""``python -m api_shim.http`` without the ``http`` extra: one clear line naming it, no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

_WITHOUT_FASTAPI = """
import runpy, sys
sys.modules["fastapi"] = None  # as if the extra were not installed: importing it fails, find_spec says None
sys.argv = ["api_shim.http", "keys", "list"]
runpy.run_module("api_shim.http", run_name="__main__", alter_sys=True)
"""


def test_the_shim_names_the_missing_extra_without_a_traceback() -> None:
    done = subprocess.run([sys.executable, "-c", _WITHOUT_FASTAPI], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[2], check=False)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "http extra (fastapi is not installed)" in done.stderr and "'.[workers,http]'" in done.stderr


def test_the_package_imports_without_a_web_framework_and_still_gives_create_app() -> None:
    import api_shim.http as shim
    from api_shim.http.app import create_app

    assert shim.create_app is create_app
