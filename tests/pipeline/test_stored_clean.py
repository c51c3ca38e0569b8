"""What the write path stores is clean and whole, in English and Chinese: one meal or night overdone is no fact,
and a pet or partner named in Han script inside English keeps the name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _slot_items import live

from memory_core.model import Turn
from memory_core.pipeline.jest import overdone
from memory_core.pipeline.labelled import labelled

TurnFactory = Callable[..., Turn]
Ingest = Callable[[Turn], list[Any]]


def texts(store: Any) -> list[str]:
    return [i.description for i in live(store)]


@pytest.mark.parametrize("said", [
    "lol I ate way too much",
    "went to my mom's for dinner, I drank too much wine haha",
    "we had way too many drinks last night lol",
    "春节回成都看我妈了，吃太多了😂",
    "周末聚餐，我又吃撑了哈哈",
    "昨晚喝多了🤣",
])
def test_one_meal_or_night_overdone_states_no_fact(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                   said: str) -> None:
    ingest(make_turn(said))
    assert not [t for t in texts(store) if not t.startswith("user:")], texts(store)


@pytest.mark.parametrize(("clause", "lang", "moment"), [
    ("I ate way too much", "en", True),
    ("I overate at dinner", "en", True),
    ("I drink too much coffee every day", "en", False),
    ("I have too much work", "en", False),
    ("我吃太多了", "zh", True),
    ("我又吃撑了", "zh", True),
    ("我平时咖啡喝得太多了", "zh", False),
    ("我喝多了就脸红", "zh", False),
    ("我吃多了辣的会胃疼", "zh", False),
])
def test_overdone_by_kind(clause: str, lang: str, moment: bool) -> None:
    assert overdone(clause, lang) is moment


@pytest.mark.parametrize(("said", "name"), [
    ("I have a cat named 团子", "团子"),
    ("my dog is called 豆豆, he's a shiba", "豆豆"),
    ("we adopted a puppy, her name is 可乐", "可乐"),
    ("my boyfriend is called 阿哲", "阿哲"),
])
def test_a_han_name_inside_english_is_kept(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                           said: str, name: str) -> None:
    ingest(make_turn(said))
    assert any(name in t for t in texts(store) if not t.startswith("user:")), texts(store)


@pytest.mark.parametrize(("said", "kept"), [
    ("My money goal this year: save 200k RMB for a down payment", ("200k", "down payment")),
    ("my fitness goal for 2026: run a half marathon under 2 hours", ("half marathon", "2 hours")),
    ("New Year's resolution: read 30 books", ("30 books",)),
    ("今年的存钱目标：存够20万付首付", ("20万", "首付")),
    ("我的小目标：年底前考过N2", ("N2",)),
])
def test_a_goal_said_as_a_label_keeps_its_value(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                said: str, kept: tuple[str, ...]) -> None:
    ingest(make_turn(said))
    assert any(all(k in t for k in kept) for t in texts(store) if not t.startswith("user:")), texts(store)


@pytest.mark.parametrize(("text", "read"), [
    ("Goal for 2026: run a marathon", "My goal for 2026 is to run a marathon"),
    ("our savings target: 50k by June", "our savings target is 50k by June"),
    ("Update: I moved to Leeds", "Update: I moved to Leeds"),
    ("Your goal today: drink water", "Your goal today: drink water"),
    ("今年计划：去日本玩一趟吗？", "今年计划：去日本玩一趟吗？"),
])
def test_labelled_by_kind(text: str, read: str) -> None:
    assert labelled(text) == read


@pytest.mark.parametrize(("said", "condition"), [
    ("I was diagnosed with epilepsy as a kid", "epilepsy"),
    ("I got diagnosed with asthma when I was little", "asthma"),
    ("我小时候就被诊断出有哮喘", "哮喘"),
    ("我去年被诊断出高血压", "高血压"),
])
def test_a_diagnosis_made_in_childhood_still_holds(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                   said: str, condition: str) -> None:
    ingest(make_turn(said))
    assert any(condition in t for t in texts(store) if not t.startswith("user:")), texts(store)


@pytest.mark.parametrize("said", [
    "my friend has epilepsy",
    "我朋友小时候被诊断出哮喘",
    "I played piano as a kid",
    "I was diagnosed with asthma as a kid but I grew out of it",
])
def test_no_diagnosis_of_the_user_from_another_or_an_ended_one(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                             said: str) -> None:
    ingest(make_turn(said))
    assert not any(t.startswith(("User has", "用户有")) for t in texts(store)), texts(store)
