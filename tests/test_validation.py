"""The shared input checks of memory_core.validation."""

from __future__ import annotations

import pytest

from memory_core.errors import InvalidField
from memory_core.ingest_io import turn_from_mapping
from memory_core.validation import check_id


def test_an_id_is_taken_exactly_as_given() -> None:
    assert check_id("ann/s1:t#2+x@y.z-_", "user id") == "ann/s1:t#2+x@y.z-_"
    for padded in ("ab\n", " ab", "ab ", "\tab", "ab\r\n"):
        with pytest.raises(InvalidField, match="surrounding whitespace or control characters"):
            check_id(padded, "user id")  # was trimmed to "ab" silently
    with pytest.raises(InvalidField, match="control characters"):
        check_id("a\x07b", "user id")
    with pytest.raises(InvalidField, match="only letters, digits"):
        check_id("a b", "user id")
    with pytest.raises(InvalidField, match="user id is empty"):
        check_id("", "user id")
    with pytest.raises(InvalidField, match="only whitespace"):
        check_id("   ", "user id")


def test_an_id_must_be_a_string_unless_read_from_a_file() -> None:
    for value in (123, 1.5, True, None, b"ab"):
        with pytest.raises(InvalidField, match="user id must be a string"):
            check_id(value, "user id")  # 123 was stored as user "123"
    assert check_id(17, "turn id", numbers=True) == "17"
    with pytest.raises(InvalidField, match="must be a string; got bool"):
        check_id(True, "turn id", numbers=True)
    # JSON Lines turns may still number their turns and sessions
    turn = turn_from_mapping({"turn_id": 7, "session_id": 2, "text": "hi", "timestamp": "2026-01-01T00:00:00Z"},
                             "ann")
    assert (turn.turn_id, turn.session_id) == ("7", "2")


def test_meta_is_limited_as_over_http() -> None:
    from memory_core.validation import MAX_META_ENTRIES, check_meta

    assert MAX_META_ENTRIES == 32
    assert check_meta(None) == {}
    assert check_meta({f"k{i}": " v " for i in range(32)})["k0"] == "v"
    with pytest.raises(InvalidField, match="meta has 1000 entries; the limit is 32"):
        check_meta({f"k{i}": "v" for i in range(1000)})
    with pytest.raises(InvalidField, match="must be strings"):
        check_meta({"k": 1})
    with pytest.raises(InvalidField, match="must be strings"):
        check_meta({b"k": "v"})
    with pytest.raises(InvalidField, match="must be a mapping"):
        check_meta([("k", "v")])


def test_a_turn_too_far_ahead_is_refused_showing_the_actual_clock() -> None:
    from datetime import UTC, datetime, timedelta

    from memory_core.validation import check_turn_time

    now = datetime(2026, 11, 29, 22, 32, 5, 123456, tzinfo=UTC)
    with pytest.raises(InvalidField) as caught:
        check_turn_time("9999-01-01T00:00:00Z", now=now)
    message = str(caught.value)
    # it showed the clock plus one day (2026-11-30T22:32...) as "the clock"
    assert "the clock, which reads 2026-11-29T22:32:05+00:00" in message
    assert "2026-11-30" not in message
    assert check_turn_time(now + timedelta(hours=23), now=now) == now + timedelta(hours=23)


# ── one rule for every timestamp and item field (issue 19) ──


@pytest.mark.parametrize("value", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00",
                                   "9999-12-31T23:59:59Z", 1e20, -1e20, float("inf"), float("nan"),
                                   "2026-01-01T00:00:00Z\x00", 253402300800])
def test_timestamps_out_of_range_or_garbage_are_invalid_fields(value: object) -> None:
    from memory_core.validation import check_timestamp

    with pytest.raises(InvalidField):
        check_timestamp(value)


def test_epoch_numbers_are_seconds_whatever_their_size() -> None:
    from datetime import UTC, datetime

    from memory_core.validation import check_timestamp

    assert check_timestamp(3e10) == datetime.fromtimestamp(3e10, UTC)  # the year 2920, not 1970
    assert check_timestamp(-3e10).year == 1019
    assert check_timestamp("1764547200") == check_timestamp(1764547200)


def test_item_values_are_checked_before_the_store_sees_them() -> None:
    from memory_core.errors import InvalidEncoding
    from memory_core.validation import check_item_values

    with pytest.raises(InvalidField, match="source must be a list"):
        check_item_values({"source": "t1"})
    with pytest.raises(InvalidField, match="valid_from"):
        check_item_values({"valid_from": "not a time"})
    with pytest.raises(InvalidEncoding):
        check_item_values({"key": "a\x00b"})
    with pytest.raises(InvalidEncoding):
        check_item_values({"speaker": "Ann\ud800"})
    good = check_item_values({"source": ["t1", "t2"], "valid_from": 0, "key": " k ", "speaker": ""})
    assert good["source"] == ["t1", "t2"] and good["key"] == "k" and good["valid_from"].year == 1970


