"""The memory an evaluation replays a corpus into: a fresh SQLite file, no lifecycle pass, a given embedder."""

from __future__ import annotations

from memory_core.embedding.base import Embedder
from memory_core.retrieval.recall import Recaller
from memory_core.service import Memory, mechanical_pipeline, open_memory
from memory_core.settings import Settings, load_settings

__all__ = ["replay_memory"]


def replay_memory(database_url: str, embedder: Embedder | None, *, slots_by_meaning: bool = False) -> Memory:
    """Open the memory a corpus is replayed into, as it was said: no maintenance pass between turns.

    Args:
        database_url: the SQLite file (``sqlite:///…``), migrated on open.
        embedder: recall by meaning with this embedder in place of the configured one; None: lexical only.
        slots_by_meaning: with an embedder, the write path reads slots by meaning as ``open_memory`` would
            (``service.mechanical_pipeline`` with the environment's settings).

    Raises:
        StoreError: the database could not be opened or migrated.
    """
    settings = Settings(database_url=database_url, maintain_every_turns=0, embedder="none")
    memory = open_memory(settings)
    if embedder is not None:
        memory.embedder = embedder
        memory.recaller = Recaller(memory.store, decay=settings.decay(), embedder=embedder)
        if slots_by_meaning:
            memory.pipeline = mechanical_pipeline(load_settings(), embedder)
    return memory
