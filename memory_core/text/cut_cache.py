"""jieba's cuts of Chinese runs, kept in the user's cache folder so a one-shot command need not load jieba.

Loading jieba's dictionary costs about 1.6 s of CPU per process (a 9 MB marshal), more than the rest of a
``gulfstream recall`` on a small store. The runs a store's items and the shipped lexicons hold repeat from one
command to the next, so each process records the cuts it made and the next one reads them back: when every run
it meets was cut before, jieba is never loaded.

A file belongs to one tokenizer: its name carries a digest of everything a cut depends on (jieba's files, the
source of ``memory_core.text.tokenize`` with its added and dropped words, the words added at run time), so a
change to any of them is another file and a cut is never read after what made it changed. Files are JSON
(``{run: [word, ...]}``, run keyed with its HMM flag), written beside and put in place whole; a missing, unreadable
or malformed file counts as empty, and a read-only home only means each process cuts for itself.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import logging
import threading
from pathlib import Path

from memory_core.user_cache import cache_folder, write_json

__all__ = ["KEPT", "digest", "lookup", "remember", "save"]

log = logging.getLogger(__name__)

#: At most this many cuts are kept in a file (a store's items and the lexicons hold a few thousand runs).
KEPT = 50_000

_lock = threading.Lock()
_known: dict[str, dict[str, list[str]]] = {}  # digest -> cuts read from its file and made here
_new: dict[str, dict[str, list[str]]] = {}  # digest -> cuts made by this process, not yet saved
_hooked = False


def digest(*parts: object) -> str:
    """A short digest of ``parts`` (their ``repr``): the name of the file the cuts they make are kept in."""
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()[:16]


def _path(key: str) -> Path:
    return cache_folder() / f"jieba-cuts-{key}.json"


def _read(key: str) -> dict[str, list[str]]:
    try:
        loaded = json.loads(_path(key).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(loaded, dict):
        return {}
    return {k: v for k, v in loaded.items() if isinstance(k, str) and isinstance(v, list)}


def lookup(key: str, run: str, hmm: bool) -> tuple[str, ...] | None:
    """jieba's words for ``run`` (cut with ``hmm``) by the tokenizer ``key`` names, or None: never cut before."""
    known = _known.get(key)
    if known is None:
        with _lock:
            known = _known.get(key)
            if known is None:
                known = _known[key] = _read(key)
    words = known.get(f"{int(hmm)}{run}")
    return None if words is None else tuple(words)


def remember(key: str, run: str, hmm: bool, words: tuple[str, ...]) -> None:
    """Record the cut jieba made, for this process and (``save``, at exit) the next ones."""
    global _hooked
    entry = f"{int(hmm)}{run}"
    with _lock:
        known = _known.setdefault(key, {})
        if len(known) >= KEPT:
            return
        known[entry] = list(words)
        _new.setdefault(key, {})[entry] = list(words)
        if not _hooked:
            atexit.register(save)
            _hooked = True


def save() -> int:
    """Merge this process's new cuts into their files (others' cuts kept); return how many were written.

    Failing to write (a read-only home) is logged and otherwise ignored: the cuts are only a shortcut.
    """
    written = 0
    with _lock:
        pending = {key: cuts for key, cuts in _new.items() if cuts}
        _new.clear()
    for key, cuts in pending.items():
        merged = _read(key)
        merged.update(cuts)
        if len(merged) > KEPT:
            merged = dict(list(merged.items())[-KEPT:])
        path = _path(key)
        try:
            write_json(path, merged)
            written += len(cuts)
        except OSError as exc:
            log.info("jieba cuts not kept in %s (%s): the next process cuts again", path, exc)
    return written
