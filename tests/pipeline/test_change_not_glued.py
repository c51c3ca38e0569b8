"""A later turn's stop or change ends the item it names instead of joining it as a detail; a moment's place, a shop
said to stay beside a move, and a person one lives with change no employer and no home (new-user trial 34 in
ops/bench/RESULTS.md)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.detail_mood import CHANGED, mood_of
from memory_core.pipeline.detail_role import bare_place
from memory_core.pipeline.still_held import still_place

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("said", "bare"), [
    ("用户在深圳湾", True),
    ("在西湖边", True),
    ("User is at the beach", True),
    ("at Kerry Park", True),
    ("用户在深圳总部", False),
    ("用户在华为上班", False),
    ("User is in the Zurich office", False),
    ("User got promoted at Atlassian", False),
])
def test_a_bare_place_is_where_a_moment_was(said: str, bare: bool) -> None:
    assert bare_place(said) is bare


@pytest.mark.parametrize(("text", "place"), [
    ("我们搬家了 from Cheras to Puchong. 店还在Cheras", "cheras"),
    ("搬到慈溪了，店还在宁波", "宁波"),
    ("We moved to Ballard. The shop is still in Fremont, though", "fremont"),
    ("still driving my Corolla", ""),
    ("我们搬到南山了", ""),
])
def test_a_place_of_work_said_to_stay(text: str, place: str) -> None:
    assert still_place(text) == place


@pytest.mark.parametrize("said", [
    "Gave Werner User's two weeks",
    "badminton stop already, knee pain",
    "handed in my notice",
])
def test_notice_and_a_stop_are_changes(said: str) -> None:
    assert mood_of(said, "en") == CHANGED


@pytest.mark.parametrize(("turns", "old", "now"), [
    (["I drive long haul for Werner out of Tulsa",
      "Gave Werner my two weeks. Took a regional job with a local outfit in Amarillo, Panhandle Freight"],
     "Werner", "Panhandle Freight"),
    (["I work as a nurse at Mercy Hospital",
      "Handed Mercy my notice today. Took a job with a small clinic across town, Riverbend Family Care"],
     "Mercy", "Riverbend Family Care"),
    (["我在顺丰上班", "跟顺丰提了离职，我新工作在一家小厂叫宏达电子"], "顺丰", "宏达电子"),
])
def test_notice_and_a_new_job_end_the_old_employer(tmp_path: Path, turns: list[str], old: str, now: str) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=30)
    active = [text for state, _, text in rows if state == "active"]
    assert any(now in text for text in active), rows
    assert not any(old in text and now not in text and "no longer" not in text and "离职" not in text
                   for text in active), rows


def test_a_proposal_place_joins_no_employer(tmp_path: Path) -> None:
    turns = ["好消息！我拿到了深圳港大医院的offer，下个月入职", "阿伟跟我求婚了！！！在深圳湾，我哭成狗"]
    rows = slot_items(tmp_path, turns, start=START, days_apart=30)
    work = [text for state, key, text in rows if state == "active" and key == "fact:works_at"]
    assert work == ["用户在深圳港大医院工作"], rows


def test_the_shop_stays_when_the_home_moves(tmp_path: Path) -> None:
    turns = ["我在杭州开了家奶茶店", "我们搬家了，从杭州搬到绍兴，店还在杭州"]
    rows = slot_items(tmp_path, turns, start=START, days_apart=30)
    assert any(state == "active" and "奶茶店" in text for state, _, text in rows), rows
    homes = [text for state, key, text in rows if state == "active" and key == "fact:lives_in"]
    assert homes == ["用户住在绍兴"], rows


@pytest.mark.parametrize(("turns", "old", "now"), [
    (["I moved to Porto last month", "actually I moved again, now in Braga"], "Porto", "Braga"),
    (["I live in Lisbon", "we moved house - now living in Coimbra"], "Lisbon", "Coimbra"),
    (["I live in Austin", "first night in the new apartment in the Mission"], "Austin", "Mission"),
])
def test_a_move_said_then_its_home(tmp_path: Path, turns: list[str], old: str, now: str) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=30)
    homes = [text for state, key, text in rows if state == "active" and key == "fact:lives_in"]
    assert len(homes) == 1 and now in homes[0], rows
    assert any(state == "superseded" and old in text for state, _, text in rows), rows


def test_living_with_a_person_is_no_second_home(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我住在福田", "我们搬到南山了，跟阿伟一起住"], start=START, days_apart=30)
    assert [text for state, key, text in rows if state == "active" and key == "fact:lives_in"] == ["用户住在南山"], rows
    assert any(state == "active" and key.startswith("fact:lives_with") and "阿伟" in text
               for state, key, text in rows), rows
