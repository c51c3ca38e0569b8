"""For a question about the user, what the user said comes before what an assistant or a tool said.

An assistant's turn restates the user in its own words, and may be wrong: "王阿姨，您之前说住在哈尔滨，那边冷吗？"
asked after she had moved, which she then corrected. It shares the question's words ("住在", "live") as well as
the user's own items do, so even at ``hybrid.EVIDENCE_FACTOR`` it ranked above the user's current fact. A question
about the user is answered by the user's own words first: the items the user did not say (trust other than
``user``) move after the user's own items of the short list, each group in its own order. They still come, after
them (an assistant's turn can hold what nothing else does), and a question about what the assistant said ("what
did you recommend?", 你上次推荐的那家店叫什么？) keeps the fused order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from memory_core.model import MemoryItem, Trust

__all__ = ["asks_assistant", "own_words_first"]

#: A question about what the assistant said or did: "did you …", "you said / told me / recommended …", "your
#: advice", and in Chinese 你(之前 / 上次 / 刚才)说 / 推荐 / 建议 / 提到 / 告诉 …, or naming the assistant.
_EN_ASSISTANT = re.compile(
    r"\b(?:did\s+you|have\s+you|you\s+(?:said|told|recommended|suggested|mentioned|proposed|gave|wrote|sent|"
    r"advised|thought|think|asked|promised|found|picked|chose)|your\s+(?:advice|suggestion|suggestions|"
    r"recommendation|recommendations|idea|answer|reply|plan|list)|assistant|chatbot|the\s+bot)\b", re.IGNORECASE)
_ZH_ASSISTANT = re.compile(r"你(?:之前|以前|上次|刚才|刚刚|那天|昨天)?(?:说|讲|推荐|建议|提到|提过|告诉|给|帮|写|发|问|"
                           r"觉得|认为|答应|找|选)|您(?:之前|上次|刚才)?(?:说|推荐|建议|提到)|助手|机器人")


def asks_assistant(query: str) -> bool:
    """True when ``query`` asks what the assistant said or did ("what did you recommend?", 你推荐的是哪本书？)."""
    return bool(_EN_ASSISTANT.search(query) or _ZH_ASSISTANT.search(query))


def own_words_first(query: str, items: Sequence[MemoryItem | None], order: np.ndarray,
                    scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (shape (n,) slots, best first) and its ``scores`` with the items the user did not say after the
    user's own, each group in its own order; unchanged for a question about the assistant (``asks_assistant``).

    Args:
        query: the question.
        items: the index's items by slot (None: a dead slot, never in ``order``).
        order: the short list's slots, best first.
        scores: shape (n,) their scores (moved with them).
    """
    if not order.shape[0]:
        return order, scores
    said_by_other = np.array([(i := items[j]) is not None and i.trust != Trust.USER for j in order.tolist()])
    if not said_by_other.any() or said_by_other.all() or asks_assistant(query):
        return order, scores
    moved = np.concatenate([np.flatnonzero(~said_by_other), np.flatnonzero(said_by_other)])
    return order[moved], scores[moved]
