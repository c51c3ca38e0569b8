"""Raw turns decay keeps beside a memory item: the later words on its topic, and when it was last said.

Two facts about a curated memory item that decay (``fading``) needs and the
item alone does not carry:

- **when the user last said it.** A restatement or an added detail appends
  the turn to the item's ``source`` and rewrites its text, but ``valid_from``
  stays the first telling (and ``updated_at`` is the time of the write, not of
  the turn). Decay counts days since last use (seed 002 §4.2); a memory the
  user brought up again is in use from that turn on. ``last_said`` takes the
  time of the item's latest source turn from that turn's raw-turn event.
- **what the user said on its topic afterwards.** The write path folds a
  later turn into an item when it sees a change, a restatement or a detail;
  when it does not ("I stopped playing WoW" after "Dan plays World of
  Warcraft most evenings"; 重新开始游泳了 after 游泳卡到期了就没续), the later
  raw turn is the only record of how that topic stands now. Events fade in
  days, facts in years: archiving that turn while the older item stays
  leaves recall a picture more out of date than before the job ran (the
  older value comes first). ``later_words`` names, for every active memory
  item, the latest ``EVIDENCE_TURNS`` user events said after it that share a
  content word with it (its speaker's name aside); decay keeps them. At most
  that many per item, so the active set stays bounded.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from memory_core.decay import base_time
from memory_core.model import Kind, MemoryItem
from memory_core.text.tokenize import tokenize

__all__ = ["EVIDENCE_TURNS", "last_said", "later_words", "memory_items", "turn_times"]

#: Raw turns kept from decay per active memory item, of each kind (its latest source turns; its later words).
EVIDENCE_TURNS = 2
_NOT_MEMORY = (Kind.EVENT, Kind.SUMMARY)


def memory_items(active: Sequence[MemoryItem]) -> list[MemoryItem]:
    """The curated memory items among ``active`` (not raw turns, not summaries)."""
    return [i for i in active if i.kind not in _NOT_MEMORY]


def turn_times(active: Sequence[MemoryItem]) -> dict[str, datetime]:
    """Turn id → its time, from the raw-turn events (an event's ``valid_from`` is its turn's timestamp)."""
    return {e.source[0]: base_time(e) for e in active if e.kind == Kind.EVENT and len(e.source) == 1}


def last_said(item: MemoryItem, turn_times: dict[str, datetime]) -> datetime:
    """When ``item`` was last said or used: its ``base_time`` or its latest source turn's time, the later."""
    base = base_time(item)
    for turn_id in reversed(item.source):
        at = turn_times.get(turn_id)
        if at is not None:
            return at if at > base else base
    return base


def _words(item: MemoryItem) -> set[str]:
    """Content words of an item's text, without its speaker's name (an event reads "Dan: …")."""
    text = item.description
    if item.speaker and text.startswith(item.speaker + ":"):
        text = text[len(item.speaker) + 1:]
    words = set(tokenize(text))
    if item.speaker:
        words -= set(tokenize(item.speaker))
    return {w for w in words if len(w) > 1 or not w.isascii()}


def later_words(active: Sequence[MemoryItem]) -> set[str]:
    """Ids of the events decay keeps as later words on an active memory item's topic (module docstring).

    Cost: an index of the events' words, each word's events in time order;
    per item, the last few events of each of its words (not items × events).
    """
    events = [e for e in active if e.kind == Kind.EVENT and e.speaker.casefold() not in ("assistant", "system")]
    if not events:
        return set()
    times = turn_times(active)
    by_word: dict[str, list[MemoryItem]] = {}
    for event in sorted(events, key=lambda e: (base_time(e), e.id)):
        for word in _words(event):
            by_word.setdefault(word, []).append(event)
    kept: set[str] = set()
    for item in memory_items(active):
        said = last_said(item, times)
        own = set(item.source)
        after: dict[str, MemoryItem] = {}
        for word in _words(item):
            found = 0
            for event in reversed(by_word.get(word, ())):  # newest first: at most EVIDENCE_TURNS of each word
                if base_time(event) <= said or found == EVIDENCE_TURNS:
                    break
                if not own.intersection(event.source):
                    after[event.id] = event
                    found += 1
        latest = sorted(after.values(), key=lambda e: (base_time(e), e.id))[-EVIDENCE_TURNS:]
        kept.update(e.id for e in latest)
    return kept
