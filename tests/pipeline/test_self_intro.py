"""A self-introduction said as one list gives one item per fact, and a relative's job said in passing is theirs.

"hi! I'm Aisha, 24, second year PhD student in marine biology at UC San Diego (Scripps)" kept only the name;
"wedding photographer based in Portland, OR" nothing; "我姓王，王建国，今年61了，…" neither the name nor the age;
a remark closing a statement with a picture ("allergic to shellfish which is SO ironic … 🦐🚫") lost the allergy;
"儿子王磊在北京字节跳动上班" kept nothing under the son. English and Chinese, with phrasings besides those.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.pipeline.self_intro import en_pieces, zh_named
from tests.pipeline._slot_items import statement_keys

AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def test_an_english_introduction_is_cut_into_statements_with_im_put_back() -> None:
    assert en_pieces("I'm Aisha, 24, second year PhD student in marine biology at UC San Diego (Scripps)") == [
        "my name is Aisha", "I'm 24", "I'm a second year PhD student in marine biology at UC San Diego (Scripps)"]
    assert en_pieces("Hi I'm Tom (32), high school teacher in Leeds, dad of two") == [
        "my name is Tom", "I'm 32", "I'm a high school teacher in Leeds", "I'm dad of two"]
    assert en_pieces("wedding photographer based in Portland, OR") == [
        "I'm a wedding photographer based in Portland, OR"]


def test_a_nationality_after_im_is_no_name_but_the_list_is_read() -> None:
    assert en_pieces("I'm British, 30, nurse in Leeds") == ["I'm British", "I'm 30", "I'm a nurse in Leeds"]


@pytest.mark.parametrize("sentence", [
    "I'm British, you know",  # a nationality is no name, and nothing after it is an item
    "I'm so tired, long day",
    "I live in Leeds, near the park",
    "my sister Jen teaches at a middle school in Austin",
])
def test_what_is_no_introduction_is_left_as_said(sentence: str) -> None:
    assert en_pieces(sentence) == [sentence]


def test_a_chinese_name_after_the_surname_and_the_items_after_it_get_their_subject() -> None:
    assert zh_named("我姓王，王建国，今年61了，退休前在中铁二局当工程师") == \
        "我姓王，我叫王建国，我今年61了，我退休前在中铁二局当工程师"
    assert zh_named("我姓李，叫小冉") == "我姓李，我叫李小冉"
    assert zh_named("大家好，我叫陈晨，28岁，老家安徽的") == "大家好，我叫陈晨，我28岁，我老家安徽的"
    assert zh_named("他今年30了，在上海") == "他今年30了，在上海"  # no clause of the speaker's before it


@pytest.mark.parametrize(("said", "keys"), [
    ("hi! I'm Aisha, 24, second year PhD student in marine biology at UC San Diego (Scripps)",
     {"fact:name", "fact:age", "fact:school", "fact:study_stage"}),
    ("wedding photographer based in Portland, OR", {"fact:occupation", "fact:lives_in"}),
    ("Hey there! I'm Marcus, 31, software engineer at Shopify, living in Toronto 🇨🇦",
     {"fact:name", "fact:age", "fact:works_at", "fact:occupation", "fact:lives_in"}),
    ("I'm Sofia, 27 y/o, UX designer, based in Lisbon", {"fact:name", "fact:age", "fact:occupation", "fact:lives_in"}),
    ("我姓王，王建国，今年61了，退休前在中铁二局当工程师，现在住成都武侯区",
     {"fact:name", "fact:age", "fact:lives_in"}),
    ("大家好，我叫陈晨，28岁，在浙大读研，老家安徽的", {"fact:name", "fact:age", "fact:school", "fact:from"}),
    ("I'm allergic to shellfish which is SO ironic for someone who works with marine life 🦐🚫",
     {"fact:allergy:shellfish"}),
])
def test_each_fact_of_an_introduction_is_its_own_slot(said: str, keys: set[str]) -> None:
    got = statement_keys(said, at=AT)
    assert keys <= set(got), sorted(got)


def test_the_age_said_after_this_year_without_sui() -> None:
    assert statement_keys("我今年45了", at=AT)["fact:age"] == (1, "用户45岁")
    assert "fact:age" not in statement_keys("我今年考研了", at=AT)


def test_a_city_code_closing_a_turn_is_no_cut_sentence() -> None:
    from memory_core.pipeline.cut_end import cut_at_end
    assert not cut_at_end("wedding photographer based in Portland, OR")
    assert cut_at_end("I'm moving in")


@pytest.mark.parametrize(("said", "key"), [
    ("儿子王磊在北京字节跳动上班", "fact:儿子/works_at"),
    ("我女儿李静在上海当老师", "fact:女儿/occupation"),
    ("我老公刘强在华为做工程师", "fact:husband/works_at"),
])
def test_a_named_relatives_job_is_theirs(said: str, key: str) -> None:
    got = statement_keys(said, at=AT)
    assert key in got, sorted(got)
    assert "fact:works_at" not in got and "fact:occupation" not in got


@pytest.mark.parametrize(("said", "retired", "before"), [
    ("我姓王，王建国，今年61了，退休前在中铁二局当工程师，现在住成都武侯区", "用户已退休", "中铁二局"),
    ("I retired last spring, before I retired I was a nurse at St Mary's", "User has retired", "St Mary's"),
])
def test_the_work_held_until_retiring_is_history_of_the_retirement(tmp_path, said: str, retired: str,
                                                                  before: str) -> None:
    from tests.pipeline._slot_items import slot_items

    rows = slot_items(tmp_path, [said], start=AT, days_apart=1)
    assert ("active", "fact:works_at", retired) in rows, rows
    assert [status for status, key, text in rows if before in text and key == "fact:works_at"] == ["superseded"], rows
