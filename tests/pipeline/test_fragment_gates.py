"""A clause with no predicate of its own about the user is no fact (trial 38, finding 5).

A feeling or a judgement ("真的很生气", "和表姐都觉得不错", "this time for real"), a verb whose object is in
the clause before ("看完了", "又开始练了"), a count whose thing is left out ("有一个在…旁边"), a clause broken off
("一接就……"), an announcement whose content follows ("其实一直有个想法") and a view of someone else ("I say she's a
menace") leave only the raw turn; statements said the same way with a content of their own stay.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Kind, Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.aside import without_asides
from memory_core.pipeline.gist import gist_clause
from memory_core.pipeline.mood import without_moods
from memory_core.pipeline.sensitive_detect import mask
from memory_core.pipeline.slots import read_clause
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.valueless import valueless_clause


def _fact(description: str, lang: str) -> Candidate:
    return Candidate(kind=Kind.FACT, description=description, key="gist:x", lang=lang, speaker="user")


@pytest.mark.parametrize(("text", "lang"), [
    ("用户和表姐都觉得不错", "zh"),
    ("用户跟老婆都觉得还行", "zh"),
    ("用户这回是真的", "zh"),
    ("用户这次是来真的", "zh"),
    ("用户其实一直有个想法", "zh"),
    ("用户最近有件事想跟你说", "zh"),
    ("用户就是想找个人聊聊", "zh"),
    ("用户看完了", "zh"),
    ("用户又开始练了", "zh"),
    ("用户最近又开始弹了", "zh"),
    ("用户有一个在泉州师范学院旁边", "zh"),
    ("用户有两家在地铁站附近", "zh"),
    ("用户就是师范学院旁边那家，名字叫“糯米茶事”", "zh"),
    ("用户一接就…", "zh"),
    ("用户是一只蓝双色的布偶", "zh"),
    ("User has a quick question", "en"),
    ("User just needs someone to talk to", "en"),
    ("User means it this time", "en"),
])
def test_a_fragment_is_no_fact(text: str, lang: str) -> None:
    assert without_asides([_fact(text, lang)]) == []


@pytest.mark.parametrize(("text", "lang"), [
    ("用户有一个在北京工作的哥哥", "zh"),
    ("用户又开始练瑜伽了", "zh"),
    ("用户看书很快", "zh"),
    ("用户就是那个被裁的人", "zh"),
    ("用户觉得自己更适合做设计", "zh"),
    ("User has a question about her visa that nobody can answer", "en"),
])
def test_a_statement_with_its_own_content_stays(text: str, lang: str) -> None:
    assert len(without_asides([_fact(text, lang)])) == 1


@pytest.mark.parametrize(("text", "lang"), [
    ("用户真的很生气", "zh"),
    ("用户有点失落", "zh"),
    ("用户心里还挺高兴的", "zh"),
    ("用户就是有点空", "zh"),
    ("User is so angry", "en"),
    ("User is kind of disappointed tbh", "en"),
])
def test_a_feeling_of_the_moment_is_no_fact(text: str, lang: str) -> None:
    assert without_moods([_fact(text, lang)]) == []


def test_a_feeling_toward_something_named_stays() -> None:
    assert len(without_moods([_fact("用户很怕狗", "zh")])) == 1


def test_a_view_of_someone_else_is_no_gist_but_a_habit_said_with_say_is() -> None:
    assert not gist_clause("I say she's a menace", "en")
    assert not gist_clause("I reckon it'll rain", "en")
    assert gist_clause("I say grace before every meal", "en")


def test_a_feeling_toward_a_pronoun_with_a_tail_names_nothing() -> None:
    assert valueless_clause("I Love her though", "en")
    assert valueless_clause("I adore him anyway", "en")
    assert not valueless_clause("I love my dog though", "en")


def test_a_drug_mask_never_starts_inside_the_word_before_it() -> None:
    assert mask("医生说二甲双胍改成一天一次就行").startswith("医生说[health]")
    assert mask("后来换成氨氯地平了").startswith("后来换成[health]")


def test_the_sheng_of_a_word_is_no_birth_at_a_hospital() -> None:
    hits = read_clause("现在孕中期医生说可以游泳", "zh", "用户").hits
    assert not [h for h in hits if h.attr.id == "hospital"]


def test_news_said_over_the_phone_is_reported_speech() -> None:
    reading = read_clause("我闺女来电话说她明年毕业不回来了", "zh", "用户")
    assert not reading.hits


def test_fragments_of_a_turn_leave_the_raw_turn_only() -> None:
    turn = Turn(user_id="u", turn_id="t1", session_id="s", role="user",
                text="五一去看了几个铺面，有一个在师范学院旁边，我和表姐都觉得不错。俺一接就……唉",
                timestamp=datetime(2026, 5, 10, tzinfo=UTC))
    cands = WritePipeline().candidates(turn)
    facts = [c.description for c in cands if c.kind != Kind.EVENT and not c.restate_only]
    assert not [d for d in facts if "有一个在" in d or "觉得不错" in d or "一接就" in d]
    assert any(c.kind == Kind.EVENT for c in cands)


@pytest.mark.parametrize(("text", "rent"), [
    ("五一去看了几个铺面，有一个在师范学院旁边，35平，月租6500", None),
    ("周末看了两套公寓，一套月租五千，一套六千", None),
    ("看了好几套房子，最后租了一套两居，月租4500", "4500"),
    ("房租涨到3500了", "3500"),
])
def test_the_rent_of_a_place_only_looked_at_is_not_the_users(text: str, rent: str | None) -> None:
    turn = Turn(user_id="u", turn_id="t1", session_id="s", role="user", text=text,
                timestamp=datetime(2026, 5, 10, tzinfo=UTC))
    said = [c for c in WritePipeline().candidates(turn) if c.key == "fact:rent"]
    assert [c.description.endswith(rent) for c in said] == ([True] if rent else [])
    assert not [c for c in WritePipeline().candidates(turn) if c.key.startswith("gist:") and "月租" in c.description]
