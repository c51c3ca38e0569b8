"""Life changes said the everyday way (issue 13, trial 34): a reading come down is no cure, a drug switched to ends
the old drug of the same use only, a pet named in the clause that gets it keeps its name, a school said with the
year of study is no job, and a part-time job given up with the place put first ends it.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.drug_group import drug_group, same_use
from memory_core.pipeline.named_next import name_joined
from memory_core.pipeline.terse_zh import zh_filled


def _items(texts: list[str]) -> list[tuple[str, str, str]]:
    return planned_items(texts, timedelta(days=20))


def _active(texts: list[str]) -> list[str]:
    return [d for s, _, d in _items(texts) if s == "active"]


def _superseded(texts: list[str]) -> list[str]:
    return [d for s, _, d in _items(texts) if s == "superseded"]


@pytest.mark.parametrize(("drug", "group"), [
    ("缬沙坦", "blood_pressure"), ("amlodipine", "blood_pressure"), ("降压药", "blood_pressure"),
    ("metformin", "blood_sugar"), ("二甲双胍", "blood_sugar"), ("insulin", "blood_sugar"),
    ("阿托伐他汀", "cholesterol"), ("sertraline", "mood"), ("钙片", ""), ("", ""),
])
def test_drug_group_reads_the_use_from_the_name(drug: str, group: str) -> None:
    assert drug_group(drug) == group


def test_same_use_needs_a_known_group() -> None:
    assert same_use("losartan", "lisinopril@mum") is True
    assert same_use("losartan", "metformin") is False
    assert same_use("钙片", "钙片") is False


@pytest.mark.parametrize("texts", [
    ["我有高血压，每天早上吃一片氨氯地平", "去医院了，医生把药换成了缬沙坦，一天一片"],
    ["I take lisinopril every morning", "the doctor switched me to losartan"],
])
def test_a_switch_ends_the_old_drug_of_the_same_use(texts: list[str]) -> None:
    gone = " ".join(_superseded(texts))
    assert "氨氯地平" in gone or "lisinopril" in gone
    assert any("缬沙坦" in d or "losartan" in d for d in _active(texts))


@pytest.mark.parametrize("texts", [
    ["我每天吃二甲双胍", "我在吃络活喜", "医生给我换成了缬沙坦"],
    ["I'm on metformin", "I take lisinopril every morning", "the doctor switched me to losartan"],
])
def test_a_switch_leaves_a_drug_taken_for_something_else(texts: list[str]) -> None:
    assert any("二甲双胍" in d or "metformin" in d for d in _active(texts))


@pytest.mark.parametrize("later", ["到三亚了，每天早上去海边走走，血压都降了", "血糖控制住了", "血压一直挺稳"])
def test_a_reading_come_down_is_no_cure(later: str) -> None:
    texts = ["我有高血压，也有高血糖", later]
    assert not _superseded(texts)
    assert not any("恢复正常" in d for d in _active(texts))


def test_a_reading_back_to_normal_still_ends_a_high_reading() -> None:
    assert any("血压" in d for d in _superseded(["体检的时候医生说我血压有点高。", "血压已经正常了"]))


@pytest.mark.parametrize(("fragment", "filled"), [
    ("家里养了条土狗叫大黄", "我养了一条土狗叫大黄"),
    ("家里养了一只小黑猫叫煤球", "我养了一只猫叫煤球"),
    ("家里养着只柯基叫豆豆", "我养了一只柯基叫豆豆"),
    ("家里有只橘猫叫土豆", None),  # 有 is read with what the turn says next (d4-zh-pet-cat-to-corgi)
    ("家里两只英短", "我养了两只英短"),
    ("邻居家养了条狗叫旺财", None),
])
def test_a_pet_said_with_its_name_and_no_subject(fragment: str, filled: str | None) -> None:
    assert zh_filled(fragment) == filled


@pytest.mark.parametrize(("text", "joined"), [
    ("we adopted a cat!! a grey tabby named Ramen", "we adopted a cat, a grey tabby named Ramen"),
    ("Got a dog. A beagle called Rex", "Got a dog, A beagle called Rex"),
    ("Got a dog. A friend named Sam helped", "Got a dog. A friend named Sam helped"),
])
def test_the_kind_said_again_with_the_name_joins_the_getting(text: str, joined: str) -> None:
    assert name_joined(text) == joined


@pytest.mark.parametrize(("texts", "name"), [
    (["I got a blue heeler named Rusty who rides with me in the cab"], "Rusty"),
    (["we adopted a cat!! a grey tabby named Ramen"], "Ramen"),
    (["家里养了条土狗叫大黄"], "大黄"),
    (["去年领养了一只小黑猫叫煤球"], "煤球"),
])
def test_the_pet_keeps_its_name(texts: list[str], name: str) -> None:
    assert any(name in d for _, k, d in _items(texts) if k.startswith("fact:pet"))


@pytest.mark.parametrize("death", ["大黄昨天走了", "we lost Rusty last week"])
def test_a_gentle_death_ends_the_named_pet(death: str) -> None:
    got = "家里养了条土狗叫大黄" if death.startswith("大黄") else "I got a blue heeler named Rusty"
    assert [k for s, k, _ in _items([got, death]) if s == "active" and k.startswith("fact:pet")] == []


@pytest.mark.parametrize(("text", "school"), [
    ("我是华中师范大学大三的，学的数学与应用数学", "华中师范大学"),
    ("我是北京师范大学研二的学生", "北京师范大学"),
])
def test_a_school_with_the_year_is_the_school_not_a_job(text: str, school: str) -> None:
    items = _items([text])
    assert any(k == "fact:school" and school in d for _, k, d in items)
    assert not any(k == "fact:occupation" for _, k, _ in items)


def test_a_teacher_is_still_a_teacher() -> None:
    assert any(k == "fact:occupation" for _, k, _ in _items(["我是一名老师"]))


@pytest.mark.parametrize("end", ["蜜雪冰城的兼职辞了，太累了，影响复习", "奶茶店的兼职已经辞掉了"])
def test_a_part_time_job_given_up_with_the_place_first(end: str) -> None:
    texts = [("在蜜雪冰城" if end.startswith("蜜") else "在奶茶店") + "找了个兼职，做店员", end]
    active = " ".join(_active(texts))
    assert "工作" not in active and "店员" not in active
