"""City names across scripts: a home restated in the other language is a hit, another city still supersedes."""

from __future__ import annotations

from typing import Any

import pytest

from memory_core.model import Status
from memory_core.pipeline.place_names import names_of, same_place


def test_a_city_has_its_names_in_both_scripts() -> None:
    assert {"edinburgh", "爱丁堡"} <= names_of("Edinburgh") and "edinburgh" in names_of("爱丁堡")
    assert "深圳" in names_of("shenzhen")
    assert names_of("my friend's sofa") == frozenset()


def test_same_place_reads_names_in_text() -> None:
    assert same_place(("爱丁堡",), "User lives in Edinburgh")
    assert same_place(("shenzhen",), "用户住在深圳")
    assert not same_place(("爱丁堡",), "User lives in Glasgow")
    assert not same_place(("paris",), "User lives in Parisville")  # a name inside a longer word is not it


@pytest.mark.parametrize("texts", [
    ["I live in Edinburgh.", "我现在住在爱丁堡。", "I'm based in Edinburgh."],
    ["我住在深圳。", "I live in Shenzhen."],
])
def test_a_home_restated_in_the_other_language_is_a_hit(store: Any, make_turn: Any, ingest: Any,
                                                        texts: list[str]) -> None:
    for text in texts:
        ingest(make_turn(text))
    homes = [i for i in store.list_items("u1", statuses=[Status.ACTIVE, Status.SUPERSEDED]) if i.key == "fact:lives_in"]
    assert len(homes) == 1 and homes[0].status == Status.ACTIVE
    assert homes[0].hit == len(texts) - 1


def test_another_city_in_the_other_language_still_supersedes(store: Any, make_turn: Any, ingest: Any) -> None:
    ingest(make_turn("I live in Edinburgh."))
    ingest(make_turn("我现在住在深圳。"))
    active = [i for i in store.list_items("u1", statuses=[Status.ACTIVE]) if i.key == "fact:lives_in"]
    assert [i.description for i in active] == ["用户住在深圳"]
