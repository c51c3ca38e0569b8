"""The user's cache folder, shared by every Gulfstream process of the user.

``$XDG_CACHE_HOME/gulfstream``, else ``~/.cache/gulfstream`` (the XDG Base Directory
specification). It holds files that can always be rebuilt: jieba's parsed dictionary,
the CC-CEDICT glossary tables, the query-embedding table. Never the shared ``/tmp``:
another account on the machine could place a file there that a process then loads.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["cache_folder", "cached_table"]

log = logging.getLogger(__name__)

#: A table kept as JSON: string keys, JSON values (lists of names, a character's representative).
Table = dict[str, Any]


def cache_folder() -> Path:
    """The folder (not created here; callers make it when they write)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "gulfstream"


def cached_table(name: str, version: str, build: Callable[[], Table]) -> Table:
    """The table ``build`` makes, read from the cache folder when a process built it before.

    The file is ``<cache folder>/<name>-<version>.json`` (owner-only, written beside and put in place whole, so
    a reader never sees half of it). A missing, unreadable or malformed file is built again and written; when
    writing fails (a read-only home) the table is built and kept by this process only (logged).

    Args:
        name: the table's name ("place_names").
        version: what the table was built from (a package's version, the build's parameters): another version
            is another file, so a table is never read after what it came from changed.
        build: makes the table: a dict of string keys and JSON values (``{key: [name, ...]}``).

    Returns:
        The table, as ``build`` made it.
    """
    path = cache_folder() / f"{name}-{version}.json"
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(loaded, dict):
            return loaded
    except (OSError, ValueError):
        pass
    table = build()
    try:
        write_json(path, table)
    except OSError as exc:
        log.warning("cache %s not written (%s): built again by each process", path, exc)
    return table


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` whole: into an owner-only file beside it (mode 0600, its folder made 0700
    when missing), then put in place by one rename, so a reader in another process never sees half of it.

    Raises:
        OSError: the folder or the file could not be written (nothing is left behind).
    """
    temporary: Path | None = None
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, prefix=path.stem, suffix=".tmp",
                                         delete=False) as f:  # mode 0600
            temporary = Path(f.name)
            json.dump(data, f, ensure_ascii=False)
        os.replace(temporary, path)
        temporary = None
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)
