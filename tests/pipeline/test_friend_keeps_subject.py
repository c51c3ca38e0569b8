"""A friend's or relative's fact keeps its subject: "我兄弟阿强也是骑手，他住在我隔壁" is about 阿强, and the 我 in it
is the user, never "自己" (next to himself) nor a fact of the user's own (issue 13, trial 31 W11)."""

from __future__ import annotations

import pytest
from _turn_factory import TurnFactory

from memory_core.model import Kind
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.third_person import third_person


def _keyed(make_turn: TurnFactory, text: str) -> list[tuple[str, str]]:
    return [
        (c.key, c.description) for c in WritePipeline().candidates(make_turn(text)) if c.kind != Kind.EVENT and c.key
    ]


@pytest.mark.parametrize(
    "text",
    [
        "我兄弟阿强也是骑手，他住在我隔壁，他养了只狗叫旺财",
        "我兄弟阿强 也是骑手 他住在我隔壁 他养了只狗叫旺财",
        "my buddy Jake is a courier too, he lives next door to me, he has a dog named Max",
    ],
)
def test_a_friends_fact_is_no_user_fact(make_turn: TurnFactory, text: str) -> None:
    keyed = _keyed(make_turn, text)
    assert keyed
    assert all("/" in key.split(":", 1)[1] for key, _ in keyed), keyed  # every key names the friend
    assert not any("自己" in d for _, d in keyed)


@pytest.mark.parametrize(
    ("text", "said"),
    [("我朋友小王住在我隔壁", "用户的朋友小王住在用户隔壁"), ("我妈住在我家楼下", "用户的妈住在用户家楼下")],
)
def test_the_users_me_in_another_persons_slot(make_turn: TurnFactory, text: str, said: str) -> None:
    assert said in [d for _, d in _keyed(make_turn, text)]


def test_third_person_keeps_the_user_after_another_person() -> None:
    assert third_person("我兄弟阿强也是骑手，他住在我隔壁", "用户", "zh") == "用户兄弟阿强也是骑手，他住在用户隔壁"
    assert third_person("我每天自己做饭，我的猫也吃我做的", "用户", "zh") == "用户每天自己做饭，自己的猫也吃自己做的"


def test_a_joint_subject_is_read_as_said(make_turn: TurnFactory) -> None:
    assert ("fact:husband/works_at", "用户的老公在上海工作") in _keyed(make_turn, "我老公和我都在上海工作")


def test_siblings_are_no_friend(make_turn: TurnFactory) -> None:
    assert not [k for k, _ in _keyed(make_turn, "我兄弟姐妹都在老家") if k.startswith("fact:兄弟")]
