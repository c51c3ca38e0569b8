"""Write-path kinds from a new user's trial, each a rule tested in English and Chinese with sentences of our own:
a bare end ("gave up", 放弃了) takes the thing said before it; a clause cut at the text's end states nothing;
filler is no part of a value; a district refines the home city; a medicine named by its ending; pet counts and
two names; "在家带娃" is no employer; "X and I" is one subject; a bond changed without a name keeps the name."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.clauses import split_clauses

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _items(tmp_path: Path, *texts: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(active (key, description), superseded (key, description)) after ``texts``, one a day."""
    rows = slot_items(tmp_path, list(texts), start=START, days_apart=1)
    return ([(k, d) for s, k, d in rows if s == "active"], [(k, d) for s, k, d in rows if s == "superseded"])


@pytest.mark.parametrize(("first", "then", "thing"), [
    ("I've been taking Korean lessons since spring.", "Korean got way too hard, so I gave up.", "korean"),
    ("I started learning the violin in January.", "The violin was too much with work, I quit it.", "violin"),
    ("我最近在学韩语。", "韩语实在学不进去，放弃了。", "韩语"),
    ("我每周去练瑜伽。", "瑜伽太累了，我就不练了。", "瑜伽"),
])
def test_a_bare_end_takes_the_thing_said_before_it(tmp_path: Path, first: str, then: str, thing: str) -> None:
    active, gone = _items(tmp_path, first, then)
    current = [d for _, d in active if thing in d.casefold()]  # the activity is no longer current, its end is
    assert current and all(("no longer" in d or "gave up" in d or "quit" in d or "不再" in d or "放弃" in d)
                           for d in current), (active, gone)
    assert not any(d.rstrip("了") in ("用户放弃", "User gave up", "User quit") for _, d in active), active


@pytest.mark.parametrize(("clause", "lang", "out"), [
    ("Swimming got boring after a while, I stopped", "en", "I stopped Swimming"),
    ("吉他太难了，我放弃了", "zh", "我放弃了吉他"),
])
def test_split_puts_the_object_back_into_a_bare_end(clause: str, lang: str, out: str) -> None:
    assert out in [c for c, _ in split_clauses(clause)]


@pytest.mark.parametrize("text", [
    "I work at a bakery downtown. I live in Leeds. I li",
    "I work at a bakery downtown. Also I live in",
    "我在面包店上班。我住在",
    ("我住在成都。" * 1400)[:7996] + "我住在重",  # at the length limit: the last clause was cut
])
def test_a_clause_cut_at_the_texts_end_states_nothing(tmp_path: Path, text: str) -> None:
    active, _ = _items(tmp_path, text)
    places = [d for k, d in active if "lives_in" in k]
    assert all(d.endswith(("Leeds", "成都")) for d in places), active
    assert not any(d in ("User lis", "User lives in", "用户住在") or d.endswith("重") for _, d in active), active


@pytest.mark.parametrize(("text", "value"), [
    ("moved to leeds last month, i live in leeds now btw, it's cold af", "leeds"),
    ("I work at Deloitte now lol", "Deloitte"),
    ("我现在住在苏州啦哈哈", "苏州"),
])
def test_filler_is_no_part_of_a_value(tmp_path: Path, text: str, value: str) -> None:
    active, _ = _items(tmp_path, text)
    slot = [d for k, d in active if k in ("fact:lives_in", "fact:works_at")]
    assert slot and all(d.endswith(value) for d in slot), active


@pytest.mark.parametrize(("city", "district", "kept", "added"), [
    ("I live in Chengdu.", "我住在武侯区，离地铁很近", "Chengdu", "武侯区"),
    ("我住在北京。", "我住在朝阳区", "北京", "朝阳区"),
    ("I live in Chicago.", "I live in the Logan Square neighborhood", "Chicago", "Logan Square"),
])
def test_a_district_refines_the_home_city(tmp_path: Path, city: str, district: str, kept: str, added: str) -> None:
    active, gone = _items(tmp_path, city, district)
    homes = [d for k, d in active if k == "fact:lives_in"]
    assert len(homes) == 1 and kept in homes[0] and added in homes[0], (active, gone)


@pytest.mark.parametrize(("city", "move", "now"), [
    ("我住在北京。", "我搬到浦东新区了", "浦东新区"),
    ("I live in Chicago.", "We moved to the Wicker Park neighborhood", "Wicker Park"),
])
def test_a_move_to_a_district_is_still_a_move(tmp_path: Path, city: str, move: str, now: str) -> None:
    active, gone = _items(tmp_path, city, move)
    homes = [d for k, d in active if k == "fact:lives_in"]
    assert len(homes) == 1 and now in homes[0] and gone, (active, gone)


@pytest.mark.parametrize(("text", "drug"), [
    ("最近在吃阿托伐他汀，一天一片", "阿托伐他汀"),
    ("每天早上吃一片缬沙坦", "缬沙坦"),
    ("I take lisinopril every morning", "lisinopril"),
])
def test_a_medicine_named_by_its_ending(tmp_path: Path, text: str, drug: str) -> None:
    active, _ = _items(tmp_path, text)
    assert any(k.startswith("fact:medication") and drug in d for k, d in active), active


