"""Read-your-writes: wait until published turns are applied and their vectors stored.

One wait for every remote transport of the Memory API (``api_shim.api_client``: the distributed one asks
the workers for each turn's status, the HTTP one the shim's status route; both answer with
``turn_status``). Without the vectors a just-added item is missing from recall's dense ranking and
near-identical older items outrank it: a ``search`` right after its ``add`` missed it. An applied turn
whose answer says ``"embedded": False`` is therefore waited for, at most ``embed_wait_s`` (an embed
worker down delays an ``add``, never fails it); an answer without ``embedded`` (no embedder anywhere)
is not.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from memory_core.errors import NotApplied, TurnConflict

__all__ = ["EMBED_WAIT_S", "POLL_S", "wait_applied"]

#: Seconds an ``add`` waits, once its turns are applied, for their vectors (``embedded`` in the status):
#: past it the call returns (the new items are found lexically until the embed worker catches up).
EMBED_WAIT_S = 5.0
#: Seconds between two status reads.
POLL_S = 0.02


def wait_applied(status_of: Callable[[str], dict[str, Any]], turn_ids: list[str], timeout_s: float,
                 embed_wait_s: float = EMBED_WAIT_S) -> None:
    """Poll each turn's status (``status_of(turn id)``, a ``turn_status`` answer) until it is applied and,
    where the workers embed, its vectors are stored (at most ``embed_wait_s`` seconds for those).

    Raises:
        TurnConflict: a turn id was stored before with other text (the first text is kept).
        NotApplied: a turn was dead-lettered or refused, or not applied within ``timeout_s`` seconds.
    """
    deadline = time.monotonic() + timeout_s
    embed_deadline: float | None = None
    for turn_id in turn_ids:
        while True:
            status = status_of(turn_id)
            state = status.get("status")
            if state == "applied" and status.get("embedded") is False:
                embed_deadline = embed_deadline or time.monotonic() + embed_wait_s
                if time.monotonic() < min(embed_deadline, deadline):
                    time.sleep(POLL_S)
                    continue
            if state == "applied":
                break
            if state == "refused" and status.get("error_type") == "TurnConflict":
                raise TurnConflict(str(status.get("error") or f"turn {turn_id!r} was stored before with other text"))
            if state in ("dead_lettered", "refused"):
                why = status.get("error") or status.get("error_type") or ""
                raise NotApplied(f"turn {turn_id!r} was {state.replace('_', '-')}: {why}".rstrip(": "))
            if time.monotonic() > deadline:
                raise NotApplied(f"turn {turn_id!r} not applied within {timeout_s:.1f} s (status {state!r})")
            time.sleep(POLL_S)
