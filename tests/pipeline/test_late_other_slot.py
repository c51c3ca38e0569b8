"""An older turn arriving after newer ones leaves the state the turns leave in time order, across slots."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory

# (turns as (said at, text), in time order; the indexes of the turns applied first)
STORIES = {
    "switch to Korean": ([("2026-01-05T10:00:00Z", "I have been learning Japanese on Duolingo for 2 months"),
                          ("2026-06-05T10:00:00Z", "改学韩语了，日语太难了哈哈")], [1]),
    "switch to Korean, zh": ([("2026-01-12T10:00:00Z", "我在学日语，已经两个月了"),
                              ("2026-05-10T10:00:00Z", "我改学韩语了，日语太难")], [1]),
    "mum moved in": ([("2025-12-20T10:00:00Z", "我妈妈住在成都"),
                      ("2026-07-15T10:00:00Z", "my mum moved in with us last week")], [1]),
    "stop before a restart": ([("2025-12-05T10:00:00Z", "I drink two lattes every day"),
                               ("2026-03-05T10:00:00Z", "I gave up coffee"),
                               ("2026-07-05T10:00:00Z", "咖啡又喝上了")], [0, 2]),
    "stop before a restart, zh": ([("2025-11-02T10:00:00Z", "我每天喝两杯拿铁"),
                                   ("2026-02-14T10:00:00Z", "咖啡戒了"),
                                   ("2026-06-20T10:00:00Z", "I'm drinking coffee again")], [0, 2]),
    "pets are many": ([("2026-01-10T10:00:00Z", "I have a dog named Bobo"),
                       ("2026-07-01T10:00:00Z", "we adopted a kitten named Mochi")], [1]),
    "another slot": ([("2026-01-10T10:00:00Z", "我是一名护士"), ("2026-07-01T10:00:00Z", "我上个月搬到杭州了")], [1]),
}


def _state(path: Path, turns: list[tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """Facts and preferences by description: (status, valid_until date), after ingesting ``turns`` in that order."""
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{path}")
    try:
        for at, text in turns:
            mem.add(text, user_id="u", timestamp=at)
        return {str(i["description"]): (str(i["status"]), str(i["valid_until"] or "")[:10])
                for i in mem._list("u", None) if i["kind"] != "event"}
    finally:
        mem.close()


@pytest.mark.parametrize("story", STORIES)
def test_late_turns_leave_the_state_of_time_order(tmp_path: Path, story: str) -> None:
    turns, first = STORIES[story]
    arrival = [turns[n] for n in first] + [t for n, t in enumerate(turns) if n not in first]
    in_order = _state(tmp_path / "a.db", turns)
    late = _state(tmp_path / "b.db", arrival)
    assert {d: s for d, (s, _) in late.items()} == {d: s for d, (s, _) in in_order.items()}, (in_order, late)


@pytest.mark.parametrize(("story", "old", "until"), [
    ("switch to Korean", "Japanese", "2026-06-05"),
    ("switch to Korean, zh", "在学日语", "2026-05-10"),
    ("mum moved in", "成都", "2026-07-"),
    ("stop before a restart", "lattes", "2026-03-05"),
    ("stop before a restart", "no longer", "2026-07-05"),
    ("stop before a restart, zh", "拿铁", "2026-02-14"),
])
def test_a_late_value_is_stored_ended_at_the_time_of_what_ended_it(tmp_path: Path, story: str, old: str,
                                                                   until: str) -> None:
    turns, first = STORIES[story]
    arrival = [turns[n] for n in first] + [t for n, t in enumerate(turns) if n not in first]
    late = _state(tmp_path / "b.db", arrival)
    ended = [(s, u) for d, (s, u) in late.items() if old in d]
    assert ended and all(s == "superseded" and u.startswith(until) for s, u in ended), late


@pytest.mark.parametrize(("story", "kept"), [("pets are many", ["Bobo", "Mochi"]), ("another slot", ["护士", "杭州"])])
def test_a_late_value_of_an_untouched_or_many_valued_slot_stays_current(tmp_path: Path, story: str,
                                                                       kept: list[str]) -> None:
    turns, first = STORIES[story]
    late = _state(tmp_path / "b.db", [turns[n] for n in first] + [t for n, t in enumerate(turns) if n not in first])
    for word in kept:
        assert any(word in d and s == "active" for d, (s, _) in late.items()), late
