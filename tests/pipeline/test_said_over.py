"""A value taken back inside its own turn is read in place of the first one (issue 13).

"I'm allergic to peanuts — no wait, I meant cashews": the allergy stored is to cashews, nothing keeps peanuts or
the cue; 在瑞金医院做护士，不对，是浙一医院: the employer is 浙一医院; "I'm 28 btw, no wait 29": 29.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.said_over import said_over


def _active(text: str) -> list[str]:
    """The descriptions of the active statements one user turn leaves."""
    store, pipeline = DictStore(), WritePipeline()
    turn = Turn("u1", "t1", "s", "user", text, datetime(2026, 3, 1, 8, tzinfo=UTC))
    store.apply("u1", pipeline.plan(turn, store))
    return [i.description for i in store.list_items("u1") if i.kind != "event"]


@pytest.mark.parametrize(("text", "read"), [
    ("I'm allergic to peanuts — no wait, I meant cashews. peanuts are fine", "I'm allergic to cashews"),
    ("I live in Leeds, sorry, I meant York.", "I live in York"),
    ("I work as a nurse at St Mary's, sorry I mean Guy's Hospital", "I work as a nurse at Guy's Hospital"),
    ("I'm 28 btw, no wait 29", "I'm 29 btw"),
    ("坐标杭州，在瑞金医院做护士，不对，是浙一医院", "坐标杭州，在浙一医院做护士"),
    ("我对芒果过敏，不对，是对菠萝过敏，芒果没事", "我对菠萝过敏"),
    ("我今年30岁，说错了，应该是31岁", "我今年31岁"),
    ("我住在杭州，不对，是成都", "我住在成都"),
    ("我之前在杭州读的大学，不对，我是说苏州", "我之前在苏州读的大学"),
    ("我家狗叫旺财，不对，叫来福", "我家狗叫来福"),
    ("我在阿里上班，说错了，是腾讯", "我在腾讯上班"),
    # an apology before the cue, after a filler
    ("I live in Shanghai. Actually sorry, I meant Shenzhen, not Shanghai.", "I live in Shenzhen"),
    ("I work at Google. Oh my bad, I meant to say Microsoft.", "I work at Microsoft"),
    ("我住在上海。不好意思，我是说深圳，不是上海。", "我住在深圳"),
    ("我在腾讯上班，抱歉，我的意思是阿里", "我在阿里上班"),
])
def test_the_right_value_is_read_where_the_wrong_one_was(text: str, read: str) -> None:
    assert said_over(text) == read


@pytest.mark.parametrize("text", [
    "Oops, I meant York, not Leeds.",  # the cue opens the turn: it corrects an earlier turn
    "说错了，是在苏州工作，不是上海。",
    "I like green tea, I mean, I really love it",  # a clause after the cue only stresses
    "我是说真的，字节的食堂特别好",
    "我喜欢喝拿铁，不对，是特别喜欢。",
    "I live in Leeds, no wait, Leeds",  # the same value said again
    "我在北京工作，应该是明年回来",  # 应该是 alone hedges
    "我在北京上班，不对，是明年回来",  # no place to put where 北京 was
])
def test_a_cue_with_no_value_to_replace_leaves_the_text(text: str) -> None:
    assert said_over(text) == text


@pytest.mark.parametrize(("text", "right", "wrong"), [
    ("I'm allergic to peanuts — no wait, I meant cashews. peanuts are fine", "cashews", "peanuts"),
    ("坐标杭州，在瑞金医院做护士，不对，是浙一医院", "浙一医院", "瑞金"),
    ("I'm 28 btw, no wait 29", "29", "28"),
    ("我对芒果过敏，不对，是对菠萝过敏，芒果没事", "菠萝", "芒果"),
    ("I live in Shanghai. Actually sorry, I meant Shenzhen, not Shanghai.", "Shenzhen", "Shanghai"),
    ("我住在上海。不好意思，我是说深圳，不是上海。", "深圳", "上海"),
])
def test_only_the_right_value_is_stored_and_no_cue(text: str, right: str, wrong: str) -> None:
    active = _active(text)
    assert any(right in d for d in active), active
    assert not any(wrong in d for d in active), active
    assert not any(w in d.casefold() for d in active for w in ("no wait", "meant", "不对", "用户是浙一")), active
