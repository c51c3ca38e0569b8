"""Item texts keep the user's words whole: adverbs and contractions are not inflected as verbs, a commute begun
is no possession nor hobby, how long a stop has held is no part of the thing, a pet named after an aside keeps
its name, and a holiday spent or a mishap of a thing stays an episode (English and Chinese)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import Kind, Status, Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.episode_words import befell, holiday_spent
from memory_core.pipeline.third_person import en_adverb, third_person, third_verb

_AT = datetime(2025, 3, 1, 10, tzinfo=UTC)


def _items(*texts: str) -> list[tuple[str, str]]:
    """(key, description) of the active non-event items the user turns ``texts`` leave, a day apart."""
    store, pipeline = DictStore(), WritePipeline()
    for n, text in enumerate(texts):
        turn = Turn(user_id="u1", turn_id=f"t{n}", session_id="s1", role="user", text=text,
                    timestamp=_AT + timedelta(days=n))
        store.apply("u1", pipeline.plan(turn, store))
    return [(str(i.key or ""), i.description) for i in store.list_items("u1", statuses=[Status.ACTIVE])
            if i.kind != Kind.EVENT]


@pytest.mark.parametrize(("verb", "third"), [
    ("write", "writes"), ("study", "studies"), ("haven't", "hasn't"), ("don't", "doesn't"), ("didn't", "didn't"),
    ("fully", "fully"), ("barely", "barely"), ("apply", "applies"), ("fly", "flies"), ("wasn't", "wasn't"),
])
def test_third_verb_leaves_adverbs_and_contractions_alone(verb: str, third: str) -> None:
    assert third_verb(verb) == third


def test_en_adverb_tells_ly_adverbs_from_ly_verbs() -> None:
    assert en_adverb("fully") and en_adverb("mostly") and en_adverb("hardly")
    assert not en_adverb("apply") and not en_adverb("rely") and not en_adverb("fly") and not en_adverb("only")


@pytest.mark.parametrize(("clause", "said"), [
    ("I fully work from home", "User fully works from home"),
    ("I barely sleep these days", "User barely sleeps these days"),
    ("I really only cook on weekends", "User really only cooks on weekends"),
    ("I haven't had a drink in ten years", "User hasn't had a drink in ten years"),
])
def test_third_person_inflects_the_verb_after_the_adverbs(clause: str, said: str) -> None:
    assert third_person(clause, "User", "en") == said


@pytest.mark.parametrize("text", ["最近开始骑自行车上班", "我开始骑电动车上班了", "这个月开始开车上班"])
def test_zh_commute_begun_is_no_possession(text: str) -> None:
    items = _items(text)
    assert not [k for k, _ in items if k.startswith("fact:owns")], items
    assert any(k == "fact:commute" for k, _ in items), items
    assert not any("始" in d and "开始" not in d for _, d in items), items


@pytest.mark.parametrize("text", ["I've started biking to work", "I started cycling to the office last month"])
def test_en_commute_begun_is_no_hobby(text: str) -> None:
    items = _items(text)
    assert not [k for k, _ in items if k.startswith("fact:hobby")], items
    assert any(k == "fact:commute" for k, _ in items), items


def test_a_bought_car_and_a_hobby_begun_still_count() -> None:
    assert any(k == "fact:owns:car" for k, _ in _items("买了辆特斯拉")), _items("买了辆特斯拉")
    assert any(k.startswith("fact:hobby") for k, _ in _items("I've taken up pottery")), _items("I've taken up pottery")


@pytest.mark.parametrize(("text", "thing"), [("我不喝酒都十年了", "酒"), ("我不喝可乐好多年了", "可乐"),
                                             ("我不喝咖啡快一年了", "咖啡"), ("我不喝奶茶整整两年了", "奶茶")])
def test_zh_how_long_a_stop_held_is_no_part_of_the_thing(text: str, thing: str) -> None:
    texts = [d for _, d in _items(text)]
    assert texts and all(d.endswith(thing) for d in texts), texts


@pytest.mark.parametrize(("turns", "name"), [
    (("I have a cat named Tofu.", "We just adopted a second cat, a black one named Mochi!"), "Mochi"),
    (("got another dog, a brown one called Pepper",), "Pepper"),
    (("我养了一只猫叫豆豆。", "又养了一只猫，黑色的，叫Mochi。"), "Mochi"),
    (("新养了一只柯基，叫豆豆。",), "豆豆"),
    (("我新养了一只柴犬，三个月大的，叫年糕",), "年糕"),
])
def test_a_pet_named_after_an_aside_keeps_its_name(turns: tuple[str, ...], name: str) -> None:
    items = _items(*turns)
    assert any(name in d and k.startswith("fact:pet") for k, d in items), items


def test_another_persons_pet_named_so_stays_theirs() -> None:
    items = _items("我朋友家的狗叫旺财。")
    assert not any(d.startswith("用户有") and "旺财" in d for _, d in items), items


@pytest.mark.parametrize(("clause", "lang"), [
    ("I spent Christmas in Singapore with Dana", "en"), ("We celebrated Thanksgiving at my aunt's in Ohio", "en"),
    ("今年春节是在新加坡跟Dana一起过的", "zh"), ("国庆在三亚玩了一周", "zh"), ("中秋是在杭州跟爸妈一起过的", "zh"),
])
def test_holiday_spent_is_an_episode(clause: str, lang: str) -> None:
    assert holiday_spent(clause, lang)


@pytest.mark.parametrize(("clause", "lang"), [("I love Christmas", "en"), ("I live in Singapore", "en"),
                                              ("我住在新加坡", "zh"), ("我最喜欢过春节", "zh")])
def test_a_lasting_fact_is_no_holiday_episode(clause: str, lang: str) -> None:
    assert not holiday_spent(clause, lang)


@pytest.mark.parametrize(("turns", "lang"), [
    (("I live in Shanghai.", "I spent Christmas in Singapore with Dana."), "en"),
    (("我住在上海。", "今年春节是在新加坡跟Dana一起过的。"), "zh"),
])
def test_a_holiday_leaves_no_fact_and_home_stays(turns: tuple[str, ...], lang: str) -> None:
    items = _items(*turns)
    assert not any("Singapore" in d or "新加坡" in d for _, d in items), items
    assert any(k == "fact:lives_in" and ("Shanghai" in d or "上海" in d) for k, d in items), items


@pytest.mark.parametrize(("clause", "lang", "said"), [
    ("My Pixel 8 fell in the MRT and cracked", "en", True), ("I dropped my laptop yesterday", "en", True),
    ("My bike got stolen outside the gym", "en", True), ("My dog is a golden retriever", "en", False),
    ("我的华为手机昨天在地铁上摔碎了屏幕", "zh", True), ("我的自行车被偷了", "zh", True),
    ("我的狗是柯基", "zh", False),
])
def test_befell_tells_a_mishap(clause: str, lang: str, said: bool) -> None:
    assert befell(clause, lang) is said


@pytest.mark.parametrize("turns", [("I have a Google Pixel 8.", "My Pixel 8 fell in the MRT and cracked."),
                                   ("我用华为手机。", "我的华为手机昨天在地铁上摔碎了屏幕。")])
def test_a_mishap_is_not_joined_onto_the_things_item(turns: tuple[str, ...]) -> None:
    items = _items(*turns)
    assert items and not any(";" in d or "；" in d for _, d in items), items


def test_a_detail_is_still_joined() -> None:
    items = _items("I have a cat named Tofu.", "Tofu is a ragdoll.")
    assert any("ragdoll" in d and "Tofu" in d for _, d in items), items
