"""A speaker's name of several words is the speaker's, never a topic term (``gist.topic``).

Every item of a named speaker opens on the name ("Lin Yue usually gets up at 6:30"); when each word of a
two-word name counted as a shared term, unrelated facts joined one item as details and ended together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _memstore import DictStore
from _turn_factory import TurnFactory

from memory_core.model import Status
from memory_core.pipeline.gist import topic


@pytest.mark.parametrize("speaker", ["Lin Yue", "Mary Ann Lee", "Lin"])
def test_unrelated_facts_of_a_named_speaker_stay_apart_and_a_stop_ends_only_its_own(
        store: DictStore, ingest: Callable[..., list[Any]], make_turn: TurnFactory, speaker: str) -> None:
    said = ("I usually get up at 6:30 every morning.", "I drink coffee every day, two cups.", "咖啡我戒了，睡不好。")
    for text in said:
        ingest(make_turn(text, speaker=speaker))
    active = [i.description for i in store.list_items("u1") if i.status == Status.ACTIVE]
    assert any("6:30" in d for d in active), active  # the coffee stop does not end the wake-up time
    assert not [d for d in active if "6:30" in d and "coffee" in d], active


def test_a_landlord_named_beside_a_two_word_speakers_home_is_no_detail_of_it(
        store: DictStore, ingest: Callable[..., list[Any]], make_turn: TurnFactory) -> None:
    ingest(make_turn("I moved to Beijing last week, living in Haidian now.", speaker="Lin Yue"))
    ingest(make_turn("My new landlord lives in Chaoyang.", speaker="Lin Yue"))
    homes = [i.description for i in store.list_items("u1")
             if i.status == Status.ACTIVE and "Beijing" in i.description]
    assert homes and not [d for d in homes if "Chaoyang" in d], homes


def test_each_word_of_the_name_is_left_out_of_the_terms() -> None:
    said = topic("Lin Yue usually gets up at 6:30 every morning", "en", "Lin Yue")
    assert not {"lin", "yue"} & said.terms and not {"lin", "yue"} & said.strong
    other = topic("Lin Yue drinks coffee every day", "en", "Lin Yue")
    assert not said.strong & other.strong
