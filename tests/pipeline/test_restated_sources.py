"""A value said again in other words keeps the turns that state it current (trial 13, finding 7).

A statement in the user's own words ("我现在住温哥华", ``gist:lives_in``) that a later slot reading of the same
value ("我住在温哥华") supersedes is a rewording, not a change: its turn still states the current value, so it
is a source of the current item and search never marks it ``outdated``; the turn of a value that did change
stays outdated.
"""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory

TIMES = ["2025-01-02T09:00:00Z", "2025-03-09T09:00:00Z", "2025-03-15T09:00:00Z"]


@pytest.mark.parametrize(("turns", "value", "question"), [
    (["I live in Toronto.", "I live out in Squamish now.", "My apartment in Squamish has a view of the mountains."],
     "Squamish", "where's Kai living at the moment?"),
    (["我住在多伦多。", "我现在住温哥华。", "我住在温哥华，很喜欢这里。"], "温哥华", "Kai 现在住哪？"),
])
def test_a_reworded_value_leaves_its_turn_current(
        mem: EmbeddedMemory, turns: list[str], value: str, question: str) -> None:
    for at, text in zip(TIMES, turns, strict=True):
        mem.add(text, user_id="kai", timestamp=at)
    items = mem._list("kai", None)
    turn_of = {str(i["description"]): i["source"][0] for i in items if i["kind"] == "event"}
    current = [i for i in items if i["kind"] != "event" and i["status"] == "active" and value in str(i["description"])
               and str(i["key"]).startswith("fact:lives_in")]
    assert len(current) == 1, items
    assert current[0]["source"] == [turn_of[f"user: {turns[1]}"], turn_of[f"user: {turns[2]}"]], current
    hits = {str(h["description"]): h["outdated"] for h in mem.search(question, user_id="kai", k=10)
            if h["kind"] == "event"}
    assert not [d for d, old in hits.items() if old and value in d], hits
    assert hits.get(f"user: {turns[0]}", True), hits  # the old home's turn is still outdated


@pytest.mark.parametrize(("old", "new", "was"), [
    ("I live in Toronto.", "I live out in Squamish now.", "Toronto"),
    ("我住在多伦多。", "我现在住温哥华。", "多伦多"),
])
def test_a_new_home_in_own_words_is_no_detail_of_the_old_one(
        mem: EmbeddedMemory, old: str, new: str, was: str) -> None:
    """"live" opens both statements but names no one home: the new one neither restates nor revises the old
    (trial 13: "User lives in Toronto; User lives out in Squamish now", the Squamish turn its source)."""
    for at, text in zip(TIMES, [old, new], strict=False):
        mem.add(text, user_id="kai", timestamp=at)
    items = [i for i in mem._list("kai", None) if i["kind"] != "event"]
    olds = [i for i in items if was in str(i["description"])]
    assert len(olds) == 1 and olds[0]["description"] in ("User lives in Toronto", "用户住在多伦多"), items
    assert len(olds[0]["source"]) == 1, olds  # the new home's turn is no source of the old home
