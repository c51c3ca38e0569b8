"""The user's cache folder, shared by every Gulfstream process of the user.

``$XDG_CACHE_HOME/gulfstream``, else ``~/.cache/gulfstream`` (the XDG Base Directory
specification). It holds files that can always be rebuilt: jieba's parsed dictionary,
the CC-CEDICT glossary tables, the query-embedding table. Never the shared ``/tmp``:
another account on the machine could place a file there that a process then loads.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cache_folder"]


def cache_folder() -> Path:
    """The folder (not created here; callers make it when they write)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "gulfstream"
