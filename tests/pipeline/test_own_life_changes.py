"""Changes of the user's own facts said the way people say them (issue 13 §2, §3): a job lost in other words,
leaving one employer and naming the next in one message, a diet given up for eating anything, a thing taken up
again, a pet's death said gently, a trip said to be over, "I used to …", and the same employer or city restated
in the other language."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.settings import Settings

T0 = datetime(2026, 3, 2, 9, tzinfo=UTC)


def _memory(tmp_path: Path, texts: list[str], days_apart: int = 20):  # type: ignore[no-untyped-def]
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, T0 + timedelta(days=days_apart * n))
                   for n, text in enumerate(texts)])
    return memory


def _items(tmp_path: Path, texts: list[str], days_apart: int = 20) -> list[tuple[str, str, str]]:
    memory = _memory(tmp_path, texts, days_apart)
    return [(i.status, str(i.key), i.description) for i in memory.store.list_items("u1", statuses=None)
            if i.kind != "event"]


def _active(items: list[tuple[str, str, str]], key: str) -> list[str]:
    return [d for status, k, d in items if status == "active" and k == key]


@pytest.mark.parametrize("texts", [
    ["我在网易做运营", "前天被裁员了，在家躺平中"],
    ["我在网易做运营", "唉 被辞退了"],
    ["I'm a cashier at Tesco", "my manager let me go on Tuesday, budget cuts"],
    ["I'm a cashier at Tesco", "they laid me off this morning"],
])
def test_a_job_lost_in_other_words_ends_the_employer(tmp_path: Path, texts: list[str]) -> None:
    items = _items(tmp_path, texts)
    employer = _active(items, "fact:works_at")
    assert employer and not [d for d in employer if ("网易" in d or "Tesco" in d) and "离职" not in d
                             and "no longer" not in d], items


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["我在网易上班", "从网易辞职了，下周三开始去小米上班"], "小米", "网易"),
    (["I'm an analyst at Oracle", "Left Oracle last week, working at Stripe now"], "Stripe", "Oracle"),
])
def test_leaving_and_the_next_employer_in_one_message(tmp_path: Path, texts: list[str], new: str, old: str) -> None:
    memory = _memory(tmp_path, texts)
    current = [i for i in memory.store.list_items("u1") if i.key == "fact:works_at"]
    assert [i.description for i in current] and all(new in i.description for i in current), current
    history = memory.store.list_items("u1", statuses=None)
    ended = [i for i in history if i.key == "fact:works_at" and i.status == "superseded"]
    assert any(old in i.description for i in ended), history  # the old employer, superseded by the new one
    assert any(r.other_id == current[0].id for i in ended for r in i.history), ended


@pytest.mark.parametrize(("texts", "stale"), [
    (["我是素食主义者", "这半年开始啥都吃了"], "素食"),
    (["I'm vegan", "honestly I eat anything these days"], "vegan"),
    (["I'm a vegetarian", "had a burger yesterday, so not strictly vegetarian anymore"], "vegetarian"),
])
def test_giving_a_diet_up_supersedes_it(tmp_path: Path, texts: list[str], stale: str) -> None:
    diet = _active(_items(tmp_path, texts), "fact:diet")
    assert len(diet) == 1 and (stale not in diet[0] or "no longer" in diet[0] or "不再" in diet[0]), diet


@pytest.mark.parametrize(("texts", "again"), [
    (["I stopped playing tennis", "back to tennis every sunday with my uncle"], "back to tennis"),
    (["我不打羽毛球了", "最近又重新开始打羽毛球了"], "羽毛球"),
    (["我戒烟了", "压力太大，烟又抽上了"], "抽烟"),
])
def test_taking_a_thing_up_again_supersedes_its_negation(tmp_path: Path, texts: list[str], again: str) -> None:
    items = _items(tmp_path, texts)
    active = [d for status, _, d in items if status == "active"]
    assert not [d for d in active if "no longer" in d or "不再" in d or "戒烟了" in d], items
    assert [d for d in active if again in d and ("again" in d or "back" in d or "又" in d or "重新" in d)], items


@pytest.mark.parametrize("texts", [
    ["I have a beagle called Pepper", "we had to put Pepper to sleep on Friday"],
    ["我家猫叫糯米", "糯米去喵星了，呜呜"],
])
def test_a_pets_death_said_gently_ends_the_pet(tmp_path: Path, texts: list[str]) -> None:
    items = _items(tmp_path, texts)
    assert not [d for status, k, d in items if status == "active" and k.startswith("fact:pet:")], items


@pytest.mark.parametrize(("texts", "ended", "kept"), [
    (["I work at Boeing", "I used to work at Boeing, these days I freelance"], "Boeing", ""),
    (["我在华为上班", "我以前在华为上班"], "华为", ""),
    (["I live in Madrid", "I used to live in Lisbon"], "", "Madrid"),
    (["我住在南京", "我以前住在西安"], "", "南京"),
])
def test_used_to_ends_that_value_only(tmp_path: Path, texts: list[str], ended: str, kept: str) -> None:
    items = _items(tmp_path, texts)
    active = [d for status, k, d in items if status == "active" and k.startswith("fact:")]
    if ended:
        assert not [d for d in active if ended in d and "no longer" not in d and "不再" not in d
                    and "离职" not in d], items
    if kept:
        assert [d for d in active if kept in d] and not [d for d in active if "Lisbon" in d or "西安" in d], items


@pytest.mark.parametrize(("texts", "key", "hits"), [
    (["I work at Xiaomi", "我现在在小米上班"], "fact:works_at", 2),
    (["我在字节跳动上班", "I work at ByteDance, on the ads team", "在字节上班"], "fact:works_at", 3),
    (["I'm a student at Tsinghua University", "我在清华读书"], "fact:school", 2),
])
def test_the_same_organisation_in_the_other_language_is_a_hit(tmp_path: Path, texts: list[str], key: str,
                                                              hits: int) -> None:
    memory = _memory(tmp_path, texts)
    everything = [i for i in memory.store.list_items("u1", statuses=None) if i.key == key]
    assert len(everything) == 1 and everything[0].hit >= hits - 1, \
        [(i.status, i.description, i.hit) for i in everything]
    assert "；" not in everything[0].description and "; " not in everything[0].description  # not appended


def test_another_employer_in_the_other_language_still_supersedes(tmp_path: Path) -> None:
    items = _items(tmp_path, ["I work at Baidu", "我现在在京东上班"])
    assert _active(items, "fact:works_at") == ["用户在京东工作"], items


@pytest.mark.parametrize("texts", [
    ["I live in Austin", "in Denver for a work trip this week", "home again, the Denver trip's done"],
    ["我住在成都", "这几天在上海开会，住酒店", "开会回来了，还是家里舒服"],
])
def test_a_trip_said_to_be_over_ends_then(tmp_path: Path, texts: list[str]) -> None:
    memory = _memory(tmp_path, texts, days_apart=2)
    ended_at = T0 + timedelta(days=4)
    trips = [i for i in memory.store.list_items("u1") if i.kind == "event" and i.source == ["t1"]]
    assert trips and all(i.valid_until == ended_at for i in trips), [(i.description, i.valid_until) for i in trips]
    home = [i for i in memory.store.list_items("u1") if i.key == "fact:lives_in"]
    assert len(home) == 1 and ("Austin" in home[0].description or "成都" in home[0].description)
    back = [i for i in memory.store.list_items("u1") if i.kind == "event" and i.source == ["t2"]]
    assert back and back[0].valid_until is None  # saying the trip is over is no trip of its own


def test_a_trip_over_ends_no_stay_already_ended_and_no_lasting_fact(tmp_path: Path) -> None:
    memory = _memory(tmp_path, ["I live in Austin", "staying at a hotel in Denver this week", "back home!"],
                     days_apart=20)  # the stay's week was over long before
    trip = next(i for i in memory.store.list_items("u1") if i.kind == "event" and i.source == ["t1"])
    assert trip.valid_until == T0 + timedelta(days=20 + 7)
    assert [i.description for i in memory.store.list_items("u1") if i.key == "fact:lives_in"] \
        == ["User lives in Austin"]


@pytest.mark.parametrize(("texts", "title"), [
    (["I'm a backend developer at Zalando", "I was promoted to engineering manager in March"], "engineering manager"),
    (["I'm a nurse on the cardiac ward", "just made senior staff nurse, still can't believe it"], "senior staff nurse"),
    (["我在银行做柜员", "今年被提拔成了大堂经理"], "大堂经理"),
])
def test_a_promotion_said_any_way_is_the_new_title(tmp_path: Path, texts: list[str], title: str) -> None:
    titles = _active(_items(tmp_path, texts), "fact:occupation")
    assert len(titles) == 1 and title in titles[0], titles


@pytest.mark.parametrize(("texts", "new"), [
    (["I work at Huawei", "现在去京东上班了，离家近"], "京东"),
    (["我在腾讯上班", "Working for Grab these days, started in May"], "Grab"),
])
def test_a_new_employer_said_without_the_subject(tmp_path: Path, texts: list[str], new: str) -> None:
    employer = _active(_items(tmp_path, texts), "fact:works_at")
    assert len(employer) == 1 and new in employer[0], employer


@pytest.mark.parametrize(("texts", "new"), [
    (["I live in Xiamen", "搬家了 现在在杭州西湖"], "杭州西湖"),
    (["我住在上海", "我搬家啦 现在在成都武侯区"], "成都武侯"),
])
def test_a_move_said_with_a_space_for_a_comma(tmp_path: Path, texts: list[str], new: str) -> None:
    home = _active(_items(tmp_path, texts), "fact:lives_in")
    assert len(home) == 1 and new in home[0], home
