"""A late, older turn never revises away a detail said after it (issue 13: turns' own times decide)."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.model import MemoryItem, Revision, Turn
from memory_core.pipeline.late_detail import last_said, settle_late_details, words
from memory_core.store.write_ops import AddOp, EndOp, HitOp, UpdateOp


def _facts(mem: EmbeddedMemory, status: str) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == status]


CAT_ZH = [("2026-03-04T10:00:00Z", "我的猫今年4岁了。"), ("2026-03-10T10:00:00Z", "我的猫今年10岁了。"),
          ("2026-03-06T10:00:00Z", "我的猫今年6岁了。"), ("2026-03-02T10:00:00Z", "我的猫今年2岁了。")]
CAT_EN = [("2026-03-04T10:00:00Z", "My cat is 4 years old."), ("2026-03-10T10:00:00Z", "My cat is 10 years old."),
          ("2026-03-06T10:00:00Z", "My cat is 6 years old."), ("2026-03-02T10:00:00Z", "My cat is 2 years old.")]
DOG_EN = [("2025-02-01T18:00:00Z", "I have a beagle called Max."),
          ("2025-09-20T18:00:00Z", "Max is 10 years old now, getting grey around the muzzle."),
          ("2025-04-11T18:00:00Z", "Max is 6 years old.")]


@pytest.mark.parametrize(("turns", "newest", "older"), [
    (CAT_ZH, "10岁", ("4岁", "6岁", "2岁")),
    (CAT_EN, "10 years", ("4 years", "6 years", "2 years")),
    (DOG_EN, "10 years", ("6 years",)),
])
def test_the_newest_detail_stays_current_whatever_the_arrival_order(
        mem: EmbeddedMemory, turns: list[tuple[str, str]], newest: str, older: tuple[str, ...]) -> None:
    for at, text in turns:
        mem.add(text, user_id="u", timestamp=at)
    active = _facts(mem, "active")
    assert [d for d in active if newest in d], active
    assert not [d for d in active for o in older if o in d and newest not in d.replace(o, "")], active


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_every_shuffle_of_three_ages_ends_on_the_newest(mem: EmbeddedMemory, order: tuple[int, ...]) -> None:
    turns = [("2026-03-04T10:00:00Z", "我的猫今年4岁了。"), ("2026-03-06T10:00:00Z", "我的猫今年6岁了。"),
             ("2026-03-10T10:00:00Z", "我的猫今年10岁了。")]
    for n in order:
        mem.add(turns[n][1], user_id="u", timestamp=turns[n][0])
    active = _facts(mem, "active")
    assert any("10岁" in d for d in active), (order, active)
    assert not any("4岁" in d.replace("14岁", "") or "6岁" in d for d in active), (order, active)


def test_the_late_value_is_kept_as_history(mem: EmbeddedMemory) -> None:
    for at, text in CAT_ZH[:3]:
        mem.add(text, user_id="u", timestamp=at)
    assert any("6岁" in d for d in _facts(mem, "superseded")), _facts(mem, "superseded")


def test_in_time_order_the_newer_age_still_revises_the_item(mem: EmbeddedMemory) -> None:
    for at, text in sorted(DOG_EN):
        mem.add(text, user_id="u", timestamp=at)
    active = _facts(mem, "active")
    assert any("10 years" in d for d in active) and not any("6 years" in d for d in active), active


_T = [datetime(2026, 3, d, 10, tzinfo=UTC) for d in range(1, 13)]


def _item(text: str) -> MemoryItem:
    item = MemoryItem.create("u", text, "relationships", turn_id="t4", key="fact:pet:cat", valid_from=_T[4])
    item.history[0].at = _T[4]
    item.history.append(Revision("update", "added detail", "pipeline", _T[10], "用户养了一只猫，4岁", text,
                                 turn_id="t10"))
    return item


def _turn(day: int) -> Turn:
    return Turn(user_id="u", session_id="s", turn_id=f"t{day}", role="user", text="…", timestamp=_T[day])


def test_last_said_is_the_newest_revision_that_set_the_text() -> None:
    assert last_said(_item("用户养了一只猫，10岁")) == _T[10]


def test_words_splits_numbers_latin_words_and_han_characters() -> None:
    assert words("Max is 10 岁了") == {"max", "is", "10", "岁", "了"}


def test_a_late_revision_that_drops_a_word_becomes_a_superseded_record() -> None:
    item = _item("用户养了一只猫，10岁")
    ops = settle_late_details(_turn(6), [HitOp(item.id, "t6"), UpdateOp(item.id, "补充细节", "用户养了一只猫，6岁")],
                              {"fact:pet:cat": [item]})
    assert not [op for op in ops if isinstance(op, UpdateOp)]
    added = [op.item for op in ops if isinstance(op, AddOp)]
    assert [i.description for i in added] == ["用户养了一只猫，6岁"] and added[0].valid_from == _T[6]
    end = next(op for op in ops if isinstance(op, EndOp))
    assert end.by_id == item.id and end.valid_until == _T[10]
    assert sum(isinstance(op, HitOp) for op in ops) == 1


@pytest.mark.parametrize(("day", "text"), [(6, "用户养了一只猫叫咪咪，10岁"), (11, "用户养了一只猫，6岁")])
def test_an_additive_or_newer_revision_passes(day: int, text: str) -> None:
    item = _item("用户养了一只猫，10岁")
    update = UpdateOp(item.id, "补充细节", text)
    assert settle_late_details(_turn(day), [update], {"fact:pet:cat": [item]}) == [update]
