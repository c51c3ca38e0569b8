"""An embedder that remembers every vector it made in a SQLite file (evaluations and re-indexing).

An evaluation embeds the same turns run after run; with this wrapper only
the first run pays the model. Vectors are keyed by the inner model id,
passage or query, and the text's BLAKE2b digest, so a cache file can be
shared by several models and is never read for another one.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from pathlib import Path

import numpy as np

from memory_core.embedding.base import Embedder

__all__ = ["DiskCachedEmbedder"]


class DiskCachedEmbedder(Embedder):
    """Wraps ``inner``; vectors already in ``path`` are read, the rest computed and written.

    Args:
        inner: the embedder that computes missing vectors.
        path: the SQLite file (created with its folder).

    Attributes:
        hits / misses: texts read from the file / computed.
    """

    def __init__(self, inner: Embedder, path: Path) -> None:
        self.inner = inner
        self.model_id = inner.model_id
        self.dim = inner.dim
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False)
        self._db.execute("CREATE TABLE IF NOT EXISTS vec (key TEXT PRIMARY KEY, v BLOB NOT NULL)")
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def _key(self, kind: str, text: str) -> str:
        digest = hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()
        return f"{self.model_id}|{kind}|{digest}"

    def _lookup(self, kind: str, texts: list[str]) -> tuple[np.ndarray, list[int]]:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        missing = []
        with self._lock:
            for i, text in enumerate(texts):
                row = self._db.execute("SELECT v FROM vec WHERE key = ?", (self._key(kind, text),)).fetchone()
                if row is None:
                    missing.append(i)
                else:
                    out[i] = np.frombuffer(row[0], dtype="<f4")
        self.hits += len(texts) - len(missing)
        self.misses += len(missing)
        return out, missing

    def _store(self, kind: str, texts: list[str], vectors: np.ndarray) -> None:
        with self._lock:
            self._db.executemany("INSERT OR REPLACE INTO vec VALUES (?, ?)",
                                 [(self._key(kind, t), np.asarray(v, dtype="<f4").tobytes())
                                  for t, v in zip(texts, vectors, strict=True)])
            self._db.commit()

    def _passages(self, texts: list[str]) -> np.ndarray:
        out, missing = self._lookup("p", texts)
        if missing:
            made = self.inner._passages([texts[i] for i in missing])
            out[missing] = made
            self._store("p", [texts[i] for i in missing], made)
        return out

    def _query(self, text: str) -> np.ndarray:
        out, missing = self._lookup("q", [text])
        if missing:
            out[0] = self.inner._query(text)
            self._store("q", [text], out)
        return out[0]

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()
