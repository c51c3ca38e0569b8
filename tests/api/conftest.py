"""Fixtures of the Memory API tests; the HTTP stack and the scripted LLM server come from their own folders."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for folder in ("http", "llm"):
    path = str(HERE.parent / folder)
    if path not in sys.path:
        sys.path.append(path)