@pytest.mark.parametrize(("text", "want"), [
    ("我家养了两条狗，一条叫旺财一条叫来福", ("两", "旺财", "来福")),
    ("We've got two rabbits, Clover and Biscuit", ("two", "Clover", "Biscuit")),
    ("I have three cats", ("three",)),
])
def test_pet_counts_and_names(tmp_path: Path, text: str, want: tuple[str, ...]) -> None:
    active, _ = _items(tmp_path, text)
    pets = [d for k, d in active if k.startswith("fact:pet")]
    assert pets and all(w in pets[0] for w in want), active


@pytest.mark.parametrize(("first", "second", "name"), [
    ("I have a hamster named Pip.", "I also have a parrot named Kiwi", "Kiwi"),
    ("我有一只猫叫豆豆。", "我还养了一只兔子叫团团", "团团"),
])
def test_a_second_pets_name_is_kept(tmp_path: Path, first: str, second: str, name: str) -> None:
    active, _ = _items(tmp_path, first, second)
    assert len([d for k, d in active if k.startswith("fact:pet")]) == 2, active
    assert any(name in d for k, d in active if k.startswith("fact:pet")), active


@pytest.mark.parametrize("text", ["我老婆在银行上班，我在家带孩子", "我在宿舍写论文呢，我室友在华为上班"])
def test_doing_something_at_home_is_no_employer(tmp_path: Path, text: str) -> None:
    active, _ = _items(tmp_path, "我在美团工作。", text)
    assert not any(k == "fact:works_at" and ("家" in d or "宿舍" in d) for k, d in active), active
    assert any(k == "fact:works_at" and "美团" in d for k, d in active), active


@pytest.mark.parametrize("text", ["My husband Omar and I are redoing the kitchen",
                                  "Omar and I are training for a half marathon"])
def test_x_and_i_is_one_subject(tmp_path: Path, text: str) -> None:
    active, _ = _items(tmp_path, text)
    assert not any("ares " in d or d.startswith("User are ") for _, d in active), active


@pytest.mark.parametrize(("partner", "bond", "name", "word"), [
    ("My boyfriend is Theo.", "we finally got married!", "Theo", "married"),
    ("I'm dating Ines.", "We got engaged last weekend", "Ines", "engaged"),
    ("我女朋友叫晓琳。", "我们上周领证了", "晓琳", "结婚"),
    ("我男朋友是阿凯。", "我们订婚了", "阿凯", "订婚"),
])
def test_a_bond_without_a_name_keeps_the_partners_name(tmp_path: Path, partner: str, bond: str, name: str,
                                                      word: str) -> None:
    active, gone = _items(tmp_path, partner, bond)
    now = [d for k, d in active if k == "fact:partner"]
    assert len(now) == 1 and name in now[0] and word in now[0], (active, gone)


@pytest.mark.parametrize(("before", "now", "old", "new"), [
    ("I work at Nordlys Bank.", "Left Nordlys in May. Two months in at Kestrel Health now, loving it", "Nordlys",
     "Kestrel Health"),
    ("我在京东上班。", "从京东离职了，进蔚来三个月了，挺忙的", "京东", "蔚来"),
])
def test_how_long_one_has_been_at_a_new_employer(tmp_path: Path, before: str, now: str, old: str, new: str) -> None:
    active, gone = _items(tmp_path, before, now)
    jobs = [d for k, d in active if k == "fact:works_at"]
    assert len(jobs) == 1 and new in jobs[0] and any(old in d for _, d in gone), (active, gone)


@pytest.mark.parametrize(("first", "then", "old", "new"), [
    ("我在一家物流公司当数据分析师。", "这个月我升成数据组长了", "数据分析师", "数据组长"),
    ("我在一家银行当柜员。", "上个月我升成柜台组长了", "柜员", "柜台组长"),
])
def test_a_new_title_leaves_no_old_title_inside_the_employer(tmp_path: Path, first: str, then: str, old: str,
                                                             new: str) -> None:
    active, _ = _items(tmp_path, first, then)
    assert any(new in d for _, d in active), active
    assert not any(old in d for _, d in active), active


@pytest.mark.parametrize(("first", "then"), [
    ("我吃素三年了。", "医生让我补蛋白，所以现在又开始吃虾和牛肉了"),
    ("I've been vegan for two years.", "My iron was low, so I'm eating fish and beef again"),
])
def test_eating_fish_and_meat_again_ends_a_vegetarian_diet(tmp_path: Path, first: str, then: str) -> None:
    active, gone = _items(tmp_path, first, then)
    diets = [d for k, d in active if k == "fact:diet"]
    assert len(diets) == 1 and ("eats meat" in diets[0] or "吃肉" in diets[0]) and gone, (active, gone)
