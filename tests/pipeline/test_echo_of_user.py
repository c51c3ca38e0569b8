"""An assistant's turn read against the user's last turn, in either language (``pipeline.echo``): an
acknowledgement that only echoes it is no memory, and a sensitive value it repeats is as sensitive as the
user's own words."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Turn
from memory_core.pipeline.echo import echo_findings, echoes, prior_user_turns
from memory_core.pipeline.sensitive_detect import mask

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _turn(text: str, role: str = "user", seq: int = 1, session: str = "s1", meta: dict[str, str] | None = None) -> Turn:
    return Turn(user_id="u1", turn_id=f"t{seq}", session_id=session, role=role, text=text, timestamp=T0,
                seq=seq, meta=meta or {})


@pytest.mark.parametrize(("said", "reply"), [
    ("我对花生过敏", "Noted, no peanuts!"),
    ("I'm allergic to peanuts", "好的，不吃花生"),
    ("I'm allergic to peanuts", "Noted, no peanuts!"),
    ("我住在杭州", "Got it, Hangzhou!"),
    ("我吃素三年了，家里有一只猫叫 Mochi，英短。", "好的，记住了：素食，猫咪 Mochi。"),  # a pet word's fond form
    ("I have a dog named Biscuit", "好的，记下了：狗狗 Biscuit"),
    ("我养了一只猫叫 Mochi", "Got it, kitty Mochi!"),
])
def test_an_acknowledgement_echoing_the_last_turn_in_either_language_is_an_echo(said: str, reply: str) -> None:
    assert echoes(reply, _turn(said))


@pytest.mark.parametrize(("said", "reply"), [
    ("我对花生过敏", "Noted. Your dentist appointment is Friday at 3pm."),
    ("I'm allergic to peanuts", "好的，推荐你去楼下新开的泰国餐厅"),
    ("我住在杭州", "Noted, no peanuts!"),
    ("我养了一只猫叫 Mochi", "好的，猫咪 Mochi 该打疫苗了"),
])
def test_a_reply_with_words_of_its_own_is_no_echo(said: str, reply: str) -> None:
    assert not echoes(reply, _turn(said))


def test_no_last_turn_no_echo() -> None:
    assert not echoes("Noted, no peanuts!", None)


@pytest.mark.parametrize(("said", "reply", "masked"), [
    ("我对花生过敏", "Noted, no peanuts!", "Noted, no [health]!"),
    ("I'm allergic to peanuts", "好的，不给你推荐花生酱", "好的，不给你推荐[health]酱"),
    ("I'm allergic to peanuts", "Noted, no peanuts! Try the Thai place on 5th.",
     "Noted, no [health]! Try the Thai place on 5th."),
    ("我有高血压", "Got it, high blood pressure, less salt then.", "Got it, [health], less salt then."),
])
def test_a_value_of_the_last_turn_repeated_is_found_in_either_language(said: str, reply: str, masked: str) -> None:
    assert mask(reply, echo_findings(reply, _turn(said))) == masked


def test_a_value_the_last_turn_held_masked_is_found_by_its_place() -> None:
    """Under mask or drop a turn curated before the reply keeps its text masked: the acknowledgement's only
    word of its own stands for the masked value."""
    said = _turn("我对[health]过敏", meta={"text_sha256": "0" * 64})
    assert mask("Noted, no peanuts!", echo_findings("Noted, no peanuts!", said)) == "Noted, no [health]!"
    assert echo_findings("Noted. Your dentist appointment is Friday at 3pm.", said) == []
    assert echoes("Noted, no peanuts!", said)


def test_words_not_in_the_last_turn_are_no_finding() -> None:
    assert echo_findings("Peanut butter is on sale at Tesco this week.", _turn("我住在杭州")) == []


def test_the_last_turn_is_the_users_in_the_same_session() -> None:
    turns = [_turn("我对花生过敏", seq=1), _turn("Noted, no peanuts!", "assistant", seq=2),
             _turn("Any snack ideas?", "assistant", seq=3, session="s2"), _turn("hi", "tool", seq=4)]
    priors = prior_user_turns(turns)
    assert priors[2] is turns[0] and 3 not in priors and 1 not in priors and 4 not in priors
    before = _turn("I'm allergic to shellfish", seq=7)
    assert prior_user_turns([_turn("Noted!", "assistant", seq=8)], before)[8] is before


def test_a_stand_in_is_not_read_as_a_name_the_reply_is_addressed_to() -> None:
    said = _turn("I'm allergic to [health]", meta={"text_sha256": "0" * 64})
    assert "花生" not in mask("好的，不吃花生", echo_findings("好的，不吃花生", said))
