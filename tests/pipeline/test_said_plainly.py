"""Common phrasings that store a fact of their kind: a thing bought, a move said on arrival, a doctor's word, a
language class, the platform one drives for."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.model import Turn
from memory_core.pipeline.arrival import arrival_place
from memory_core.pipeline.doctor_said import own_report
from memory_core.pipeline.extract import MechanicalExtractor

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _keys(text: str) -> dict[str, str]:
    turn = Turn("u1", "t1", "s", "user", text, START)
    return {c.key: c.description for c in MechanicalExtractor().statements(turn)}


@pytest.mark.parametrize(("text", "key", "value"), [
    ("I bought a used F-150", "fact:owns:car", "F-150"),
    ("I drive a 2012 Camry.", "fact:owns:car", "Camry"),
    ("我买了一辆二手思域", "fact:owns:car", "思域"),
    ("我开一辆丰田卡罗拉，通勤用。", "fact:owns:car", "丰田卡罗拉"),  # the maker and its model: one car
    ("I picked up a used Model 3", "fact:owns:car", "Model 3"),
    ("I bought a Kindle", "fact:owns:e-reader", "Kindle"),
    ("I got a Switch", "fact:owns:console", "Switch"),
    ("我买了个平板", "fact:owns:tablet", "平板"),
    ("我新买了个 iPad", "fact:owns:tablet", "iPad"),
])
def test_a_thing_bought_is_a_possession_of_its_kind(text: str, key: str, value: str) -> None:
    keys = _keys(text)
    assert key in keys and value in keys[key]


@pytest.mark.parametrize("text", ["I made the switch to oat milk", "I flipped the switch"])
def test_a_switch_that_is_no_console_is_no_possession(text: str) -> None:
    assert not any(k.startswith("fact:owns:") for k in _keys(text))


@pytest.mark.parametrize(("text", "lang", "place"), [
    ("到北京了，住闺女家附近租的一居室，在朝阳区", "zh", "北京"),
    ("终于到成都了，新家在高新区，箱子还没拆完", "zh", "成都"),
    ("搬到深圳了，房租一个月六千", "zh", "深圳"),
    ("finally here in Denver, the new place is in Capitol Hill", "en", "Denver"),
    ("all settled in in Seattle, the new place has a view of the water", "en", "Seattle"),
    ("arrived in Chicago and signed the lease today", "en", "Chicago"),
])
def test_an_arrival_with_a_home_is_a_move(text: str, lang: str, place: str) -> None:
    assert arrival_place(text, lang) == place


@pytest.mark.parametrize(("text", "lang"), [
    ("到北京出差了，住酒店", "zh"),  # a trip
    ("到家了，房子好冷", "zh"),  # home, no place
    ("到三亚了，在三亚湾租的公寓", "zh"),  # a flat rented, maybe for the winter
    ("闺女到北京了，租的房子在朝阳区", "zh"),  # another person's arrival
    ("made it to Denver for the conference, the hotel is nice", "en"),
    ("made it to Denver!", "en"),  # no home said
    ("my sister is finally here in Denver, her new place is cute", "en"),
    ("here in Austin for a visit, the new place of my cousin", "en"),
])
def test_an_arrival_without_a_home_of_ones_own_is_none(text: str, lang: str) -> None:
    assert arrival_place(text, lang) == ""


def test_a_measure_in_a_doctors_report_is_the_users() -> None:
    assert own_report("大夫说不让我喝白酒了，说对腰不好血压也高").endswith("说对腰不好，我血压也高")
    assert own_report("医生说血糖偏高").endswith("我血糖偏高")
    assert own_report("医生说我爸腰不好，血压也高") == "医生说我爸腰不好，血压也高"
    assert "fact:health:高血压" in _keys("大夫说不让俺喝白酒了，说对腰不好血压也高")
    assert "fact:health:高血压" not in _keys("医生说我爸腰不好，血压也高")


def test_a_drug_kept_on_is_taken() -> None:
    assert "fact:medication:氨氯地平" in _keys("血压降下来了，大夫说戒酒有效果，继续吃氨氯地平")


@pytest.mark.parametrize(("text", "key"), [
    ("decided I'm learning Yoruba properly.", "fact:language:yoruba"),
    ("在学约鲁巴语", "fact:language:yoruba"),
    ("报了个西班牙语班", "fact:language:spanish"),
    ("I signed up for a Spanish class", "fact:language:spanish"),
    ("I'm taking Swahili lessons on italki", "fact:language:swahili"),
])
def test_a_language_being_learnt(text: str, key: str) -> None:
    assert key in _keys(text)


def test_a_verb_with_its_object_said_elsewhere_is_no_fact() -> None:
    keys = _keys("My parents spoke it at home but I only understand, can't speak.")
    assert not any("understand" in v for v in keys.values())


@pytest.mark.parametrize(("text", "employer"), [
    ("I've been driving for Uber full time since March", "Uber"),
    ("I drive for Lyft now", "Lyft"),
    ("I do deliveries for DoorDash", "DoorDash"),
    ("I do backend at Shopify", "Shopify"),
])
def test_the_platform_one_works_for(text: str, employer: str) -> None:
    assert employer in _keys(text).get("fact:works_at", "")


@pytest.mark.parametrize("text", ["I'm driving for Mom's birthday", "I drive for hours every day"])
def test_driving_for_someone_or_for_long_is_no_employer(text: str) -> None:
    assert "fact:works_at" not in _keys(text)


@pytest.mark.parametrize(("text", "home"), [
    ("到深圳了，在南山租了个单间，月租三千二", "深圳南山"),
    ("到北京了，住闺女家附近租的一居室，在朝阳区", "北京朝阳区"),
    ("总算到杭州了，住的地方在西湖区，房租还行", "杭州西湖区"),
])
def test_an_arrival_keeps_the_part_of_the_place_the_home_is_in(tmp_path: Path, text: str, home: str) -> None:
    rows = slot_items(tmp_path, ["我住在广州天河", text], start=datetime(2026, 1, 5, tzinfo=UTC), days_apart=30)
    assert any(status == "active" and home in desc for status, _, desc in rows), rows
    assert any(status == "superseded" and "天河" in desc for status, _, desc in rows), rows
