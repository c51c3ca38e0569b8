"""A later turn that names an item's thing in a supposition, a plan, a question, a change or a return of the
item's thing adds nothing to the item (issue 13, trial 31 W1/W2): the item keeps its own text, or a change
of it supersedes it; a real detail is still joined."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.detail_mood import CHANGED, NOT_SAID, RETURNED, mood_of


@pytest.mark.parametrize(("said", "lang", "mood"), [
    ("User: if I fail Analysis again I'll get kicked out", "en", NOT_SAID),
    ("considering moving to Berlin and transferring to TU Berlin", "en", NOT_SAID),
    ("用户：要是这学期再挂科就得延毕了", "zh", NOT_SAID),
    ("用户：在考虑要不要转去复旦", "zh", NOT_SAID),
    ("用户：从紫荆公寓搬到学府小区了", "zh", CHANGED),
    ("Jonas moved out, new roommate is Aiko", "en", CHANGED),
    ("媳妇辞职了 从东莞过来广州", "zh", CHANGED),
    ("coffee is back lol, one small latte a day", "en", RETURNED),
    ("用户：咖啡又喝上了，一天一杯", "zh", RETURNED),
    ("香菜真的受不了，闻到就想吐", "zh", ""),
    ("用户：团子不见了两天，今天自己回家了", "zh", ""),
    ("用户：那盆 monstera 是搬家时同事送的，现在已经快一米高了", "zh", ""),
    ("a friend gave me the monstera when I moved, it's almost a metre tall now", "en", ""),
    ("Pottery again tomorrow, such a relaxing activity", "en", ""),
    ("her name is Biscuit, she's a beagle mix", "en", ""),
    ("用户：Informatik 太难了 Analysis 挂了 thinking about switching major", "zh", NOT_SAID),
    ("Rex is 3 years old btw", "en", ""),
    ("用户的猫 Miso is 3 years old now", "zh", ""),
    ("用户：CPA 还剩税法和审计", "zh", ""),
])
def test_mood_of_reads_what_keeps_a_sentence_from_being_a_detail(said: str, lang: str, mood: str) -> None:
    assert mood_of(said, lang) == mood


@pytest.mark.parametrize(("texts", "kept", "foreign"), [
    (["I study computer science at TU Munich", "if I fail Analysis again at TU Munich I'm done"],
     "TU Munich", "fail"),
    (["I study computer science at TU Munich", "thinking about transferring from TU Munich to TU Berlin"],
     "TU Munich", "Berlin"),
    (["我住在杭州西湖区", "要是西湖区房租再涨，我就得搬走了"], "西湖区", "房租"),
    (["我住在杭州西湖区", "在考虑要不要从西湖区搬去滨江"], "西湖区", "滨江"),
    (["我在 TU München 读 Informatik bachelor", "Informatik 太难了 Analysis 挂了 thinking about switching major",
      "if I fail Analysis again I'll get Exmatrikulation 那就完蛋了"], "Informatik bachelor", "Analysis"),
    (["我媳妇在东莞电子厂上班", "媳妇辞职了 从东莞过来广州跟我住了"], "电子厂", "辞职"),
])
def test_a_supposition_plan_or_return_is_never_glued_onto_the_item(texts: list[str], kept: str,
                                                                   foreign: str) -> None:
    items = planned_items(texts, timedelta(days=20))
    holding = [d for s, _, d in items if kept in d]
    assert holding, items
    assert not any(foreign in d for d in holding), items


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["开学了，我在一所小学当语文老师，今年带三年级", "老师不当了，辞职考进了税务局，现在算是公务员了"],
     "语文老师", "税务局"),
    # 媳妇 is a partner word like 老婆: her job's end is her item's, in its template ("用户的媳妇已离职")
    (["我媳妇在东莞电子厂上班", "媳妇辞职了 从东莞过来广州跟我住了"], "电子厂", "离职"),
    (["I quit coffee, the doctor said no caffeine", "coffee is back, one flat white a day"], "no longer", "flat white"),
])
def test_a_change_of_the_items_thing_supersedes_it(texts: list[str], old: str, new: str) -> None:
    items = planned_items(texts, timedelta(days=20))
    assert not any(s == "active" and old in d for s, _, d in items), items
    assert any(s == "active" and new in d for s, _, d in items), items


def test_a_change_of_another_thing_is_no_change_of_the_item() -> None:
    assert mood_of("基本不自己画稿了", "zh", names_item=lambda c: "designer" in c) == ""
    assert mood_of("Jonas moved out, new roommate is Aiko", "en", names_item=lambda c: "informatik" in c) == ""


@pytest.mark.parametrize("text", ["The kids are back at school, Emma started 6th grade",
                                  "kids went back to school today", "I'm back at work after the holidays"])
def test_a_place_one_is_back_at_is_no_return(text: str) -> None:
    # "back at school" says where someone is again, not a thing taken up after a stop: "mom of two kids" was ended
    assert mood_of(text, "en", "User", lambda clause: True) == ""
