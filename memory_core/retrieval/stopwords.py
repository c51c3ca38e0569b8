"""The stopwords' old import path: they live in ``memory_core.text.stopwords`` (shared with the write path)."""

from __future__ import annotations

from memory_core.text.stopwords import CHINESE_STOPWORDS, ENGLISH_STOPWORDS

__all__ = ["CHINESE_STOPWORDS", "ENGLISH_STOPWORDS"]
