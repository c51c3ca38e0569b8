"""No fragment stored as a fact about the user (new-user trial 41, issue 13): a sentence is never cut at a short
form's dot ("Prof. Kempter"), a feeling, an announcement, a spot or an hour of the moment is no lasting fact, a slot
value that is only a light verb is no value, and a clause that asks the listener is never a detail of an item."""

from __future__ import annotations

import re

import pytest

from memory_core.model import Kind
from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.detail_mood import NOT_SAID, mood_of
from memory_core.pipeline.empty_value import empty_value
from memory_core.pipeline.mood import without_moods
from memory_core.pipeline.slots import read_clause
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped
from memory_core.text.abbreviations import not_after_short_form


def _fact(description: str, lang: str) -> Candidate:
    return Candidate(kind=Kind.FACT, description=description, key="gist:x", lang=lang)


@pytest.mark.parametrize("text", [
    "my Doktorvater is Prof. Kempter, the lab does spiking network models.",
    "My GP is Dr. Amara Okafor.",
    "I love outdoor stuff, e.g. kayaking and hiking.",
    "我导师是 Prof. Zhang，人很好",
])
def test_a_short_forms_dot_ends_no_sentence(text: str) -> None:
    clauses = [c for c, _ in split_clauses(text)]
    assert not any(c.rstrip().endswith(("Prof.", "Prof", "Dr.", "e.g.", "e.")) for c in clauses), clauses


def test_a_sentence_still_ends_after_an_ordinary_word() -> None:
    assert len(list(split_clauses("I live in Leeds. I work at Asda."))) == 2


def test_every_listed_short_form_holds_its_sentence() -> None:
    data = load_shipped("data", "abbreviations.yaml")
    for form in (w for group in data.values() for w in group):
        clauses = [c for c, _ in split_clauses(f"I met {form}. Smith at work")]
        assert not any(c.rstrip().endswith(f"{form}.") for c in clauses), (form, clauses)


@pytest.mark.parametrize(("text", "lang"), [
    ("用戶好心痛", "zh"), ("用户有点可惜", "zh"), ("用戶終於放心些", "zh"), ("用户好担心", "zh"),
    ("用户有个坏消息😩", "zh"), ("用户有点遭不住", "zh"), ("用戶真係頂唔順", "zh"), ("用户有个好消息！", "zh"),
    ("用户在九眼桥那边", "zh"), ("用户人在公司楼下", "zh"), ("用户又是十一点多", "zh"), ("用户已经凌晨两点了", "zh"),
    ("User has some big news", "en"), ("User got some exciting news", "en"), ("User is a bit worried", "en"),
    ("User is at the gym right now", "en"),
    ("User is in the ER again", "en"),
])
def test_a_moment_said_of_the_user_is_no_fact(text: str, lang: str) -> None:
    assert without_moods([_fact(text, lang)]) == []


@pytest.mark.parametrize(("text", "lang"), [
    ("用户很担心孩子的学习", "zh"), ("用户怕狗", "zh"), ("用户住在公司附近", "zh"), ("用户在深圳那边工作", "zh"),
    ("用户每天晚上十一点睡", "zh"), ("用户有个妹妹", "zh"), ("User is in Berlin", "en"), ("User has a dog", "en"),
    ("User is worried about her mother's surgery next month", "en"),
])
def test_a_lasting_fact_with_those_words_stays(text: str, lang: str) -> None:
    assert len(without_moods([_fact(text, lang)])) == 1


@pytest.mark.parametrize(("value", "lang", "empty"), [
    ("doing", "en", True), ("the thing", "en", True), ("那个", "zh", True),
    ("pottery", "en", False), ("doing pottery", "en", False), ("做饭", "zh", False),
])
def test_a_light_verb_or_a_pronoun_is_no_value(value: str, lang: str, empty: bool) -> None:
    assert empty_value(value, lang) is empty


@pytest.mark.parametrize("clause", ["I started doing zumba on saturdays", "I took up doing aerial silks"])
def test_a_pastime_cut_to_its_light_verb_is_no_hobby(clause: str) -> None:
    assert not [h for h in read_clause(clause, "en").hits if h.value.casefold() == "doing"]


def test_a_named_pastime_is_still_read() -> None:
    assert [h.value for h in read_clause("I started doing pottery", "en").hits] == ["pottery"]


@pytest.mark.parametrize(("said", "lang"), [
    ("用户：重庆火锅比成都的辣好多，用户有点遭不住 你说重庆人咋个天天吃得下哦", "zh"),
    ("用戶：搬咗去Sale，有冇推介嘅學校", "zh"),
    ("新工作压力好大，你觉得我该不该坚持", "zh"),
    ("the Civic needs new brakes, any tips", "en"),
    ("I started yoga 4 days a week, do you think that is too much", "en"),
])
def test_a_clause_asking_the_listener_is_no_detail(said: str, lang: str) -> None:
    assert mood_of(said, lang, "用户" if lang == "zh" else "User") == NOT_SAID


@pytest.mark.parametrize(("said", "lang"), [
    ("网课这边学生多起来了，用户现在每周上15节课", "zh"), ("我跟你说个事，我升职了", "zh"),
    ("Miso turned three last week", "en"),
])
def test_a_statement_may_still_be_a_detail(said: str, lang: str) -> None:
    assert mood_of(said, lang, "用户" if lang == "zh" else "User") == ""


@pytest.mark.parametrize(("text", "pieces"), [
    ("She asked me to move, I said no. Then I stayed in Leeds.", 2), ("Honestly, no. I live in Leeds now.", 2),
    ("I live on Main Rd. It's noisy.", 2), ("my advisor is Prof. Kempter.", 1), ("hobbies, e.g. kayaking.", 1),
])
def test_only_a_listed_short_form_holds_its_sentence(text: str, pieces: int) -> None:
    ends = re.compile(r"(?<=[.!?])" + not_after_short_form() + r"\s+")
    assert len(ends.split(text)) == pieces
