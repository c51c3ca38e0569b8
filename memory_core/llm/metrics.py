"""Token use, latency and failure counters of the LLM path.

One ``LLMMetrics`` object is built where the agents are built (``open_memory``,
a worker's bootstrap, the eval) and handed to every agent; nothing here is
global. Each model call is recorded with its stage ("extract", "curate",
"recall"), tokens in and out, and latency; calls made while a turn is open
(``with metrics.turn(turn_id):``) are also summed for that turn, and the
turn's total is logged when it closes. Counters count failures and fallbacks
by name ("recall.fallback", "extract.malformed", ...). ``snapshot()`` gives
plain dicts for logs, a metrics endpoint or the eval's JSON output.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["CallRecord", "LLMMetrics", "TurnUsage"]

log = logging.getLogger(__name__)


@dataclass(slots=True, frozen=True)
class CallRecord:
    """One model call.

    Attributes:
        stage: which agent called ("extract", "curate", "recall").
        input_tokens / output_tokens: as reported by the endpoint (0 if it reports none).
        latency_ms: wall time of the HTTP round trip including client retries (ms).
        ok: False when the call raised (timeout, HTTP error).
        turn_id: the turn being written, or None for recall.
    """

    stage: str
    input_tokens: int
    output_tokens: int
    latency_ms: float
    ok: bool = True
    turn_id: str | None = None


@dataclass(slots=True)
class TurnUsage:
    """Model use summed over one turn of the write path.

    Attributes:
        turn_id: the turn.
        calls: model calls made for it.
        input_tokens / output_tokens: summed tokens.
        latency_ms: summed call latency (ms).
    """

    turn_id: str
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    latency_ms: float = 0.0


@dataclass
class LLMMetrics:
    """Thread-safe recorder of model calls, per-turn usage and named counters.

    Attributes:
        keep_calls: how many recent ``CallRecord`` objects to keep (older ones
            only count in the totals).
        calls: the most recent call records, oldest first.
        turns: usage of the most recent turns, oldest first (at most ``keep_calls``).
        counters: named counts ("recall.fallback", "extract.malformed", ...).
    """

    keep_calls: int = 1000
    calls: list[CallRecord] = field(default_factory=list)
    turns: list[TurnUsage] = field(default_factory=list)
    counters: Counter[str] = field(default_factory=Counter)
    _totals: dict[str, dict[str, float]] = field(default_factory=dict)
    _open: dict[int, TurnUsage] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def record_call(self, record: CallRecord) -> None:
        """Add one call to the totals of its stage and to the open turn of this thread, if any."""
        with self._lock:
            self.calls.append(record)
            del self.calls[: -self.keep_calls]
            total = self._totals.setdefault(record.stage, {"calls": 0, "failed": 0, "input_tokens": 0,
                                                           "output_tokens": 0, "latency_ms": 0.0})
            total["calls"] += 1
            total["failed"] += 0 if record.ok else 1
            total["input_tokens"] += record.input_tokens
            total["output_tokens"] += record.output_tokens
            total["latency_ms"] += record.latency_ms
            usage = self._open.get(threading.get_ident())
            if usage is not None:
                usage.calls += 1
                usage.input_tokens += record.input_tokens
                usage.output_tokens += record.output_tokens
                usage.latency_ms += record.latency_ms
        log.debug("llm call %s: in=%d out=%d %.1f ms ok=%s", record.stage, record.input_tokens,
                  record.output_tokens, record.latency_ms, record.ok)

    def count(self, name: str, n: int = 1) -> None:
        """Raise the counter ``name`` by ``n``."""
        with self._lock:
            self.counters[name] += n

    @contextmanager
    def turn(self, turn_id: str) -> Iterator[TurnUsage]:
        """Sum the calls this thread makes inside the block into one ``TurnUsage``; log it at the end."""
        usage = TurnUsage(turn_id)
        key = threading.get_ident()
        with self._lock:
            outer = self._open.get(key)
            self._open[key] = usage
        try:
            yield usage
        finally:
            with self._lock:
                if outer is None:
                    self._open.pop(key, None)
                else:
                    self._open[key] = outer
                self.turns.append(usage)
                del self.turns[: -self.keep_calls]
            log.info("llm turn %s: %d call(s), tokens in=%d out=%d, %.1f ms", turn_id, usage.calls,
                     usage.input_tokens, usage.output_tokens, usage.latency_ms)

    def snapshot(self) -> dict[str, Any]:
        """Return totals per stage, counters and the last turn's usage as plain JSON-ready dicts.

        Returns:
            {"stages": {stage: {"calls", "failed", "input_tokens", "output_tokens",
            "latency_ms"}}, "counters": {name: n}, "turns": n, "last_turn": {...} | None}
        """
        with self._lock:
            return {
                "stages": {k: dict(v) for k, v in self._totals.items()},
                "counters": dict(self.counters),
                "turns": len(self.turns),
                "last_turn": asdict(self.turns[-1]) if self.turns else None,
            }
