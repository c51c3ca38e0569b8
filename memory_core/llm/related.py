"""The curation agent's related-item lookup: per-user BM25 over active non-event items, kept across turns.

The agent starts from the user's items related to the turn (and
``read_memories(query)`` searches the same set). The service's ``Recaller``
would do, but it indexes everything recall needs (items of every indexed
status, events, and the user's turns for the turn-window signal) and rebuilds
all of it whenever the user's memory version changes, which every applied
turn does (its event item is new). ``RelatedItems`` keeps per user only what
the agent may see, the active items that are not events, and keeps it across
turns::

    memory version unchanged          -> the cached index, one version read
    changed, same indexed texts       -> fresh items (hits, times) on the cached BM25
    changed, texts added or changed   -> BM25 rebuilt from cached token lists;
                                         only new or changed texts are tokenized

An event-only turn therefore costs one version read and one fetch of the
user's active items without history; no tokenizing, no BM25 build. Scoring is
``RecallIndex``'s: BM25 times the recency and hit multiplier, only items that
share a term with the query. Chinese text is cut with the user's own names
kept whole, as in recall (``learn_lexicon``); a change of those names
re-tokenizes the user's texts once.

When the version cannot be trusted to move on every change, the entry is
re-read: a turn whose ``seq`` is not past the last one seen for the user (a retried turn, or
turns numbered again after an erasure, whose version counter may restart on
SQLite) re-reads the items.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

from memory_core.model import Kind, MemoryItem, Status
from memory_core.retrieval.bm25 import BM25Index
from memory_core.retrieval.entities import extract_entities, learn_lexicon
from memory_core.retrieval.index import RecallFilters, RecallIndex, RecallResult
from memory_core.retrieval.user_cache import UserCache
from memory_core.store.lookup import IndexReads
from memory_core.text.tokenize import tokenize
from memory_core.validation import MAX_TEXT_CHARS

__all__ = ["RELATED_KINDS", "RelatedItems"]

RELATED_KINDS: tuple[str, ...] = tuple(k.value for k in Kind if k != Kind.EVENT)
"""Kinds the agent is shown: every kind but the per-turn events."""

_FILTERS = RecallFilters(statuses=(Status.ACTIVE,))


def _text(item: MemoryItem) -> str:
    """What is indexed of an item: description, theme and speaker, as ``RecallIndex.build`` does."""
    return " ".join(p for p in (item.description, item.theme, item.speaker) if p)


@dataclass(slots=True)
class _Entry:
    """One user's index and what it was built from.

    Attributes:
        version: the store's memory version the items were read at (None: unknown, always re-read).
        seq: the last turn seq the entry served (0: none).
        texts: indexed text per item id, in index order.
        index: BM25 over ``texts``, items fresh from the last read.
        names: names found in each description (for the lexicon).
        tokens: token list per indexed text, under ``index.lexicon``.
    """

    version: str | None
    seq: int
    texts: dict[str, str]
    index: RecallIndex
    names: dict[str, list[str]] = field(default_factory=dict)
    tokens: dict[str, list[str]] = field(default_factory=dict)


class RelatedItems:
    """Related-item search for many users over one store, with a per-user index kept across turns.

    Args:
        max_users: users whose index is kept (>= 1), least recently used dropped first.

    Attributes:
        reads: item reads from the store so far (version unchanged costs none).
        builds: BM25 builds so far (new or changed texts, or a first read).
    """

    def __init__(self, max_users: int = 1024) -> None:
        self.max_users = max_users
        self.reads = 0
        self.builds = 0
        self._cache: UserCache[_Entry] = UserCache(max_users)
        self._lock = threading.Lock()  # guards each entry's seq

    def index(self, store: IndexReads, user_id: str, seq: int = 0) -> RecallIndex:
        """Return the user's index of active non-event items, brought up to date with ``store``.

        Args:
            store: the user's store: its ``memory_version`` says whether the index is
                fresh, ``list_items_for_index`` (items without history) refills it.
            user_id: whose items.
            seq: the seq of the turn being planned, or 0. A seq not past the last
                one seen re-reads the items whatever the version says.

        Returns:
            A ``RecallIndex`` (shared: do not change its items; ``search`` returns copies).

        Raises:
            StoreError: the store failed.
        """
        version = store.memory_version(user_id)
        entry = self._cache.get(user_id)
        with self._lock:
            if entry is not None:
                fresh = version is not None and entry.version == version and (seq <= 0 or seq > entry.seq)
                if seq > 0:
                    entry.seq = max(entry.seq, seq)
                if fresh:
                    return entry.index
        entry = self._refresh(entry, self._read(store, user_id), version, seq)
        self._cache.put(user_id, entry)
        return entry.index

    def search(self, index: RecallIndex, query: str, k: int) -> list[RecallResult]:
        """Return up to ``k`` items of ``index`` sharing a term with ``query``, best first (copies).

        ``query`` is cut to ``MAX_TEXT_CHARS`` characters.
        """
        return index.search(query[:MAX_TEXT_CHARS], k, _FILTERS)

    def invalidate(self, user_id: str) -> None:
        """Drop the user's index (the next ``index`` call reads the store)."""
        self._cache.pop(user_id)

    def clear(self) -> None:
        """Drop every user's index."""
        self._cache.clear()

    def _read(self, store: IndexReads, user_id: str) -> list[MemoryItem]:
        items = store.list_items_for_index(user_id, (Status.ACTIVE,))
        self.reads += 1
        return [i for i in items if i.kind in RELATED_KINDS and i.status == Status.ACTIVE]

    def _refresh(self, old: _Entry | None, items: Sequence[MemoryItem], version: str | None, seq: int) -> _Entry:
        """Index ``items``, reusing what ``old`` already tokenized; the BM25 too when no text changed."""
        texts = {i.id: _text(i) for i in items}
        old_names = old.names if old is not None else {}
        names = {d: old_names[d] if d in old_names else extract_entities(d) for d in (i.description for i in items)}
        lexicon = learn_lexicon([n for found in names.values() for n in found] + [i.speaker for i in items])
        last_seq = max(seq, old.seq if old is not None else 0)
        if old is not None and list(old.texts.items()) == list(texts.items()) and old.index.lexicon == lexicon:
            return _Entry(version, last_seq, texts, RecallIndex(items, old.index.bm25, lexicon), names, old.tokens)
        reuse = old.tokens if old is not None and old.index.lexicon == lexicon else {}
        tokens = {t: reuse[t] if t in reuse else tokenize(t, lexicon) for t in texts.values()}
        self.builds += 1
        bm25 = BM25Index([tokens[t] for t in texts.values()])
        return _Entry(version, last_seq, texts, RecallIndex(items, bm25, lexicon), names, tokens)
