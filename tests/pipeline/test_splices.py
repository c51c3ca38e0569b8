"""No splice of another turn's unrelated clause onto an item (new-user trial 41, issue 13): what another person
says or does, even one the item names ("User's mom cried for 2 days" beside "learning to cook their mom's adobo",
"Prof. Sprekeler thinks it's realistic" beside "Doktorvater is Prof. Kempter"), are no detail of the user's
lasting item."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.their_view import opens_on_other, their_view, view_roles

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("said", "subject", "who"), [
    ("User's mom cried for 2 days", "User", "my mom"), ("用户的妈妈哭了两天", "用户", "我的妈妈"),
    ("User's sister got a new job", "User", "my sister"), ("Prof. Sprekeler thinks it's realistic", "User",
                                                            "Prof. Sprekeler"),
    ("Dr. Lee says I should rest", "User", "Dr. Lee"),
])
def test_the_users_relative_in_third_person_is_another_person(said: str, subject: str, who: str) -> None:
    assert opens_on_other(said, subject) == who


@pytest.mark.parametrize(("said", "subject"), [("User's cat is 3", "User"), ("User likes tea", "User"),
                                               ("用户的猫三岁了", "用户"), ("Dr Pepper is my favourite", "User")])
def test_the_users_own_thing_opens_on_no_other_person(said: str, subject: str) -> None:
    assert opens_on_other(said, subject) == ""


@pytest.mark.parametrize(("texts", "own", "splice"), [
    (["my Doktorvater is Prof. Kempter, the lab does spiking network models.",
      "my thesis plan: submit by end of 2027. Prof. Sprekeler thinks it's realistic"], "Kempter", "realistic"),
    (["my PI is Dr. Amara Okafor, she runs the imaging lab", "Dr. Chen says the grant will come through"],
     "Okafor", "grant"),
])
def test_a_titled_persons_view_is_no_detail_of_an_item_naming_a_title(tmp_path: Path, texts: list[str], own: str,
                                                                      splice: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=20)
    mine = [text for key, text in active(rows) if own in text]
    assert mine, rows
    assert not any(splice in text for text in mine), rows


@pytest.mark.parametrize(("said", "subject", "who"), [
    ("公司話用戶表現好，明年可能升 assistant manager", "用户", "公司"), ("老板说明年给我升职", "用户", "老板"),
    ("my boss says I'm up for promotion", "User", "my boss"),
    ("the company thinks remote is fine", "User", "the company"),
])
def test_a_workplaces_voice_is_their_view(said: str, subject: str, who: str) -> None:
    assert their_view(said, subject, view_roles()) == who


@pytest.mark.parametrize(("said", "subject"), [("公司在南山", "用户"), ("my boss is Dana", "User")])
def test_a_workplace_named_without_a_view_is_none(said: str, subject: str) -> None:
    assert their_view(said, subject, view_roles()) == ""


@pytest.mark.parametrize(("texts", "own", "splice"), [
    (["喺新公司做咗一個月，英國人開會好鍾意講 small talk，我成日唔知點接 😅",
      "公司話我表現好，明年可能升 assistant manager，不過要考埋 ICAEW 嘅轉換試"], "新公司", "表現好"),
    (["我在新公司做了一个月了，同事都挺好的", "公司说我表现好，明年可能升主管"], "新公司", "表现好"),
])
def test_a_workplaces_view_is_no_detail_of_the_job(tmp_path: Path, texts: list[str], own: str, splice: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=20)
    mine = [text for key, text in active(rows) if own in text]
    assert mine, rows
    assert not any(splice in text for text in mine), rows
