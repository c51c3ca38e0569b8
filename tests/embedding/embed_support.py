"""A deterministic bag-of-words embedder for the unit tests of recall by meaning."""

from __future__ import annotations

import numpy as np
from embed_server import bag_vector

from memory_core.embedding.base import Embedder, EmbeddingError

__all__ = ["BagEmbedder"]


class BagEmbedder(Embedder):
    """Hashed bag of words (pure logic: texts sharing words are similar); ``fail`` makes calls raise."""

    def __init__(self, dim: int = 64, model_id: str = "bag-test") -> None:
        self.dim = dim
        self.model_id = model_id
        self.fail = False
        self.passage_calls: list[list[str]] = []
        self.query_calls: list[str] = []

    def _passages(self, texts: list[str]) -> np.ndarray:
        if self.fail:
            raise EmbeddingError("scripted failure")
        self.passage_calls.append(list(texts))
        return np.stack([bag_vector(t, self.dim) + 1e-3 for t in texts])

    def _query(self, text: str) -> np.ndarray:
        if self.fail:
            raise EmbeddingError("scripted failure")
        self.query_calls.append(text)
        return bag_vector(text, self.dim) + 1e-3
