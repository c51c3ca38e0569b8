"""The turn log under ``mask`` / ``drop``: a curated turn keeps its text masked and a hash of what was said.

Seed 001 §8.24 asks that a secret the policy refuses to keep is gone from
storage, not only from memory items: with ``GULFSTREAM_SENSITIVE_POLICY``
``mask`` or ``drop``, once a turn is curated (its items written under the
policy) its stored text is replaced by the text with each value the detector
finds shown as its label ("my PIN is [code]"), and its ``meta`` keeps the
SHA-256 of the original text (``TEXT_SHA_META``, hex). The turn id stays the
idempotency key: a redelivered identical turn matches that hash (a
duplicate), the same id with other text still conflicts (``same_turn_text``).

The text is kept until the turn is curated, so the curator reads what was
said (the policy applies to what it writes); a turn is never left pending
masked. Under ``keep`` nothing is rewritten.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from memory_core.model import Turn
from memory_core.pipeline.echo import echo_findings, prior_user_turns
from memory_core.pipeline.sensitive_detect import detect, mask
from memory_core.store.turn_text import TEXT_SHA_META, same_turn_text, text_sha256

if TYPE_CHECKING:
    from memory_core.store.turns import TurnLog

__all__ = ["TEXT_SHA_META", "same_turn_text", "scrub_curated", "scrubbed_turn", "text_sha256"]

def scrubbed_turn(turn: Turn, prior: Turn | None = None) -> tuple[str, dict[str, str]] | None:
    """(masked text, meta with ``TEXT_SHA_META``) for a turn holding a sensitive value; None when it holds none
    or was masked before. ``prior``: the user turn an assistant turn answers; the values of it the turn
    repeats, in either language, are masked too (``echo.echo_findings``: "Noted, no [health]!")."""
    if TEXT_SHA_META in turn.meta:
        return None
    found = detect(turn.text)
    if prior is not None:
        echoed = [e for e in echo_findings(turn.text, prior)
                  if not any(f.start < e.end and e.start < f.end for f in found)]
        found = sorted([*found, *echoed], key=lambda f: f.start)
    if not found:
        return None
    return mask(turn.text, found), {**turn.meta, TEXT_SHA_META: text_sha256(turn.text)}


def scrub_curated(store: TurnLog, user_id: str, turns: Sequence[Turn], priors: Mapping[int, Turn] | None = None) -> int:
    """Rewrite those of ``turns`` the user's applied mark has passed and that hold a sensitive value to their
    masked text (``scrubbed_turn``); return how many changed. ``priors``: ``{seq: user turn}`` an assistant
    turn answers (``echo.prior_user_turns``; by default read from ``turns`` themselves). Raises StoreError."""
    through = store.last_applied_seq(user_id)
    priors = prior_user_turns(turns) if priors is None else priors
    texts = {t.turn_id: found for t in turns if t.seq <= through and (found := scrubbed_turn(t, priors.get(t.seq)))}
    return store.rewrite_turns(user_id, texts) if texts else 0
