"""What a recall returns: the ranked items and their packed context block.

Its own module so that the ``Memory`` service and the mixins it is built from
(``session.calls``, ``lifecycle.calls``) share the type without importing
each other; ``memory_core.service`` re-exports it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from memory_core.context import ContextBlock
from memory_core.retrieval.index import RecallResult

__all__ = ["RecallResponse"]


@dataclass(slots=True)
class RecallResponse:
    """What a recall returns.

    Attributes:
        results: ranked items, best first (at most k).
        context: the results packed into a context block within the token budget.
        timings_ms: "recall" (index + search) and "context" (packing), in ms.
        degraded: True when an answer came from a fallback path (e.g. the recall
            worker did not answer in time); ``reason`` says which.
    """

    results: list[RecallResult]
    context: ContextBlock
    timings_ms: dict[str, float] = field(default_factory=dict)
    degraded: bool = False
    reason: str = ""
