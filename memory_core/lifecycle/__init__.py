"""Memory that ages: decay and strength, expiry, archiving, consolidation and summaries.

Seed 002 §3.3 and §4.2 (importance-based forgetting, episode compression into
summaries), seed 001 §8.17–8.18 (validity, decay). ``decay`` scores items,
``maintain.Maintainer`` runs the periodic per-user job, ``summaries`` writes
session and month summaries, ``clock`` lets tests and simulations inject time.
"""

from memory_core.decay import Decay, strength
from memory_core.lifecycle.clock import Clock, ManualClock, SystemClock

__all__ = ["Clock", "Decay", "ManualClock", "SystemClock", "strength"]
