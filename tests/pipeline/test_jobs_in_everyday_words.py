"""Jobs and employers said in everyday words (issue 13, trial 13 findings 2, 5 and 10): a new job told with its
title names the employer and ends "no job"; a city beside the employer is not the employer; 搬砖/干活 are work, said
plainly."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.terse import en_filled


def _items(tmp_path: Path, texts: list[str]) -> list[tuple[str, str, str]]:
    return slot_items(tmp_path, texts, start=datetime(2025, 3, 1, tzinfo=UTC), days_apart=10)


def _employer(rows: list[tuple[str, str, str]]) -> list[str]:
    return [d for key, d in active(rows) if key == "fact:works_at"]


@pytest.mark.parametrize(("texts", "employer", "title"), [
    (["I quit my job at the hospital.", "Started a new job as a pharma sales rep at Pfizer."], "Pfizer", "sales rep"),
    (["Got laid off in March, rough few weeks", "Joined Figma last month as a product designer"], "Figma", "designer"),
    (["I was let go last week.", "I finally landed a job as a data analyst at Shopify!"], "Shopify", "analyst"),
    (["我被裁了，心情很差", "上周入职了小米，做测试"], "小米", "测试"),
])
def test_a_new_job_after_no_job_names_the_employer(tmp_path: Path, texts: list[str], employer: str,
                                                   title: str) -> None:
    rows = _items(tmp_path, texts)
    assert len(_employer(rows)) == 1 and employer in _employer(rows)[0], rows
    assert not [d for d in _employer(rows) if "no longer" in d or "已离职" in d], rows
    job = [d for key, d in active(rows) if key == "fact:occupation"]
    assert job and title in job[0] and employer not in job[0], rows


@pytest.mark.parametrize(("text", "employer", "city"), [
    ("我在上海工作，在腾讯做产品经理。", "腾讯", "上海"),
    ("我在北京上班，在京东做运营，天天加班", "京东", "北京"),
    ("I work in Boston, I work at Wayfair as an analyst.", "Wayfair", "Boston"),
])
def test_a_city_beside_the_employer_is_not_the_employer(tmp_path: Path, text: str, employer: str,
                                                        city: str) -> None:
    rows = _items(tmp_path, [text])
    assert _employer(rows) and all(employer in d and city not in d for d in _employer(rows)), rows


def test_the_next_employer_supersedes_the_named_one_not_the_city(tmp_path: Path) -> None:
    rows = _items(tmp_path, ["我在上海工作，在京东做产品经理。", "我从京东离职了，现在在腾讯做产品。"])
    assert [d for d in _employer(rows) if "腾讯" in d], rows
    assert [d for status, key, d in rows if status == "superseded" and key == "fact:works_at" and "京东" in d], rows
    assert not [d for d in _employer(rows) if "上海" in d], rows
    assert not [d for _, d in active(rows) if "做产品工作" in d], rows  # "从事产品工作", not "做产品工作"


@pytest.mark.parametrize(("texts", "other"), [
    (["我在深圳工作，做前端开发", "我妈在广州工作"], "广州"),
    (["I work at Deloitte, auditing mostly", "My wife just got a job as a teacher at Lincoln High"], "Lincoln"),
])
def test_another_persons_job_leaves_the_users(tmp_path: Path, texts: list[str], other: str) -> None:
    rows = _items(tmp_path, texts)
    assert _employer(rows) and not [d for d in _employer(rows) if other in d], rows


@pytest.mark.parametrize("text", [
    "Got an offer from Costco but haven't accepted it yet",
    "interview at Walmart on Friday, wish me luck",
    "I used to work at Kroger, years ago",
])
def test_an_offer_an_interview_or_a_past_job_is_no_employer(tmp_path: Path, text: str) -> None:
    rows = _items(tmp_path, ["I work at Target as a store manager", text])
    assert _employer(rows) == ["User works at Target"], rows


@pytest.mark.parametrize(("text", "said"), [
    ("New gig at Canva", "I got a new job at Canva"),
    ("brand new job at Monzo", "I got a new job at Monzo"),
    ("new gig at Shopify as a data analyst", "I got a new job at Shopify as a data analyst"),
])
def test_a_new_job_said_as_a_fragment(text: str, said: str) -> None:
    assert en_filled(text) == said


@pytest.mark.parametrize(("texts", "employer"), [
    (["I work at Accenture as a consultant", "new gig at Canva, doing data stuff. way better hours"], "Canva"),
    (["我在百度做算法", "上个月去了京东上班，还是做算法"], "京东"),
])
def test_a_new_employer_in_everyday_words_is_current(tmp_path: Path, texts: list[str], employer: str) -> None:
    rows = _items(tmp_path, texts)
    assert len(_employer(rows)) == 1 and employer in _employer(rows)[0], rows


@pytest.mark.parametrize("text", ["我在美团搬砖，天天加班到十点", "我在杭州的一家公司干活"])
def test_work_said_as_banzhuan_or_ganhuo_is_not_mangled(tmp_path: Path, text: str) -> None:
    rows = _items(tmp_path, [text])
    assert not [d for _, d in active(rows) if "自己在" in d or "我在" in d or "做活" in d], rows


@pytest.mark.parametrize("text", ["我昨天去了陶艺工作坊", "上周去了一个写作工作坊，挺有意思", "今天去了陶艺工作室玩"])
def test_a_workshop_or_studio_visited_is_no_employer(tmp_path: Path, text: str) -> None:
    # 工作坊 / 工作室 hold the letters of 工作 ("work"): going to one is an outing, not a job
    assert not _employer(_items(tmp_path, [text]))


@pytest.mark.parametrize(("text", "employer"), [("我在设计工作室上班", "设计工作室"), ("我去了字节工作", "字节")])
def test_a_studio_one_works_at_stays_the_employer(tmp_path: Path, text: str, employer: str) -> None:
    rows = _items(tmp_path, [text])
    assert [d for d in _employer(rows) if employer in d], rows