# ── bidi controls: refused in ids and names, stripped from free text ──

BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]


@pytest.mark.parametrize("control", BIDI)
def test_a_bidi_control_in_an_id_is_refused_by_name(control: str) -> None:
    for ident in (control + "ann", "ann" + control, "an" + control + "n"):
        with pytest.raises(InvalidField, match=f"bidi control U\\+{ord(control):04X}"):
            check_id(ident, "user id")


@pytest.mark.parametrize("control", BIDI)
def test_a_bidi_control_in_a_speaker_name_is_refused(control: str) -> None:
    from memory_core.validation import check_item_values
    from memory_core.wire.turns import check_turn

    spoofed = control + "Ann"
    with pytest.raises(InvalidField, match=r"speaker .* bidi control"):
        check_turn("ann", "t1", "I live in Oslo", "user", "s1", "2026-01-01T00:00:00Z", speaker=spoofed)
    with pytest.raises(InvalidField, match=r"speaker .* bidi control"):
        check_item_values({"speaker": spoofed})
    with pytest.raises(InvalidField, match=r"speaker .* bidi control"):
        turn_from_mapping({"text": "hi", "speaker": spoofed, "timestamp": "2026-01-01T00:00:00Z"}, "ann")


def test_bidi_controls_are_stripped_from_free_text_and_the_turn_is_kept() -> None:
    from memory_core.errors import EmptyText
    from memory_core.validation import check_meta, check_text
    from memory_core.wire.turns import check_turn

    # "I live in \u202eolsO" shows as "I live in Oslo" in a listing: stored as the characters it holds
    assert check_text("I live in \u202eolsO\u202c") == "I live in olsO"
    assert check_text("\u2067我住在奥斯陆\u2069") == "我住在奥斯陆"
    assert check_text(" \u202e  tea ") == "tea"  # the control no longer shields the surrounding space
    wired = check_turn("ann", "t1", "\u202eI live in Oslo", "user", "s1", "2026-01-01T00:00:00Z", speaker="Ann")
    assert wired["text"] == "I live in Oslo" and wired["speaker"] == "Ann"
    assert check_meta({"k": "\u202dv"}) == {"k": "v"}
    turn = turn_from_mapping({"text": "\u202e我喜欢茶", "timestamp": "2026-01-01T00:00:00Z"}, "ann")
    assert turn.text == "我喜欢茶"
    with pytest.raises(EmptyText):
        check_text("\u202e\u2066\u2069")  # nothing left to store
    # the marks that are not overrides (LRM, RLM, ALM) are ordinary text in RTL scripts
    assert check_text("שלום\u200f!") == "שלום\u200f!"


# ── ids that read as another id: refused with the reason, never rewritten ──

@pytest.mark.parametrize("ident", ["ann", "Zoë", "张三", "user_张三", "wx:李四", "田中さん", "김철수", "анна", "Ελένη",
                                   "acme:анна", "анна_ann", "user_محمد", "u-2026.07#1"])
def test_ids_of_one_script_per_part_pass_unchanged(ident: str) -> None:
    assert check_id(ident, "user id") == ident


@pytest.mark.parametrize(("ident", "plain"), [("ａｎｎ", "ann"), ("张三１", "张三1"), ("𝐚𝐧𝐧", "ann"), ("ann①", "ann1"),
                                             ("Zoe\u0308", "Zoë"), ("ﬁona", "fiona"), ("ｗｘ：张三", "wx:张三")])
def test_an_id_in_a_compatibility_form_is_refused_naming_its_plain_form(ident: str, plain: str) -> None:
    with pytest.raises(InvalidField, match=f"reads as '{plain}': send that id"):
        check_id(ident, "user id")


@pytest.mark.parametrize(("ident", "scripts"), [("аnn", "Cyrillic, Latin"), ("bοb", "Greek, Latin"),
                                                ("acme:аnn", "Cyrillic, Latin"), ("张三_аnn", "Cyrillic, Latin"),
                                                ("аβ", "Cyrillic, Greek")])
def test_an_id_mixing_look_alike_scripts_is_refused_naming_them(ident: str, scripts: str) -> None:
    with pytest.raises(InvalidField, match=f"mixes letters of the scripts {scripts}"):
        check_id(ident, "user id")


@pytest.mark.parametrize("ident", ["an\u200bn", "张\u200d三", "ann\u00ad", "\ufeffann", "张三\u2060"])
def test_an_invisible_character_in_an_id_is_refused_by_code_point(ident: str) -> None:
    invisible = next(c for c in ident if not c.isalnum())
    with pytest.raises(InvalidField, match=f"U\\+{ord(invisible):04X}"):
        check_id(ident, "user id")
