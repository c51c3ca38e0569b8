"""A person the user names with no relation said ("Jason is a chef", "阿杰在瑞金医院上班") gets a fact of their
own, keyed under the name and never the user's; a later change said of the same name supersedes it; a known
organisation, a word that opens sentences, or a name a relative already holds gets nothing new. English and
Chinese."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("texts", "person", "now", "before"), [
    (["Jason is a chef."], "jason", "chef", None),
    (["Priya works at Deloitte.", "Priya just started at Google."], "priya", "Google", "Deloitte"),
    (["阿杰在瑞金医院上班。"], "阿杰", "瑞金医院", None),
    (["老李住在苏州。", "老李搬到南京了。"], "老李", "南京", "苏州"),
])
def test_a_named_persons_fact_is_theirs(tmp_path: Path, texts: list[str], person: str, now: str,
                                        before: str | None) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=30)
    theirs = [(state, text) for state, key, text in rows if key.startswith(f"fact:person/{person}/")]
    assert any(state == "active" and now in text for state, text in theirs), rows
    assert before is None or not any(state == "active" and before in text for state, text in theirs), rows
    assert not any(now in text for _, key, text in rows if not key.startswith("fact:person/")), rows


@pytest.mark.parametrize("texts", [
    ["Google is a great company to work for."],
    ["Tokyo is a huge city."],
    ["Today is a good day, I'm a nurse."],
    ["Back at the support group again today!"],
    ["Finally moved into the new flat in Leeds."],
    ["小时候我住在苏州。"],
])
def test_no_person_where_the_opening_word_names_none(tmp_path: Path, texts: list[str]) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=30)
    assert not any(key.startswith("fact:person/") for _, key, _ in rows), rows


def test_a_name_a_relative_holds_is_not_a_stranger(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["My sister Jing lives in Shanghai.", "My friend Jing lives in Paris.",
                                 "Jing works at a bank."], start=START, days_apart=30)
    assert not any(key.startswith("fact:person/") or "bank" in text
                   for _, key, text in rows if not key.startswith("event:")), rows
