"""The embedder seam: passages in batches, one query at a time, unit-length float32 vectors.

Every implementation returns L2-normalised vectors, so a dot product is the
cosine similarity. Text goes through ``prepare`` first, the same way for
every backend:

- NUL and other control characters become spaces (a C engine would stop at NUL);
- text longer than ``MAX_EMBED_CHARS`` keeps its first ``MAX_EMBED_CHARS``
  characters (an 8,000-character turn costs 4x a 2,000-character one and
  its head says what it is about), and at most ``MAX_EMBED_UNITS`` estimated
  tokens (one 512-token model window): a Han, kana or Hangul character or a
  combining mark is about one token, other characters about a quarter, so a
  2,000-character Chinese turn, or a word followed by thousands of combining
  accents, costs one window instead of four; runs of more than two combining
  marks on one base character are dropped (no script needs more, and each was
  a token of its own);
- empty or blank text is not sent: its vector is all zeros, which is similar
  to nothing (a dense ranking never returns it).

Emoji-only and mixed-script text is embedded as it is (e5's SentencePiece
vocabulary covers both).
"""

from __future__ import annotations

import re
import threading
import unicodedata
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable, Sequence

import numpy as np

from memory_core.errors import GulfstreamError

__all__ = ["EMBED_EXTRA", "MAX_EMBED_CHARS", "MAX_EMBED_UNITS", "Embedder", "EmbeddingError", "QueryCache", "prepare"]

#: The pip extra that installs the offline embedder.
EMBED_EXTRA = "semantic"
#: Characters of a text that are embedded; the rest is left out (see the module docstring).
MAX_EMBED_CHARS = 2000

#: Estimated tokens of a text that are embedded: one window of e5's 512 (less its two special tokens).
MAX_EMBED_UNITS = 510

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_WIDE = re.compile(r"[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002fa1f]")


def _one_window(text: str) -> str:
    """``text`` cut where its estimated token count passes ``MAX_EMBED_UNITS``, combining-mark runs cut to two."""
    out: list[str] = []
    units = 0.0
    marks = 0
    for ch in text:
        if unicodedata.combining(ch):
            marks += 1
            if marks > 2:
                continue
            units += 1.0
        else:
            marks = 0
            units += 1.0 if _WIDE.match(ch) else 0.25
        if units > MAX_EMBED_UNITS:
            break
        out.append(ch)
    return "".join(out)


class EmbeddingError(GulfstreamError):
    """Raised when an embedder cannot produce vectors (missing package, endpoint down, bad reply).

    Nothing is stored for the texts of a failed call; the caller retries later
    and recall meanwhile falls back to lexical search (``degraded``).
    """


