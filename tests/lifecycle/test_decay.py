"""Strength and decay (seed 002 §4.2) with an injected clock; pure logic."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from memory_core.errors import InvalidField
from memory_core.lifecycle import Decay, ManualClock, strength
from memory_core.model import Kind, MemoryItem
from memory_core.settings import load_settings

T0 = datetime(2025, 1, 1, tzinfo=UTC)


def _item(kind: str = Kind.EVENT, importance: float = 0.5, hit: int = 0, desc: str = "went hiking") -> MemoryItem:
    return MemoryItem.create("u1", desc, "moments", at=T0, kind=kind, importance=importance, hit=hit, valid_from=T0)


def test_strength_follows_the_seed_formula() -> None:
    item = _item(importance=0.6, hit=2)
    decay = Decay()
    ten_days = T0 + timedelta(days=10)
    rate = 0.1 * ((1 - 0.6) / 0.5) ** 3  # an event's λ scaled by its importance
    expected = 0.6 * math.exp(-rate * 10) + 0.05 * 2
    assert strength(item, ten_days, decay) == pytest.approx(expected)
    fact = _item(kind=Kind.FACT, importance=0.6, hit=2)  # other kinds: the kind's λ alone
    assert strength(fact, ten_days, decay) == pytest.approx(0.6 * math.exp(-0.002 * 10) + 0.05 * 2)


def test_an_important_event_outlasts_a_task_and_small_talk() -> None:
    decay, later = Decay(), T0 + timedelta(days=60)
    life, chatter = _item(importance=0.85), _item(importance=0.1)
    assert decay.rate_of(Kind.EVENT, 0.85) < decay.rate(Kind.EVENT) / 10 < decay.rate_of(Kind.EVENT, 0.1)
    assert strength(life, later, decay) > decay.archive_below > strength(chatter, T0 + timedelta(days=1), decay)
    assert decay.rate_of(Kind.EVENT, 0.5) == pytest.approx(decay.rate(Kind.EVENT))


def test_events_fade_fast_facts_barely() -> None:
    event, fact = _item(Kind.EVENT), _item(Kind.FACT, desc="User lives in Lisbon")
    month = T0 + timedelta(days=30)
    assert strength(event, month) < 0.05
    assert strength(fact, month) > 0.45


def test_use_restarts_decay_and_adds_strength() -> None:
    item = _item()
    later = T0 + timedelta(days=20)
    before = strength(item, later)
    item.hit_once(1, at=later - timedelta(days=1))
    assert item.last_used_at == later - timedelta(days=1)
    assert strength(item, later) > before + 0.3


def test_clock_backwards_counts_as_just_used() -> None:
    item = _item(importance=0.4)
    assert strength(item, T0 - timedelta(days=100)) == pytest.approx(0.4)
    item.hit_once(1, at=T0 + timedelta(days=5))
    item.hit_once(1, at=T0 + timedelta(days=1))  # an earlier use never moves last use back
    assert item.last_used_at == T0 + timedelta(days=5)


def test_bad_parameters_and_naive_times_are_refused() -> None:
    with pytest.raises(InvalidField):
        Decay(per_day={"event": -1.0})
    with pytest.raises(InvalidField):
        strength(_item(), datetime(2025, 1, 2))
    with pytest.raises(InvalidField):
        load_settings(decay_per_day={"event": float("inf")}).decay()


def test_settings_carry_the_parameters() -> None:
    decay = load_settings(decay_per_day={"event": 0.5}, archive_below=0.3).decay()
    assert decay.rate("event") == 0.5 and decay.archive_below == 0.3
    assert decay.rate("fact") == decay.default_per_day  # a kind left out of the mapping


def test_manual_clock() -> None:
    clock = ManualClock(T0)
    assert clock.advance(days=2) == T0 + timedelta(days=2)
    clock.set(T0 - timedelta(days=1))
    assert clock.now() < T0
    with pytest.raises(InvalidField):
        ManualClock(datetime(2025, 1, 1))
