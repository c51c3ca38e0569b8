"""The change note a curate worker publishes: decoded as encoded, bare ids kept, bad bodies refused clearly."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from memory_core.errors import InvalidInput
from memory_core.model import MemoryItem, Turn
from memory_core.store.base import ItemChanges
from memory_core.wire.changes import MAX_NOTE_ROWS, ChangeNote, decode_change_note, encode_change_note

TEXTS = {"en": ("My sister moved to Lisbon", "I adopted a dog named Rex"),
         "zh": ("我妹妹搬到了杭州", "我们周末去西湖散步了")}


def _item(lang: str) -> MemoryItem:
    item = MemoryItem.create("ann", TEXTS[lang][0], "places", kind="fact", key="home:sister", speaker="Ann",
                             source=["t1"], meta={"category": "家人" if lang == "zh" else "family"})
    item.valid_from = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
    item.history = []  # what changes_since reads: no history
    return item


def _turn(lang: str, seq: int) -> Turn:
    return Turn("ann", f"t{seq}", "s1", "user", TEXTS[lang][1], datetime(2026, 3, 1, 10, seq % 60,
                tzinfo=timezone(timedelta(hours=8))), speaker="Ann", seq=seq, meta={"caption": "照片"})


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_note_decodes_to_the_items_and_turns_it_carried(lang: str) -> None:
    item, turns = _item(lang), [_turn(lang, 4), _turn(lang, 5)]
    body = encode_change_note("ann", "41", ItemChanges("57", [item], False, 5, False), 3, turns)
    assert body is not None
    note = decode_change_note(body)
    assert note.user_id == "ann" and note.since == "41" and note.after_seq == 3
    assert note.changes is not None and note.changes.version == "57" and not note.changes.complete
    assert note.changes.last_seq == 5 and note.changes.new_vectors is False
    assert note.changes.items == [item]
    assert list(note.turns) == turns and note.turns[0].timestamp.utcoffset() == timedelta(hours=8)


def test_a_bare_user_id_is_a_note_without_changes() -> None:
    for data in (b"ann", "安妮"):
        note = decode_change_note(data)
        assert note.changes is None and note.user_id == (data.decode() if isinstance(data, bytes) else data)
        assert not note.fits("", 0) and not note.older_than("7")


def test_a_whole_set_or_a_large_change_is_announced_bare() -> None:
    item = _item("en")
    assert encode_change_note("ann", "1", ItemChanges("2", [item], True, None, None), 0, []) is None
    many = ItemChanges("2", [item] * (MAX_NOTE_ROWS + 1), False, None, None)
    assert encode_change_note("ann", "1", many, 0, []) is None
    turns = [_turn("zh", n) for n in range(1, MAX_NOTE_ROWS + 2)]
    assert encode_change_note("ann", "1", ItemChanges("2", [], False, len(turns), None), 0, turns) is None


def test_a_note_fits_only_an_index_at_its_version_holding_its_turns() -> None:
    note = ChangeNote("ann", ItemChanges("57", [], False, 5, None), since="41", after_seq=3)
    assert note.fits("41", 3) and note.fits("41", 4)
    assert not note.fits("40", 3) and not note.fits("41", 2) and not note.fits("57", 5)
    assert note.older_than("57") and note.older_than("60") and not note.older_than("56")
    assert not note.older_than("a1b2")  # a content-hash version cannot be ordered


@pytest.mark.parametrize("body, says", [
    (b'{"v": 2, "user": "ann"}', "version 2"),
    (b'{"v": 1, "user": "ann"}', "malformed change note"),
    (b'{"v": 1, "user": "ann", "since": "1", "after_seq": 0, "to": "2", "last_seq": null, '
     b'"new_vectors": null, "items": [["only", "three", "fields"]], "turns": []}', "malformed change note"),
    (b'{"v": 1, "user": "ann", "since": "1", "after_seq": 0, "to": "2", "last_seq": null, '
     b'"new_vectors": null, "items": [], "turns": [["ann", "t1", "s1", "user", "hi", "not a time", "", 1, {}]]}',
     "malformed change note"),
    (b'{"v": 1, "user": "ann", "since": "1", "after_seq": "x", "to": "2", "last_seq": null, '
     b'"new_vectors": null, "items": [], "turns": []}', "malformed change note"),
    (b"{not json", "malformed change note"),
])
def test_a_bad_body_is_refused_naming_what_is_wrong(body: bytes, says: str) -> None:
    with pytest.raises(InvalidInput, match=says):
        decode_change_note(body)
