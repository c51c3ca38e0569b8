"""Passage vectors the write path computed, kept so that the embedding step stores them without a second pass.

The write path compares a new statement with the user's items by meaning
(``pipeline.meaning_hit``): it embeds their texts with the configured
embedder's ``embed_passages``, the same call the embedding step
(``embedding.sync.embed_user``) makes for what it stores. The vectors are
kept here by (model id, text), so the step that follows the apply reuses
them instead of running the model again on the same texts. Bounded (least
recently used out first) and thread-safe; one cache per process
(``PASSAGES``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from memory_core.embedding.base import Embedder

__all__ = ["PASSAGES", "PassageCache"]


class PassageCache:
    """Unit passage vectors by (model id, text), the least recently used dropped past ``size``.

    Args:
        size: texts kept at most (a vector of multilingual-e5-small is 384 floats, 1.5 KB).
    """

    def __init__(self, size: int = 8192) -> None:
        self.size = size
        self._vectors: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, model_id: str, text: str) -> np.ndarray | None:
        """The vector kept for ``text`` by the model ``model_id``, or None."""
        with self._lock:
            vector = self._vectors.get((model_id, text))
            if vector is not None:
                self._vectors.move_to_end((model_id, text))
            return vector

    def vectors(self, embedder: Embedder, texts: Sequence[str]) -> np.ndarray:
        """Unit passage vectors of ``texts``, shape (len(texts), dim): the kept ones, and the rest embedded in one
        ``embed_passages`` call and kept.

        Raises:
            EmbeddingError: the model failed.
        """
        if not texts:
            return np.zeros((0, 0))
        found: dict[str, np.ndarray] = {}
        for text in dict.fromkeys(texts):
            if (kept := self.get(embedder.model_id, text)) is not None:
                found[text] = kept
        missing = [t for t in dict.fromkeys(texts) if t not in found]
        if missing:
            rows = np.asarray(embedder.embed_passages(missing))
            with self._lock:
                for text, row in zip(missing, rows, strict=True):
                    found[text] = row
                    self._vectors[(embedder.model_id, text)] = row
                    self._vectors.move_to_end((embedder.model_id, text))
                while len(self._vectors) > self.size:
                    self._vectors.popitem(last=False)
        out = np.stack([np.asarray(found[t], dtype=np.float64) for t in texts])
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms == 0, 1.0, norms)


#: The process's cache: the write path fills it, ``embedding.sync.embed_user`` reads it.
PASSAGES = PassageCache()
