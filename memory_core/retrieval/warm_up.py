"""A process's first search, done at its start: the tables a first query reads, loaded once (``hybrid``)."""

from __future__ import annotations

from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.verb_heads import single_character_verbs

__all__ = ["warm_up_search"]


def warm_up_search() -> None:
    """Search a two-item index once in each language, loading what a first query loads (a process's start).

    The category, synonym and time-cue tables are read on the first query that
    needs them: 0.3 s of a 100,000-item user's first recall from its snapshot
    in a fresh recall worker was the categories file.
    """
    from memory_core.model import MemoryItem
    from memory_core.text.glossary import en_to_zh
    from memory_core.text.synonyms import synonym_aliases

    synonym_aliases()
    en_to_zh("warm")  # the dictionary, read once
    single_character_verbs()
    index = HybridIndex.build([MemoryItem.create("warm-up", "I play tennis and drink coffee (GRE) last week", "life"),
                               MemoryItem.create("warm-up", "我上周喜欢打网球和喝咖啡", "生活")])
    for query in ("what sports do I play last week", "我上周喜欢什么运动"):
        index.search(query, 2)
