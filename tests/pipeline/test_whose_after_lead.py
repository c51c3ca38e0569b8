"""Whose a fact is (issue 13): a clause opening on a connective or a time before another person ("meanwhile my
sister …", "上个月我妹…", "至于我哥，…") is that person's, and so are the clauses after it that drop their subject;
the user's own workplace said through the routine that ends there (a badge, a commute, a site clocked in at) is the
user's."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items, statement_keys

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.slots import read_clause
from memory_core.pipeline.subject_chain import en_subject, zh_subject

START = datetime(2026, 9, 1, 20, tzinfo=UTC)


def _keys(text: str) -> list[str]:
    """The keys the slot engine reads from every clause of ``text``."""
    return [hit.key for clause, lang in split_clauses(text) for hit in read_clause(clause, lang).hits]


@pytest.mark.parametrize(("clause", "who"), [("meanwhile my sister moved to Leeds", "my sister"),
                                             ("last week my brother started at Google", "my brother"),
                                             ("anyway my roommate quit", "my roommate")])
def test_an_english_lead_before_a_person_leaves_the_clause_theirs(clause: str, who: str) -> None:
    assert en_subject(clause) == who


@pytest.mark.parametrize(("clause", "who"), [("倒是我妹考上研究生了", "妹"), ("上个月我哥搬到了成都", "哥"),
                                             ("而我老婆还在平安上班", "老婆")])
def test_a_chinese_lead_before_a_person_leaves_the_clause_theirs(clause: str, who: str) -> None:
    assert zh_subject(clause) == who


@pytest.mark.parametrize("clause", ["但我在腾讯上班", "而我现在住在杭州", "so my job is at Google now"])
def test_a_lead_before_the_user_leaves_the_clause_the_users(clause: str) -> None:
    reading = zh_subject(clause) if "我" in clause else en_subject(clause)
    assert reading == ""


@pytest.mark.parametrize("text", ["至于我姐，现在在广州当老师", "倒是我弟去年毕业了，去了苏州一家银行上班",
                                  "上周我表哥跳槽去了字节", "meanwhile my cousin got a job at Stripe",
                                  "last month my sister moved to Boston and started at Google"])
def test_no_fact_after_a_lead_and_another_person_is_the_users(text: str) -> None:
    keys = _keys(text)
    assert keys and all("/" in key for key in keys), keys


@pytest.mark.parametrize(("text", "site"), [("每天去深圳的 Tencent 滨海大厦打卡", "Tencent 滨海大厦"),
                                            ("我在上海的 Google 大楼上班", "Google 大楼"),
                                            ("my commute ends at the Salesforce tower these days", "Salesforce tower")])
def test_the_site_a_workday_ends_at_is_the_users_workplace(text: str, site: str) -> None:
    sites = [hit.value for clause, lang in split_clauses(text) for hit in read_clause(clause, lang).hits
             if hit.key == "fact:work_site"]
    assert sites == [site]


def test_a_persons_site_named_before_the_site_is_no_city() -> None:
    assert "fact:work_site" not in _keys("我在朋友的公司大楼上班")


@pytest.mark.parametrize(("text", "employer"), [("my badge still says Accenture, the photo is awful", "Accenture"),
                                                ("my new lanyard reads Deloitte", "Deloitte"),
                                                ("my morning commute now ends at Monzo", "Monzo")])
def test_the_employer_a_badge_or_a_commute_names_is_the_users(text: str, employer: str) -> None:
    found = [hit.value for clause, lang in split_clauses(text) for hit in read_clause(clause, lang).hits
             if hit.key == "fact:works_at"]
    assert found == [employer]


def test_another_persons_badge_names_no_employer_of_the_users() -> None:
    assert "fact:works_at" not in _keys("my sister's badge says Google")


def test_a_relatives_job_after_a_lead_leaves_the_users_job_current(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我在深圳做平面设计", "倒是我妹上个月毕业了，去了上海一家律所当律师"],
                      start=START, days_apart=10)
    mine = [text for key, text in active(rows) if key in ("fact:occupation", "fact:works_at")]
    assert mine == [] or all("律" not in text for text in mine), rows
    assert any(key.startswith("fact:妹妹/") and "律" in text for key, text in active(rows)), rows


def test_a_new_site_clocked_in_at_replaces_the_old_one(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["每天早上在望京SOHO打卡", "现在每天去杭州的 Alibaba 西溪园区打卡了"],
                      start=START, days_apart=30)
    sites = [text for key, text in active(rows) if key == "fact:work_site"]
    assert len(sites) == 1 and "西溪园区" in sites[0], rows


@pytest.mark.parametrize("text", ["有个老顾客李老师，在实验小学教数学的", "店里有个常客王姐，在医院当护士",
                                  "楼下有个大爷，以前在部队当兵", "有个老乡阿强，在东莞进厂了"])
def test_a_person_introduced_by_role_and_name_owns_the_clauses_after(text: str) -> None:
    theirs = text.split("，", 1)[1]
    said = list(split_clauses(text))
    assert not any(theirs in clause for clause, _ in said), said


def test_a_relation_introduced_with_a_name_keys_the_clauses_after_under_it() -> None:
    assert "fact:同事/works_at" in _keys("有个同事小李，在腾讯上班")


def test_the_speakers_own_job_before_an_introduced_person_stays(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我在医院当护士。有个老病人张叔，以前在部队当兵"], start=START, days_apart=1)
    jobs = [text for key, text in active(rows) if key == "fact:occupation"]
    assert jobs == ["用户的职业是护士"], rows


@pytest.mark.parametrize(("text", "key"), [("我哥，上个月从南京搬到了成都", "fact:哥哥/lives_in"),
                                           ("至于我姐，去年从西安搬到了厦门", "fact:姐姐/lives_in"),
                                           ("my brother quit his job, then moved from Leeds to York",
                                            "fact:brother/lives_in"),
                                           ("my cousin got promoted, then left Google for Meta",
                                            "fact:cousin/works_at")])
def test_a_two_ended_change_after_another_person_is_theirs(text: str, key: str) -> None:
    said = statement_keys(text, at=START)
    assert key in said and said[key][0] == 1, said
    assert not any(k in said for k in ("fact:lives_in", "fact:works_at")), said


@pytest.mark.parametrize(("text", "key"), [("我在杭州上班，上个月从南京搬到了成都", "fact:lives_in"),
                                           ("my sister got married. then I moved from Leeds to York", "fact:lives_in")])
def test_a_two_ended_change_after_the_user_is_the_users(text: str, key: str) -> None:
    assert key in statement_keys(text, at=START)


def test_a_change_after_a_person_no_key_holds_is_nobodys() -> None:
    said = statement_keys("他结婚了，上个月从北京搬到了上海", at=START)
    assert "fact:lives_in" not in said, said
