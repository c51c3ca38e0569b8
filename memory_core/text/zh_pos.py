"""Chinese words with their part-of-speech tags (jieba.posseg), quiet, cached in the user's folder.

jieba's global tokenizer (the one ``jieba.posseg`` tags with) logs "Building prefix dict…"
to stderr when it first loads and keeps its parsed dictionary in the shared temporary folder.
Every rule that tags Chinese words goes through ``pos_cut`` so the first one to run sets both:
no log line on any command's stderr, and the dictionary cache in ``user_cache.cache_folder()``.
The tags are jieba's ICTCLAS set (``n`` noun, ``ns`` place, ``nr`` person, ``v`` verb, …).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from typing import Any

from memory_core.user_cache import cache_folder

__all__ = ["pos_cut", "quiet_jieba"]

_ready = False
_lock = threading.Lock()


def quiet_jieba(tokenizer: Any) -> None:
    """Silence jieba's logger and point ``tokenizer``'s dictionary cache at the user's cache folder.

    Call before ``tokenizer`` first loads its dictionary; the folder is made when it can be (when it
    cannot, jieba builds the dictionary without a cache and says so in a warning).
    """
    import jieba

    jieba.setLogLevel(logging.WARNING)
    folder = cache_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    tokenizer.tmp_dir = str(folder)


def pos_cut(text: str) -> Iterator[Any]:
    """jieba.posseg's ``pair`` objects (``.word``, ``.flag``) of ``text``, in order.

    The global tokenizer is set up once per process (``quiet_jieba``) before its first use.
    """
    global _ready
    import jieba
    import jieba.posseg as posseg

    if not _ready:
        with _lock:
            if not _ready:
                quiet_jieba(jieba.dt)
                _ready = True
    return iter(posseg.cut(text))
