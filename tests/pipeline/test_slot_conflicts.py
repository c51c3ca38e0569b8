"""``gulfstream check`` flags a single-valued slot holding two active values, whatever key each was said with."""

from __future__ import annotations

from types import SimpleNamespace

from memory_core.pipeline.slots import slot_conflicts


def _item(key: str, text: str, status: str = "active") -> SimpleNamespace:
    return SimpleNamespace(key=key, status=status, description=text, id=text[-8:])


def test_two_values_of_one_slot_are_flagged_also_when_one_is_in_the_users_own_words() -> None:
    lines = slot_conflicts([_item("fact:lives_in", "User lives in Oslo"), _item("gist:lives_in", "我现在在杭州了")])
    assert len(lines) == 1 and lines[0].startswith("fact:lives_in has 2 active values")


def test_same_key_values_are_flagged_and_a_speakers_own_slot_apart() -> None:
    lines = slot_conflicts([_item("fact:works_at", "User works at Adobe"), _item("fact:works_at", "User works at Grab"),
                            _item("gist:works_at@ann", "Ann is at Oracle")])
    assert len(lines) == 1 and "Adobe" in lines[0] and "Oracle" not in lines[0]


def test_ended_many_valued_and_thing_keyed_values_are_not_flagged() -> None:
    assert slot_conflicts([
        _item("fact:lives_in", "User lives in Oslo"), _item("fact:lives_in", "User lives in Paris", "superseded"),
        _item("fact:pet:dog", "User has a dog named Bobo"), _item("fact:pet:cat", "User has a cat named Mochi"),
        _item("gist:googl", "I'm still at Google, it's fine"),
    ]) == []
