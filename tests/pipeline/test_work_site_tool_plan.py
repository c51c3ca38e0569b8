"""A job title beside an employer named in Chinese, a work site, a team's tools and a re-dated retirement plan."""

from __future__ import annotations

import pytest

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.side_by_side import members_apart
from memory_core.pipeline.slots import read_clause
from memory_core.pipeline.value_class import is_org, is_site, is_tool


def _hits(clause: str, lang: str) -> list[tuple[str, int, str]]:
    return [(h.key, h.polarity, h.claim) for h in read_clause(clause, lang, "User").hits]


@pytest.mark.parametrize(("clause", "lang", "employer", "title"), [
    ("I'm a backend dev at 腾讯", "en", "腾讯", "backend dev"),
    ("I'm an ML engineer at 字节跳动", "en", "字节跳动", "ML engineer"),
    ("我在 Shopee 当 data analyst", "zh", "Shopee", "data analyst"),
])
def test_title_beside_employer_is_its_own_occupation(clause: str, lang: str, employer: str, title: str) -> None:
    hits = _hits(clause, lang)
    works = [c for k, p, c in hits if k == "fact:works_at" and p > 0]
    jobs = [c for k, p, c in hits if k == "fact:occupation" and p > 0]
    assert len(works) == 1 and employer in works[0] and title not in works[0]
    assert len(jobs) == 1 and title in jobs[0]


def test_chinese_title_stays_with_the_employer() -> None:
    hits = _hits("我在机场做地勤", "zh")
    assert [k for k, _, _ in hits] == ["fact:works_at"] and "地勤" in hits[0][2]


@pytest.mark.parametrize(("value", "lang"), [("天府软件园", "zh"), ("天府软件园那边", "zh"), ("望京SOHO", "zh"),
                                             ("Riverside Tech Park", "en"), ("Canary Wharf", "en")])
def test_a_site_is_no_employer(value: str, lang: str) -> None:
    assert is_site(value, lang) and not is_org(value, lang)


@pytest.mark.parametrize(("clause", "lang"), [("我在天府软件园上班", "zh"), ("我每天去中关村软件园打卡", "zh"),
                                              ("I work out of Riverside Tech Park", "en"),
                                              ("my office is in the Salesforce Tower", "en")])
def test_a_site_said_as_where_one_works_is_the_work_site(clause: str, lang: str) -> None:
    keys = [k for k, p, _ in _hits(clause, lang) if p > 0]
    assert "fact:work_site" in keys and "fact:works_at" not in keys and "fact:lives_in" not in keys


def test_company_at_a_site_with_the_subject_left_out_is_the_speakers() -> None:
    assert [lang for c, lang in split_clauses("公司在望京SOHO") if "望京SOHO" in c and "我" in c] == ["zh"]
    assert list(split_clauses("公司在裁员")) == []


@pytest.mark.parametrize(("clause", "lang", "new", "old"), [
    ("我们组从Java换成Go了", "zh", "go", "java"),
    ("we migrated from Python to Kotlin", "en", "kotlin", "python"),
    ("we're a Rust shop now, no more Go", "en", "rust", "go"),
])
def test_a_tool_swapped_ends_only_the_old_one(clause: str, lang: str, new: str, old: str) -> None:
    hit = read_clause(clause, lang, "User").hits[0]
    assert hit.key == f"fact:work_tool:{new}" and hit.polarity > 0 and hit.ends == (f"fact:work_tool:{old}",)


@pytest.mark.parametrize(("clause", "lang", "tool"), [("not using Jira anymore", "en", "jira"),
                                                      ("we ditched Trello", "en", "trello"),
                                                      ("我们不用钉钉了", "zh", "dingtalk")])
def test_a_tool_given_up(clause: str, lang: str, tool: str) -> None:
    assert (f"fact:work_tool:{tool}", -1) in [(k, p) for k, p, _ in _hits(clause, lang)]


def test_a_list_of_tools_is_one_item_each() -> None:
    clause = "we use Jira and Figma at work"
    keys = [h.key for h, _ in members_apart(read_clause(clause, "en", "User").hits, clause, "en")]
    assert keys == ["fact:work_tool:jira", "fact:work_tool:figma"]


def test_a_tool_is_no_place() -> None:
    assert is_tool("Asana", "en") and is_tool("飞书", "zh") and not is_tool("Denver", "en")
    assert "fact:lives_in" not in [k for k, _, _ in _hits("we moved to Asana", "en")]


@pytest.mark.parametrize(("clause", "lang", "key", "year"), [
    ("I'm planning to retire in 2030", "en", "todo:retire", "2030"),
    ("I pushed my retirement back to 2032", "en", "todo:retire", "2032"),
    ("我打算2027年退休", "zh", "todo:retire", "2027"),  # one key for the act in either language
    ("我退休推迟到2029年了", "zh", "todo:retire", "2029"),
])
def test_a_retirement_plan_is_keyed_by_the_plan_not_its_year(clause: str, lang: str, key: str, year: str) -> None:
    hits = _hits(clause, lang)
    assert [(k, p) for k, p, _ in hits] == [(key, 1)] and year in hits[0][2]


def test_a_postponed_retirement_is_no_retirement() -> None:
    assert "fact:works_at" not in [k for k, _, _ in _hits("我退休推迟到2029年了", "zh")]
    assert ("fact:works_at", -1) in [(k, p) for k, p, _ in _hits("我已经退休了", "zh")]
