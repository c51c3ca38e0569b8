"""A thing kept off for a counted while, 啦 closing a stop, a guess after a supposition, 无X不欢 (EN + ZH)."""

from __future__ import annotations

import pytest

from memory_core.pipeline.cant_without import need_filled
from memory_core.pipeline.cessation import cessation_scope
from memory_core.pipeline.clauses import split_clauses


@pytest.mark.parametrize(("clause", "scope"), [
    ("I haven't touched red bull in 3 weeks", "red bull"),
    ("I have not had a single drop of alcohol for 6 months", "alcohol"),
    ("I haven't had a cigarette in two months now", "cigarette"),
    ("I haven't smoked in 3 weeks", "smoke"),
    ("I haven't seen my mom in 3 months", ""),  # no verb of taking a thing: nothing ends
    ("I haven't had pizza in ages", ""),  # a lapse, not a stop
])
def test_a_thing_kept_off_for_a_counted_while_is_its_end(clause: str, scope: str) -> None:
    assert cessation_scope(clause, "en") == scope


@pytest.mark.parametrize(("clause", "ends"), [
    ("我已经三个星期没碰可乐了", True),
    ("我半年没抽烟了", True),
    ("我早就不在杭州啦", True),
    ("我三个月没吃火锅了，好想吃", False),  # missing a thing is no stop
])
def test_chinese_stops_said_by_a_count_or_closed_by_la(clause: str, ends: bool) -> None:
    assert bool(cessation_scope(clause, "zh")) is ends


def test_a_subjectless_english_abstinence_gets_its_speaker_back() -> None:
    clauses = [c for c, _ in split_clauses("ok small win: haven't touched red bull in 3 weeks. cold turkey.")]
    assert clauses == ["I haven't touched red bull in 3 weeks."]


def test_a_bare_done_with_takes_the_thing_said_before() -> None:
    clauses = [c for c, _ in split_clauses("haven't touched red bull in 3 weeks. i'm done with that stuff for good")]
    assert clauses[-1] == "i'm done with red bull"


def test_a_subjectless_chinese_abstinence_is_the_speakers() -> None:
    assert [c for c, _ in split_clauses("已经一个多月没喝奶茶了")] != []
    assert [c for c, _ in split_clauses("三个月没吃火锅了")] == []


@pytest.mark.parametrize("text", [
    "要是再生一个，我估计得辞职回家带娃了",
    "如果被裁了，我可能得回老家开店",
    "万一搬去上海，我们大概会卖掉车",
])
def test_a_guess_at_what_a_supposition_brings_states_nothing(text: str) -> None:
    assert list(split_clauses(text)) == []


def test_a_guess_without_a_supposition_is_still_said() -> None:
    assert [c for c, _ in split_clauses("我估计得加班到十点")] == ["我估计得加班到十点"]



@pytest.mark.parametrize(("clause", "like"), [
    ("我是那种无肉不欢的人", "我爱吃肉"),
    ("我是无肉不欢的那种人", "我爱吃肉"),
    ("无辣不欢", "我爱吃辣"),
])
def test_no_joy_without_a_food_is_a_like_of_it(clause: str, like: str) -> None:
    assert need_filled(clause) == like
