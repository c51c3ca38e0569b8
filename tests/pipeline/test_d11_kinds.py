"""Kinds the blind d11 batch showed the rules missing, in both languages: a shift said with where it is worked and
moved with 倒成, a count-a-day habit with no verb, a like said as a need, a stop with the thing first (烟戒了), a
stop naming what replaced it, the office of an employer as a detail, a pet shown by an outing, a car bought
"myself", a kind of tea named in either language, a place with a picture after it, and 住在…的 without 是."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.cant_without import need_filled
from memory_core.pipeline.counted_habit import habit_filled
from memory_core.pipeline.emphatic import plain_emphatic
from memory_core.pipeline.plain_text import reading_text
from memory_core.pipeline.taken_instead import taken_instead

DAY = timedelta(days=20)


def _active(texts: list[str]) -> list[tuple[str, str]]:
    return [(key, text) for status, key, text in planned_items(texts, DAY) if status == "active"]


def test_a_shift_said_with_its_place_ends_when_moved_to_another() -> None:
    rows = _active(["我在物流园仓库上夜班，晚十点到早六点", "好消息，这个月起倒成白班了"])
    assert ("fact:work_shift", "用户的班次是白班") in rows and not any("夜班" in t for _, t in rows), rows
    assert not any(k == "fact:work_shift" for k, _ in _active(["我今天在医院上夜班"]))  # a single night


@pytest.mark.parametrize(("said", "filled"), [
    ("每天早上两杯拿铁", "我每天早上喝两杯拿铁"), ("一天一包烟", "我一天抽一包烟"),
    ("Two lattes every morning", "I drink two lattes every morning"), ("a pack a day", "I smoke a pack a day"),
    ("3 cups of coffee a day", "I drink 3 cups of coffee a day"),
])
def test_a_count_a_day_habit_is_said_with_its_verb(said: str, filled: str) -> None:
    assert habit_filled(said) == filled


@pytest.mark.parametrize("said", ["一天两节课", "two meetings a day", "每天两杯拿铁吗", "a pack of gum a day"])
def test_other_counts_are_no_habit(said: str) -> None:
    assert habit_filled(said) is None


@pytest.mark.parametrize(("said", "like"), [
    ("下午不来杯奶茶根本活不下去", "我爱喝奶茶"), ("离不开咖啡", "我爱喝咖啡"), ("没有火锅活不下去", "我爱吃火锅"),
    ("can't live without my coffee", "I love coffee"), ("honestly I can't function without my morning coffee",
                                                        "I love coffee"),
])
def test_a_like_said_as_a_need_is_the_like(said: str, like: str) -> None:
    assert need_filled(said) == like


@pytest.mark.parametrize("said", ["离不开你", "I can't live without my phone", "离不开咖啡吗？",
                                  "can't live without coffee?"])
def test_a_need_of_no_known_drink_or_food_or_a_question_is_no_like(said: str) -> None:
    assert need_filled(said) is None


@pytest.mark.parametrize(("first", "stop"), [
    ("下午不来杯奶茶根本活不下去", "奶茶戒了"), ("can't live without bubble tea", "I quit bubble tea"),
    ("每天早上两杯拿铁，不喝一天都没精神", "医生让我别再喝咖啡了"),
])
def test_a_need_or_a_count_is_ended_by_a_later_stop(first: str, stop: str) -> None:
    rows = _active([first, stop])
    assert not any(k.startswith("pref:") and "不" not in t and "no longer" not in t and "quit" not in t
                   for k, t in rows), rows
    assert not any("一天都没精神" in t for _, t in rows), rows  # "不喝一天都没精神" is a condition, no dislike


@pytest.mark.parametrize(("first", "stop"), [("一天一包烟，红塔山", "烟戒了！三个礼拜没抽了"),
                                             ("我抽烟", "烟我已经戒掉了"), ("I smoke a pack a day", "quit smoking")])
def test_smoking_given_up_with_the_thing_first_ends_it(first: str, stop: str) -> None:
    rows = _active([first, stop])
    assert [k for k, _ in rows].count("fact:smoking") == 1 and not any(k.startswith("gist:") for k, _ in rows), rows


def test_a_stop_naming_what_replaced_it_keeps_the_new_activity() -> None:
    assert any("bouldering" in t for _, t in _active(["gave up the gym for bouldering! way more fun"]))
    assert taken_instead("quit running for yoga", "en") == "yoga"
    assert taken_instead("I gave up sugar for Lent", "en") == ""
    assert taken_instead("不去健身房了，改练攀岩", "zh") == ""


@pytest.mark.parametrize(("job", "office", "text"), [
    ("I'm a product designer at Atlassian", "oh and I'm in the Sydney office, hybrid",
     "User works at Atlassian, in the Sydney office"),
    ("I work at Google", "I work in the Zurich office", "User works at Google, in the Zurich office"),
    ("我在腾讯上班", "我在深圳总部那边坐班", "用户在腾讯工作，在深圳总部"),
])
def test_the_office_of_the_employer_is_a_detail_of_the_job(job: str, office: str, text: str) -> None:
    rows = _active([job, office])
    assert ("fact:works_at", text) in rows and [k for k, _ in rows].count("fact:works_at") == 1, rows


def test_an_office_with_no_employer_known_or_someone_elses_starts_no_job() -> None:
    assert not any(k == "fact:works_at" for k, _ in _active(["I'm in the Zurich office"]))
    rows = _active(["I work at Google", "my sister is in the London office"])
    assert ("fact:works_at", "User works at Google") in rows, rows


@pytest.mark.parametrize(("said", "pet"), [
    ("早上带 Latte 去公园跑了两圈，这只边牧精力也太旺盛了🐕", "用户有一只边牧叫Latte"),
    ("带年糕去打疫苗了，这只柯基全程在叫", "用户有一只柯基叫年糕"),
])
def test_a_pet_shown_by_an_outing_with_it(said: str, pet: str) -> None:
    assert ("fact:pet:dog", pet) in _active([said])


@pytest.mark.parametrize("said", ["带 Anna 去公园玩了一下午", "帮邻居带 Max 去公园，那只金毛好乖",
                                  "带女儿去公园看柯基"])
def test_a_person_or_another_persons_dog_taken_out_is_no_pet(said: str) -> None:
    assert not any(k.startswith("fact:pet") for k, _ in _active([said]))


def test_a_car_bought_myself_and_used_replaces_the_old_one() -> None:
    rows = _active(["I drive a Honda Civic", "bought myself a secondhand Toyota last week"])
    assert [t for k, t in rows if k == "fact:owns:car"] == ["User has Toyota"], rows


@pytest.mark.parametrize(("first", "again"), [("最爱喝乌龙茶", "oolong is my go-to"),
                                              ("I drink green tea all day", "最喜欢喝绿茶了")])
def test_a_kind_of_tea_in_either_language_is_one_liking(first: str, again: str) -> None:
    rows = _active([first, again])
    assert len([k for k, _ in rows if k.startswith("pref:")]) == 1, rows


def test_a_picture_after_a_place_decorates_it_and_after_a_verb_is_the_value() -> None:
    assert reading_text("base 成都 🐼") == "base 成都"
    assert reading_text("Just moved to Sydney 🦘") == "Just moved to Sydney"
    assert reading_text("I love 🍗") == ""  # a thing with no word: the clause is left unread, as before
    assert ("fact:lives_in", "用户住在成都") in _active(["base 成都 🐼"])


@pytest.mark.parametrize(("said", "plain"), [("我一直住在成都的，这边天天下雨", "我一直住在成都，这边天天下雨"),
                                             ("我吃素的哈", "我吃素"), ("我是不吃猪肉的", "我不吃猪肉")])
def test_a_sentence_final_de_without_shi_is_the_plain_statement(said: str, plain: str) -> None:
    assert plain_emphatic(said) == plain
    rows = _active(["base 成都", "我一直住在成都的"])
    assert [t for k, t in rows if k == "fact:lives_in"] == ["用户住在成都"], rows
