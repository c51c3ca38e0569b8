"""The behaviour suite with the lifecycle job between turns: does maintenance keep memory true?

``MaintainedBackend`` is ``behaviour.EmbeddedBackend`` with one change: it
ingests a case's turns one at a time and runs the full maintenance job
(``Memory.maintain``: summaries, consolidation, expiry, decay) for the
user after each, on the user's own timeline (the default
``decay_timeline="user"``: a case dated 2025 ages by its own dates). The
checks then judge the same observable state as without maintenance, so the
two runs' pass rates compare directly (``ops/bench/bench_behaviour_lifecycle.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from memory_core.eval.behaviour import EmbeddedBackend, to_turn
from memory_core.eval.behaviour_cases import CaseTurn

__all__ = ["MaintainedBackend"]


class MaintainedBackend(EmbeddedBackend):
    """``EmbeddedBackend`` that runs ``Memory.maintain`` after every ingested turn.

    Attributes:
        runs: maintenance runs so far; archived / summaries / merged / expired: what they did (items).
    """

    def __init__(self) -> None:
        super().__init__()
        self.runs = 0
        self.archived = self.summaries = self.merged = self.expired = 0

    def ingest(self, user_id: str, turns: Sequence[CaseTurn]) -> None:
        """Ingest each turn, then run the maintenance job for the user (the user's timeline)."""
        memory = self._mem()
        for turn in turns:
            memory.ingest([to_turn(user_id, turn)])
            for report in memory.maintain(user_id):
                self.runs += 1
                self.archived += report.archived
                self.summaries += report.summaries
                self.merged += report.merged
                self.expired += report.expired
