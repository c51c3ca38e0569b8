"""Which active items end in a maintenance run: the expired and the faded (steps 3 and 4 of ``maintain``).

- **expiry**: an item whose ``valid_until`` has passed ends ``archived``
  ("expired"), unless it was already over when it was said (a record of the
  past, ``valid_until`` not after ``valid_from``);
- **decay**: an item whose strength (``decay``, seed 002 §4.2) is below
  ``Decay.archive_below`` ends ``archived`` ("faded"), unless it is still
  valid into the future or is *kept*: the current value of a single-valued
  slot (home, job, name, partner, a favourite: ``slots.single_valued_key``)
  or an identity fact, or a fact on the user's health that care depends
  on (an allergy, a medication, a diagnosed or chronic condition: a
  ``fact:allergy:`` / ``fact:medication:`` slot, or a text the sensitive
  detector reads as health; a cold or a headache is not one and fades).
  A current state a change set ("User switched to Apple Music", "用户不再喝咖啡":
  ``state_changed``) is kept too, as the value it replaced was.
  Those are who the user is now; they end when the user says something
  else (supersede) or an expiry passes, never by disuse alone (seed 001
  §8.18: identity facts barely decay; an allergy said once two years ago
  is as true, and as needed, as on the day it was said). Nor does
  decay archive the raw turn (event) of one of the last ``EVIDENCE_TURNS``
  source turns of an active memory item: it is that memory's evidence, and
  recall chooses one result per source turn over the turns it sees (an item
  whose every turn is shown by a better result is dropped, a raw turn stands
  beside the fact it produced unless the fact is sure). Archiving one of a
  fact's raw turns while the fact and its other turn stay changed that
  choice: the fact came back beside its other raw turn, or an older raw
  turn of the slot above it. At most ``EVIDENCE_TURNS`` per memory item, so
  the active set stays bounded however often a fact is restated. Nor the
  user's later words on an active memory item's topic, nor does a memory the
  user said again (a restatement, an added detail) count its days from the
  first telling (``topic_turns``). Nor an assistant's question the user
answered in a raw turn that stays (``answered``). Nor the raw turn of a value
since replaced, while the value that replaced it is active: recall finds the
current value through it (``old_turns``). Nor an assistant's turn a later user
turn refers to ("that app you suggested", ``referred``). Nor a user's raw turn that is the only
  record of a person, a date or a sensitive value it names, or of a statement
  of the user's the write path kept no item of (no active memory item derived
  from it; the latest ``EVIDENCE_TURNS`` per thing named, ``only_record``).
- **kept from both**: a user's raw turn telling a memorable happening of their life (a trip, a holiday spent
  somewhere, a move, an operation, a wedding, a birth, a death, a new job: ``memorable``) is neither faded
  nor expired at the end of its stay: no memory item stands for most of them, the turn is what recall finds
  them by years later, and the end of a stay "this week" (its week, or the day the user said the trip was
  over: ``memorable.stay_week``) says when the stay ended, not when the record of it may go (recall reads a
  passed ``valid_until`` as "ended": ``retrieval.provenance``). An expiry set on purpose is kept to. Small
  talk still fades. So is the raw turn that is the only record of a statement of the user's
  (``only_record.stated_records``) when the write path read it as a stay ("到北京了，住闺女家附近租的一居室，在朝阳区":
  a move it took for a trip): the end of the stay's week is no end of what it states.

A summary counts its days from when it was written (``decay.base_time``), and the
run that wrote it never archives it.

Days of disuse are counted on ``activity.IdleGaps`` when given (the user's
timeline, long absences counted short) and on the wall clock otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

import numpy as np

from memory_core.decay import Decay
from memory_core.lifecycle.activity import IdleGaps
from memory_core.lifecycle.answered import answered_questions
from memory_core.lifecycle.memorable import memorable, stay_week
from memory_core.lifecycle.old_turns import old_value_turns
from memory_core.lifecycle.only_record import only_records, stated_records
from memory_core.lifecycle.referred import referred_turns
from memory_core.lifecycle.topic_turns import EVIDENCE_TURNS, last_said, later_words, turn_times
from memory_core.model import Actor, Kind, MemoryItem, Status
from memory_core.pipeline.own_words import CHANGE
from memory_core.pipeline.sensitive_detect import detect
from memory_core.pipeline.slots import single_valued_key
from memory_core.pipeline.themes import theme_slug
from memory_core.store.write_ops import EndOp

__all__ = ["EVIDENCE_TURNS", "SAFETY_SLOTS", "ending_ops", "evidence_turns", "kept_from_decay", "safety_fact",
           "state_changed"]


def evidence_turns(active: Sequence[MemoryItem]) -> set[str]:
    """The last ``EVIDENCE_TURNS`` source turns of every active memory item (not an event or summary)."""
    kept: set[str] = set()
    for item in active:
        if item.kind not in (Kind.EVENT, Kind.SUMMARY) and item.status == Status.ACTIVE:
            kept.update(item.source[-EVIDENCE_TURNS:])
    return kept


SAFETY_SLOTS = ("fact:allergy:", "fact:medication:")  # value-keyed health slots care depends on


def kept_from_decay(item: MemoryItem) -> bool:
    """True for items decay never archives: a single-valued slot's current value, an identity fact,
    a safety-relevant health fact (``safety_fact``), a current state a change set (``state_changed``)."""
    if item.kind not in (Kind.FACT, Kind.PREFERENCE):
        return False  # events, todos, summaries: records and tasks fade
    return single_valued_key(item.key) or (item.kind == Kind.FACT and (
        theme_slug(item.theme) == "identity" or safety_fact(item))) or state_changed(item)


def state_changed(item: MemoryItem) -> bool:
    """True for a fact or preference that ends or switches a state ("User switched to Apple Music", "用户不再喝咖啡",
    "User quit smoking", "User no longer eats meat"): while it is active it is what holds now, the successor of
    the item it ended; archived by disuse, the recall of "does he still drink coffee?" would lose the answer and
    find only the old habit's raw turns. It ends when the user changes it again (supersede), as the value it
    replaced did (trial 14 finding 5). A plain dislike ("User doesn't like cilantro") is no change and fades."""
    return item.kind in (Kind.FACT, Kind.PREFERENCE) and item.status == Status.ACTIVE \
        and CHANGE.search(item.description) is not None


def safety_fact(item: MemoryItem) -> bool:
    """True for a fact on the user's health that care depends on: an allergy or a medication slot, or a
    description the sensitive detector reads as health (a diagnosis, a chronic condition, a drug, in
    English or Chinese: "User has asthma", "用户有癫痫"); a passing ailment ("User has a cold", "用户感冒了")
    is none. Cost: one ``detect`` call, so callers ask only about items that would otherwise fade."""
    key = item.key or ""
    if key.startswith(SAFETY_SLOTS):
        return True
    return any(f.category == "health" for f in detect(item.description))


def ending_ops(active: Sequence[MemoryItem], now: datetime, decay: Decay,
               gaps: IdleGaps | None = None, derived: Iterable[str] = (),
               summed_to: str | None = None, replaced: Sequence[MemoryItem] = ()) -> tuple[list[EndOp], list[EndOp]]:
    """Return (expire, fade) ops for ``active`` items at ``now`` (module docstring).

    Args:
        active: the user's active items.
        now: the run's time (aware).
        decay: strength parameters.
        gaps: the user's long absences; None counts wall-clock days.
        derived: source turns of the user's superseded items (``only_record.only_records``).
        summed_to: the last month summed up ("" none yet; None: no summaries), ``only_records``.
        replaced: the user's superseded items (``old_turns.old_value_turns``: their raw turns lead recall to the
            values that replaced them).
    """
    expire: list[EndOp] = []
    faded: list[EndOp] = []
    evidence = evidence_turns(active)
    stated = stated_records(active, derived)
    later = later_words(active) | only_records(active, derived, summed_to, now.astimezone(UTC).strftime("%Y-%m")) \
        | old_value_turns(active, replaced) | set(referred_turns(active, active).values())
    importance, rate, base, uses = decay.arrays(active)
    times = turn_times(active)
    base = np.array([last_said(i, times).timestamp() if i.kind not in (Kind.EVENT, Kind.SUMMARY) else b
                     for i, b in zip(active, base.tolist(), strict=True)], dtype=np.float64)
    now_s = now.timestamp()
    if gaps is not None and gaps.gaps:
        base = gaps.to_active(base)
        now_s = float(gaps.to_active(now_s))
    strengths = decay.strengths(importance, rate, base, uses, now_s)
    for item, value in zip(active, strengths.tolist(), strict=True):
        until = item.valid_until
        said = item.valid_from or item.created_at
        if item.kind == Kind.EVENT and (until is None or stay_week(item)) and (memorable(item) or item.id in stated):
            continue  # the record of a trip, a holiday, a move, a wedding, the only one of a statement: who the user is
        if until is not None and until <= now and until > said:
            expire.append(EndOp(item.id, Status.ARCHIVED, f"expired: valid until {until.isoformat()}",
                                Actor.SYSTEM, valid_until=until))
        elif until is not None and until > now:
            continue
        elif item.kind == Kind.SUMMARY and item.created_at >= now:
            continue  # written by this run (at its ``now``): a run never archives what it has just summed up
        elif value < decay.archive_below and not kept_from_decay(item) \
                and not (item.kind == Kind.EVENT and (evidence.intersection(item.source) or item.id in later)):
            faded.append(EndOp(item.id, Status.ARCHIVED,
                               f"faded: strength {value:.3f} below {decay.archive_below}", Actor.SYSTEM,
                               valid_until=item.valid_until or now))
    if faded:  # a question the user answered stays while the answer does (``answered``)
        asked = answered_questions(active, [op.item_id for op in (*expire, *faded)], now)
        faded = [op for op in faded if op.item_id not in asked]
    return expire, faded
