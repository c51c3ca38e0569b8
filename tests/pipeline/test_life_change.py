"""A later turn that says a change of the user's life, or speaks of someone else's relative, is no added detail of
an older item; the change ends the item it names (new-user trial 36, finding 1)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.life_change import change_kind, names_others_kin, says_life_change

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize("text", ["我们搬家了！在通州买了新房", "We moved to Jersey City", "团子去世了，才两岁",
                                  "Biscuit passed away last night", "奶茶店的工作辞了", "Quit the coffee shop job"])
def test_a_move_a_death_or_a_job_left_ends_what_it_names(text: str) -> None:
    assert change_kind(text) == "ends"


@pytest.mark.parametrize("text", ["I have a girlfriend now! Her name is Ana", "我有男朋友了，他叫周宇"])
def test_a_new_partner_is_a_change_that_ends_nothing(text: str) -> None:
    assert change_kind(text) == "partner" and says_life_change(text)


@pytest.mark.parametrize("text", ["Rex is 3 years old btw", "吉他老师是音乐学院毕业的", "累死了，今天加班"])
def test_a_plain_detail_says_no_change(text: str) -> None:
    assert change_kind(text) == ""


def test_someone_elses_relative_is_read_in_either_language() -> None:
    assert names_others_kin("Thanksgiving at our place, Tasha's parents flying in from Atlanta")
    assert names_others_kin("春节在我们家过，阿杰的爸妈从广州过来")
    assert not names_others_kin("my wife Tasha hates the 3am calls")
    assert not names_others_kin("我的老婆叫小芳")


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["我在一家奶茶店打工。", "奶茶店的工作辞了，现在在便利店当收银员。"], "奶茶店", "便利店"),
    (["我养了只兔子！叫团子，垂耳兔", "团子去世了😭 才两岁，兔子寿命真的好短"], "养了", "去世"),
    (["my wife Tasha hates the 3am calls", "Thanksgiving at our place, Tasha's parents flying in from Atlanta."],
     "Tasha", "Atlanta"),
])
def test_the_change_is_never_spliced_into_the_older_item(tmp_path: Path, texts: list[str], old: str,
                                                          new: str) -> None:
    live = [text for _, text in active(slot_items(tmp_path, texts, start=START, days_apart=30))]
    assert not any(old in t and new in t for t in live), live


def test_a_habit_said_beside_the_partners_name_is_kept(tmp_path: Path) -> None:
    texts = ["my wife Tasha hates the 3am calls", "been dipping since the academy. gotta stop, Tasha found a can"]
    live = [text for _, text in active(slot_items(tmp_path, texts, start=START, days_apart=30))]
    assert any("dipping" in t for t in live), live


@pytest.mark.parametrize("text", ["My first rabbit died years ago when I was a kid, Bun reminds me of her.",
                                  "小时候养的兔子去世了，团团让我想起它"])
def test_a_change_long_ago_says_none_of_now(text: str) -> None:
    assert change_kind(text) == ""
