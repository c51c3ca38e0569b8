"""The dead_letters table against a real PostgreSQL (migration 0002)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from workers.deadletter import DeadLetters


@pytest.fixture
def letters(worker_db_url: str) -> Iterator[DeadLetters]:
    dl = DeadLetters(worker_db_url)
    yield dl
    dl.close()


def test_record_is_idempotent_by_turn(letters: DeadLetters) -> None:
    first = letters.record("u1", "t1", 3, "gulfstream.curate_user", ValueError("bad turn"), 1)
    again = letters.record("u1", "t1", 3, "gulfstream.curate_user", KeyError("worse"), 4)
    assert first == again
    (row,) = letters.list()
    assert (row.user_id, row.turn_id, row.seq, row.attempts, row.status) == ("u1", "t1", 3, 4, "dead")
    assert row.error_type == "KeyError" and "worse" in row.error


def test_list_filters_and_status_changes(letters: DeadLetters) -> None:
    a = letters.record("u1", "t1", 1, "gulfstream.curate_user", ValueError("x"), 1)
    b = letters.record("u2", "t9", 5, "gulfstream.curate_user", ValueError("y"), 1)
    assert [d.id for d in letters.list(user_id="u2")] == [b]
    assert letters.set_status(a, "dropped")
    assert [d.id for d in letters.list()] == [b]
    assert [d.id for d in letters.list(status=None)] == [a, b]
    assert not letters.set_status(999_999, "dropped")
    with pytest.raises(ValueError, match="status"):
        letters.set_status(a, "gone")
    # recording the turn again makes it dead again
    letters.record("u1", "t1", 1, "gulfstream.curate_user", ValueError("x"), 2)
    assert letters.get(a).status == "dead"  # type: ignore[union-attr]
    assert letters.erase_user("u1") == 1
    assert letters.get(a) is None
