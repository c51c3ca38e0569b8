"""The tokenizer's old import path: it lives in ``memory_core.text.tokenize`` (shared with the write path)."""

from __future__ import annotations

from memory_core.text.tokenize import HMM_MAX_RUN, add_user_words, tokenize, warm_up

__all__ = ["HMM_MAX_RUN", "add_user_words", "tokenize", "warm_up"]
