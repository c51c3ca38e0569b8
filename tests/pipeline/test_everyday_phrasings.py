"""Facts said in everyday phrasings a new user's trial found storing nothing, each read by a kind of phrasing, in
English and Chinese: companions listed after a home, a replacement said after a stop, an English name inside
Chinese, a degree word before a like, a manner word between subject and verb, a provider held, a headline
word before a statement, a preferred name, what the asker is said as the ground of a question, and exams
planned and passed; with the phrasings that must store nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active as _active
from _slot_items import slot_items

from memory_core.pipeline.presupposed import presupposed
from memory_core.pipeline.switch import held_provider

START = datetime(2026, 11, 3, 9, tzinfo=UTC)


@pytest.mark.parametrize(("said", "home", "partner", "pet"), [
    ("I live in Hackney with my gf Sarah and our cat Biscuit", "Hackney", "Sarah", "Biscuit"),
    ("Just moved to Bristol with my hubby Dan and our dog Pip", "Bristol", "Dan", "Pip"),
    ("我和男朋友阿杰还有我们家的橘猫年糕一起住在杭州", "杭州", "阿杰", "年糕"),
])
def test_companions_listed_with_a_home_are_each_stored(tmp_path: Path, said: str, home: str, partner: str,
                                                       pet: str) -> None:
    live = _active(slot_items(tmp_path, [said], start=START, days_apart=1))
    assert any(k.startswith("fact:lives_in") and home in t for k, t in live), live
    assert any(k.startswith("fact:partner") and partner in t for k, t in live), live
    assert any(k.startswith("fact:pet:") and pet in t for k, t in live), live


@pytest.mark.parametrize(("before", "stop", "old", "new"), [
    ("I love running, I do a 5k most mornings", "stopped running, swimming instead", "running", "swimming"),
    ("I go hiking every weekend", "gave up hiking, doing yoga instead", "hiking", "yoga"),
])
def test_a_replacement_said_after_a_stop_is_the_new_activity(tmp_path: Path, before: str, stop: str, old: str,
                                                             new: str) -> None:
    live = _active(slot_items(tmp_path, [before, stop], start=START, days_apart=3))
    assert any(new in t for _, t in live), live
    assert not any(old in t and not any(w in t for w in ("no longer", "stopped", "gave up")) for _, t in live), live


@pytest.mark.parametrize(("said", "words"), [
    ("joined Google, started doing yoga again", ("Google", "yoga")),
    ("入职了腾讯，又开始练瑜伽了", ("腾讯", "瑜伽")),
])
def test_two_clauses_of_one_turn_each_store_their_fact(tmp_path: Path, said: str, words: tuple[str, str]) -> None:
    live = _active(slot_items(tmp_path, [said], start=START, days_apart=1))
    assert all(any(w in t for _, t in live) for w in words), live


@pytest.mark.parametrize(("said", "key", "word"), [
    ("每天早上都要喝一杯 latte", "pref:latte", "latte"),  # an English name of a known drink inside Chinese
    ("我每周都要吃一次 pizza", "pref:pizza", "pizza"),
    ("超爱吃火锅，尤其是重庆火锅", "pref:hot pot", "火锅"),  # a degree word opens the like, 我 left out
    ("特别喜欢喝奶茶", "pref:milk tea", "奶茶"),
    ("I eat a lot of seafood", "", "seafood"),  # a kind of a known food: kept in the user's words
])
def test_a_food_or_drink_said_colloquially_is_a_like(tmp_path: Path, said: str, key: str, word: str) -> None:
    live = _active(slot_items(tmp_path, [said], start=START, days_apart=1))
    assert any((k == key or not key) and word in t for k, t in live), live


@pytest.mark.parametrize(("said", "key", "word"), [
    ("base 在 Singapore", "fact:lives_in", "Singapore"),
    ("现在 base 上海", "fact:lives_in", "上海"),
    ("周末一般去打羽毛球, badminton with colleagues", "fact:hobby:", "羽毛球"),
    ("平时经常去打网球", "fact:hobby:", "网球"),
    ("我妈一个人住在青岛", "fact:mom/lives_in", "青岛"),  # a manner word between subject and verb
    ("我外婆独自住在苏州", "fact:外婆/lives_in", "苏州"),
    ("My mom lives alone in Qingdao", "fact:mom/lives_in", "Qingdao"),
])
def test_a_fact_said_with_a_colloquial_word_in_the_way_is_read(tmp_path: Path, said: str, key: str,
                                                               word: str) -> None:
    live = _active(slot_items(tmp_path, [said], start=START, days_apart=1))
    assert any(k.startswith(key) and word in t for k, t in live), live
    if "/" in key:  # another person's home is never the user's
        assert not any(k.startswith("fact:lives_in") for k, _ in live), live


@pytest.mark.parametrize(("clause", "lang", "held"), [
    ("I'm on Verizon", "en", True),
    ("I bank with Monzo", "en", True),
    ("my carrier is EE now", "en", True),
    ("我用的是中国移动", "zh", True),
    ("I'm on the phone with my mum", "en", False),
    ("I'm on a diet", "en", False),
    ("我用的是安卓手机", "zh", False),
])
def test_a_provider_held_is_read_only_when_it_names_one(clause: str, lang: str, held: bool) -> None:
    assert held_provider(clause, lang) is held


@pytest.mark.parametrize(("said", "word"), [("I'm on Verizon", "Verizon"), ("我用的是联通", "联通")])
def test_the_users_provider_is_stored_another_persons_is_not_the_users(tmp_path: Path, said: str,
                                                                       word: str) -> None:
    live = _active(slot_items(tmp_path, [said], start=START, days_apart=1))
    assert any(word in t and (t.startswith("User") or t.startswith("用户")) for _, t in live), live
    other = "my friend is on Verizon" if word == "Verizon" else "我朋友用的是联通"
    theirs = _active(slot_items(tmp_path / "b", [other], start=START, days_apart=1))
    assert not any(t.startswith(("User is", "User uses", "用户用")) for _, t in theirs), theirs


@pytest.mark.parametrize(("said", "word", "headline"), [
    ("Confession: I still sleep with a teddy bear", "teddy bear", "Confession"),
    ("Fun fact: I'm left-handed", "left-handed", "Fun fact"),
    ("坦白：我到现在还抱着玩偶睡觉", "玩偶", "坦白"),
])
def test_a_headline_word_before_a_statement_is_dropped_and_the_statement_kept(tmp_path: Path, said: str,
                                                                              word: str, headline: str) -> None:
    live = _active(slot_items(tmp_path, [said], start=START, days_apart=1))
    assert any(word in t and headline not in t for _, t in live), live


@pytest.mark.parametrize(("said", "name"), [
    ("call me Tommy", "Tommy"), ("just call me Liz, everyone does", "Liz"), ("叫我小王就行", "小王"),
    ("你可以叫我Tommy", "Tommy"),
])
def test_a_preferred_name_is_stored_and_is_no_contact_preference(tmp_path: Path, said: str, name: str) -> None:
    live = _active(slot_items(tmp_path, [said], start=START, days_apart=1))
    assert any(k == "fact:called" and name in t for k, t in live), live
    assert not any(k.startswith("fact:contact") for k, _ in live), live


@pytest.mark.parametrize("said", ["call me at 5", "call me tomorrow", "叫我起床", "Call me Monday about it"])
def test_a_call_request_names_no_preferred_name(tmp_path: Path, said: str) -> None:
    live = _active(slot_items(tmp_path, [said], start=START, days_apart=1))
    assert not any(k.startswith("fact:called") for k, _ in live), live


@pytest.mark.parametrize(("clause", "lang", "grounds", "rest"), [
    ("as a vegan, is honey ok for me?", "en", "I'm a vegan", "is honey ok for me?"),
    ("as a vegan", "en", "I'm a vegan", ""),
    ("being diabetic, can I have a little cake?", "en", "I'm diabetic", "can I have a little cake?"),
    ("作为一个素食者", "zh", "我是素食者", ""),
    ("as a joke, can you write me a poem?", "en", "", "as a joke, can you write me a poem?"),
    ("作为朋友", "zh", "", "作为朋友"),
])
def test_what_the_asker_is_opens_a_question_only_when_a_slot_reads_it(clause: str, lang: str, grounds: str,
                                                                      rest: str) -> None:
    assert presupposed(clause, lang) == (grounds, rest)


@pytest.mark.parametrize(("said", "key"), [
    ("as a vegan, is honey ok for me?", "fact:diet"),
    ("作为一个素食者，蜂蜜能吃吗？", "fact:diet"),
    ("我对猫毛过敏，能养布偶猫吗？", "fact:allergy:cats"),
])
def test_a_fact_inside_a_question_is_stored(tmp_path: Path, said: str, key: str) -> None:
    live = _active(slot_items(tmp_path, [said], start=START, days_apart=1))
    assert any(k == key for k, _ in live), live


@pytest.mark.parametrize(("plan", "outcome", "word"), [
    ("I'm taking the IELTS in May", "passed IELTS with 7.5!!", "IELTS"),
    ("I've signed up for the GRE in October", "Aced my GRE!", "GRE"),
    ("打算下个月考驾照", "驾照考过了！", "驾照"),
    ("我准备考雅思", "雅思终于过了", "雅思"),
])
def test_an_exam_planned_is_a_goal_and_its_pass_ends_it(tmp_path: Path, plan: str, outcome: str, word: str) -> None:
    first = _active(slot_items(tmp_path, [plan], start=START, days_apart=1))
    assert any(k.startswith("todo:") and word in t for k, t in first), first
    rows = slot_items(tmp_path / "b", [plan, outcome], start=START, days_apart=20)
    live = _active(rows)
    assert any(word in t for _, t in live) and len([k for k, _ in live if k.startswith("todo:")]) == 1, rows
    assert not any(t.endswith(("is taking " + word + " in May", "要考" + word)) for _, t in live), rows


@pytest.mark.parametrize("said", ["I'm not sure if I should take the IELTS", "如果考过了驾照就买车",
                                  "想考虑考雅思"])
def test_an_exam_weighed_or_conditional_is_no_goal(tmp_path: Path, said: str) -> None:
    live = _active(slot_items(tmp_path, [said], start=START, days_apart=1))
    assert not any(k.startswith("todo:") for k, _ in live), live