def prepare(text: str) -> str:
    """Return ``text`` as it is sent to a model: control characters spaced, cut at ``MAX_EMBED_CHARS`` characters
    and ``MAX_EMBED_UNITS`` estimated tokens, combining-mark runs shortened, stripped.

    Raises:
        TypeError: ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise TypeError(f"only strings are embedded; got {type(text).__name__}")
    return _one_window(_CONTROL.sub(" ", text[:MAX_EMBED_CHARS])).strip()


class Embedder(ABC):
    """Turns texts into unit-length float32 vectors of one model.

    Subclasses implement ``_passages`` and ``_query`` for non-empty prepared
    texts; the public methods prepare the input and give blank texts a zero vector.

    Attributes:
        model_id: names the model and its variant; vectors of different ids are never mixed.
        dim: vector length.
    """

    model_id: str
    dim: int
    #: Lexical coverage (0..1) at or above which recall may take ``embed_query_coarse``
    #: (a cheaper, less exact query vector); above 1: never (the default).
    coarse_from: float = 2.0
    #: True when ``embed_passages_coarse`` is a cheaper path than ``embed_passages`` (the static table's).
    coarse_passages: bool = False

    def embed_passages(self, texts: Sequence[str], batch_size: int = 32) -> np.ndarray:
        """Embed stored texts (turns, items).

        Args:
            texts: any strings; blank ones get zero rows.
            batch_size: texts per model call.

        Returns:
            Shape (len(texts), dim) float32, rows unit length (zero for blank texts).

        Raises:
            EmbeddingError: the model failed.
        """
        return self._embed_all(texts, batch_size, self._passages)

    def embed_passages_coarse(self, texts: Sequence[str], batch_size: int = 32) -> np.ndarray:
        """Like ``embed_passages``, by a cheaper, less exact path where the embedder has one
        (``coarse_passages``; default: the same vectors). Raises EmbeddingError."""
        return self._embed_all(texts, batch_size, self._passages_coarse)

    def _embed_all(self, texts: Sequence[str], batch_size: int, how: Callable[[list[str]], np.ndarray]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        ready = [(i, prepare(t)) for i, t in enumerate(texts)]
        ready = [(i, t) for i, t in ready if t]
        for start in range(0, len(ready), max(1, batch_size)):
            chunk = ready[start:start + max(1, batch_size)]
            out[[i for i, _ in chunk]] = _unit(how([t for _, t in chunk]), self.dim)
        return out

    def _passages_coarse(self, texts: list[str]) -> np.ndarray:
        """Shape (len(texts), dim) cheaper vectors of non-empty prepared passages; default ``_passages``."""
        return self._passages(texts)

    def embed_query(self, text: str) -> np.ndarray:
        """Embed one query. Returns shape (dim,) float32, unit length (zeros for blank text).

        Raises:
            EmbeddingError: the model failed.
        """
        return self._embed_one(text, self._query)

    def embed_query_coarse(self, text: str) -> np.ndarray:
        """Like ``embed_query``, by a cheaper path where the embedder has one (default: the same vector).

        Raises:
            EmbeddingError: the model failed.
        """
        return self._embed_one(text, self._query_coarse)

    def _embed_one(self, text: str, how: Callable[[str], np.ndarray]) -> np.ndarray:
        """Shape (dim,) unit vector of ``text`` prepared and embedded by ``how`` (zeros for blank text)."""
        ready = prepare(text)
        if not ready:
            return np.zeros(self.dim, dtype=np.float32)
        return _unit(how(ready)[None, :], self.dim)[0]

    def _query_coarse(self, text: str) -> np.ndarray:
        """Shape (dim,) cheaper vector of a non-empty prepared query; default ``_query``. Raises EmbeddingError."""
        return self._query(text)

    def warm_up(self) -> None:
        """Load the model now (a long-lived process calls it at start-up)."""
        self.embed_query("warm up")

    @abstractmethod
    def _passages(self, texts: list[str]) -> np.ndarray:
        """Shape (len(texts), dim) vectors of non-empty prepared passages. Raises EmbeddingError."""

    @abstractmethod
    def _query(self, text: str) -> np.ndarray:
        """Shape (dim,) vector of a non-empty prepared query. Raises EmbeddingError."""


def _unit(vectors: np.ndarray, dim: int) -> np.ndarray:
    """Check the shape, then scale rows to unit length (float32). Raises EmbeddingError on a bad shape or NaN."""
    arr = np.asarray(vectors, dtype=np.float32)
    if arr.ndim != 2 or arr.shape[1] != dim:
        raise EmbeddingError(f"the embedder returned vectors of shape {arr.shape}; expected (n, {dim})")
    if not np.isfinite(arr).all():
        raise EmbeddingError("the embedder returned non-finite values")
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    return np.divide(arr, norms, out=np.zeros_like(arr), where=norms > 0)


class QueryCache:
    """Query vectors of recent query texts, least recently used dropped first (thread-safe).

    A chat backend often recalls for the same message more than once (a
    retry, the context builder and a tool call); the model call is then paid once.

    Args:
        embedder: computes the vectors missing from the cache.
        size: query texts kept (>= 1).

    Attributes:
        hits / misses: counts since creation.
    """

    def __init__(self, embedder: Embedder, size: int = 4096) -> None:
        self.embedder = embedder
        self.size = max(1, size)
        self.hits = 0
        self.misses = 0
        self._values: OrderedDict[tuple[bool, str], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, text: str, coarse: bool = False) -> np.ndarray:
        """Shape (dim,) float32 query vector of ``text`` (read-only); ``coarse``: ``embed_query_coarse``'s.

        Raises:
            EmbeddingError: the model failed.
        """
        key = (coarse, text)
        with self._lock:
            vector = self._values.get(key)
            if vector is not None:
                self._values.move_to_end(key)
                self.hits += 1
                return vector
        vector = self.embedder.embed_query_coarse(text) if coarse else self.embedder.embed_query(text)
        vector.flags.writeable = False
        with self._lock:
            self.misses += 1
            self._values[key] = vector
            while len(self._values) > self.size:
                self._values.popitem(last=False)
        return vector
