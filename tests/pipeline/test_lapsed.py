"""A membership or subscription of the user's that ran out and was not renewed ends it (issue 13 §2); one of
another person's, or one that ran out with no word of not renewing it and no owner, ends nothing."""

from __future__ import annotations

import re

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.lapsed import owned_lapse


def _active(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


def _two(mem: EmbeddedMemory, first: str, then: str) -> list[str]:
    mem.add(first, user_id="u", timestamp="2025-01-05T10:00:00Z")
    mem.add(then, user_id="u", timestamp="2026-01-10T10:00:00Z")
    return _active(mem)


_ENDED = re.compile(r"到期|过期|没续|不续|懒得续|lapsed|expired|ran out|renew", re.IGNORECASE)


@pytest.mark.parametrize(("first", "then", "thing"), [
    ("我办了健身房的年卡，每周去三次。", "健身房会员到期了，没续。", "健身房"),
    ("我开了B站大会员。", "B站大会员过期了，懒得续了。", "B站"),
    ("我开了爱奇艺会员。", "爱奇艺会员到期了，也不想再续了。", "爱奇艺"),
    ("I subscribe to Spotify.", "Spotify subscription expired, not renewing it.", "Spotify"),
    ("I have a membership at PureGym.", "Gym membership lapsed, didn't renew.", "PureGym"),
    ("I subscribe to the Economist.", "My Economist subscription expired last month and I didn't renew it.",
     "Economist"),
    ("I subscribe to the Economist.", "Economist subscription ran out and I didn't bother renewing.", "Economist"),
])
def test_the_users_membership_run_out_ends_it(mem: EmbeddedMemory, first: str, then: str, thing: str) -> None:
    active = _two(mem, first, then)
    assert not any(thing in d and not _ENDED.search(d) for d in active), active


@pytest.mark.parametrize(("first", "then", "thing"), [
    ("我办了健身房的年卡。", "我老婆的健身房会员到期了，她不打算续了。", "健身房"),
    ("I have a membership at PureGym.", "The office's gym membership deal expired, they didn't renew it.", "PureGym"),
    ("I have a membership at PureGym.", "Gym membership lapsed last week, so I renewed it.", "PureGym"),
])
def test_another_ones_or_a_renewed_membership_stays(mem: EmbeddedMemory, first: str, then: str, thing: str) -> None:
    active = _two(mem, first, then)
    assert any(thing in d and not _ENDED.search(d) for d in active), active


@pytest.mark.parametrize(("said", "lang", "put"), [
    ("健身房会员到期了，没续。", "zh", "我的健身房会员到期了没续。"),
    ("Gym membership lapsed, didn't renew.", "en", "My gym membership lapsed, didn't renew."),
    ("会员到期了，续了一年。", "zh", "会员到期了，续了一年。"),
    ("Gym membership lapsed, so I renewed it.", "en", "Gym membership lapsed, so I renewed it."),
    ("Her gym membership lapsed, she didn't renew.", "en", "Her gym membership lapsed, she didn't renew."),
    ("他的会员到期了，没续。", "zh", "他的会员到期了，没续。"),
])
def test_owned_lapse_says_only_an_unrenewed_ownerless_lapse_as_the_users(said: str, lang: str, put: str) -> None:
    assert owned_lapse(said, lang) == put
