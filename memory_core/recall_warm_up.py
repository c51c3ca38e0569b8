"""A recall process's first recalls, made at its start, so no caller's first recall pays for them.

Much of what a recall reads is loaded on first use: the lexicons of the answer step (restriction topics,
allergens, the sensitive-question cues: regular expressions compiled once, ~0.4 s), the search tables
(``retrieval.warm_up``), the database connections. A recall worker that loaded them in its first recall took
0.7-1.5 s to answer it, and the shim, waiting 250 ms, answered from the database instead, ``degraded``
(new-user trial 34). ``warm_up_recall`` answers one recall in each language on a throwaway SQLite store, through the
same ``Memory.recall`` every caller uses, then one for a user nobody has on the process's own memory, which
opens its store's connections without reading or writing anyone's memory; its answer is handed to ``reply``
(the recall worker encodes it as the reply it would send), so that one recall also loads the reply's code.
The index that recall builds is dropped, and the recaller's build and restore counts are left as they were:
``recall_stats`` counts the builds of the users a worker holds, and the warm-up user is none of them.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from memory_core.model import MemoryItem
from memory_core.retrieval.recall import Recaller
from memory_core.store.write_ops import AddOp

if TYPE_CHECKING:
    from memory_core.service import Memory

__all__ = ["WARM_UP_USER", "warm_up_recall"]

#: The user the warm-up recalls for: the throwaway store's; on a real store it only reads (the shim's users are
#: ``tenant:user``, never this).
WARM_UP_USER = "gulfstream-warm-up"

_ITEMS = (("User loves jasmine tea and is allergic to peanuts", "taste"), ("用户住在杭州，在医院当护士", "life"),
          ("User moved to Porto last week", "places"))
_QUERIES = ("what does she drink, and what can't she eat?", "她住在哪里？以前在哪里工作？", "where did I use to live?")


def warm_up_recall(memory: Memory | None = None, reply: Callable[[Any], object] | None = None) -> float:
    """Answer the warm-up recalls (see the module docstring); return the seconds they took.

    Args:
        memory: the process's own memory, whose store connections the last recall opens (its cached index
            of ``WARM_UP_USER`` is dropped afterwards, its recaller's counts kept); None: only the throwaway
            store's recalls.
        reply: given the answer (a ``RecallResponse``) of that last recall, once; not called without ``memory``.
    """
    from memory_core.service import open_memory
    from memory_core.settings import load_settings

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gulfstream-warm-up-") as folder:
        scratch = open_memory(load_settings(database_url=f"sqlite:///{folder}/warm-up.sqlite3", embedder="none"))
        try:
            scratch.store.apply(WARM_UP_USER, [AddOp(MemoryItem.create(WARM_UP_USER, text, theme))
                                               for text, theme in _ITEMS])
            for query in _QUERIES:
                scratch.recall(WARM_UP_USER, query, k=3)
        finally:
            scratch.close()
    if memory is not None:
        recaller = memory.recaller
        counts = (recaller.build_count, recaller.restore_count) if isinstance(recaller, Recaller) else None
        try:
            answer = memory.recall(WARM_UP_USER, _QUERIES[0], k=3)
            if reply is not None:
                reply(answer)
        finally:
            recaller.invalidate(WARM_UP_USER)
            if counts is not None and isinstance(recaller, Recaller):  # the seam's protocol keeps no counts
                recaller.build_count, recaller.restore_count = counts
    return time.perf_counter() - started
