"""Work and study that stay true (issue 13): a promotion's title, a change of career or to work held for oneself
ending the employer, and a course of study ended, in both languages."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_core.model import Kind
from memory_core.pipeline.cut_end import cut_at_end
from memory_core.pipeline.home_role import career_changed, home_role_begun, is_home_role
from memory_core.pipeline.rank_title import rank_with_title
from memory_core.pipeline.study_ended import study_gone
from memory_core.pipeline.types import Candidate
from tests.pipeline._slot_items import active, slot_items, statement_keys

AT = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "title"), [
    ("我升职当了主管", "主管"), ("我升做司机长喇", "司机长"), ("我升咗做经理", "经理"),
    ("我现在是 tech lead 了", "tech lead"), ("我上周升测试组长了", "测试组长")])
def test_a_promotion_names_the_new_title(text: str, title: str) -> None:
    found = statement_keys(text, at=AT)
    assert found["fact:occupation"] == (1, f"用户的职业是{title}")


@pytest.mark.parametrize("text", ["我升职当了主管", "升职了，现在是店长"])
def test_a_promotion_is_no_title_with_its_particle(text: str) -> None:
    found = statement_keys(text, at=AT)
    assert "了" not in found["fact:occupation"][1].removeprefix("用户的职业是")


@pytest.mark.parametrize(("text", "changed"), [
    ("Big career change: I'm a barista now", True), ("转行做咖啡师了", True), ("改行当厨师了", True),
    ("I got promoted to purser", False), ("升职当了主管", False), ("I'm a senior engineer now", False)])
def test_a_change_of_career_is_told_from_a_promotion(text: str, changed: bool) -> None:
    assert career_changed(text) is changed


@pytest.mark.parametrize(("text", "own"), [
    ("User works as a freelancer", True), ("用户的职业是自由职业者", True), ("User runs a bakery", False),
    ("用户经营着烘焙店", False), ("User works as a nurse", False), ("用户的职业是主管", False)])
def test_work_held_for_oneself_has_no_employer(text: str, own: bool) -> None:
    assert is_home_role(text) is own


def _occupation(description: str) -> Candidate:
    return Candidate(kind=Kind.FACT, key="fact:occupation", description=description, polarity=1)


def test_a_new_career_ends_the_employer_and_a_promotion_does_not() -> None:
    rows = {("fact:works_at",): [("1", "fact:works_at", "User works at KPMG")]}
    barista = _occupation("User works as a barista")
    home_role_begun([barista], lambda p: rows.get(p, []), "Big career change: I'm a barista now")
    assert barista.ends == ("fact:works_at",)
    purser = _occupation("User works as purser")
    home_role_begun([purser], lambda p: rows.get(p, []), "got promoted to purser!")
    assert purser.ends == ()
    coffee = _occupation("用户的职业是咖啡师")
    home_role_begun([coffee], lambda p: rows.get(p, []), "转行做咖啡师了")
    assert coffee.ends == ("fact:works_at",)


@pytest.mark.parametrize(("texts", "ended", "kept"), [
    (["I'm a graphic designer at Ogilvy", "I went freelance last month"], "Ogilvy", "freelancer"),
    (["我在银行做柜员", "转行做咖啡师了"], "银行", "咖啡师"),
    (["I work as an accountant at KPMG", "Big career change: I'm a barista now"], "KPMG", "barista")])
def test_own_work_or_a_new_career_ends_the_old_employer(tmp_path: Path, texts: list[str], ended: str,
                                                        kept: str) -> None:
    live = [text for _, text in active(slot_items(tmp_path, texts, start=AT, days_apart=20))]
    assert not any(ended in t for t in live), live
    assert any(kept in t for t in live), live


def test_a_promotion_keeps_the_employer(tmp_path: Path) -> None:
    live = [text for _, text in active(slot_items(
        tmp_path, ["I'm a flight attendant with Emirates", "got promoted to purser!"], start=AT, days_apart=20))]
    assert any("Emirates" in t for t in live), live
    assert any("purser" in t for t in live) and not any("flight attendant" in t for t in live), live


@pytest.mark.parametrize(("text", "lang"), [
    ("I quit the bootcamp, it wasn't for me", "en"), ("I dropped out of my master's", "en"),
    ("finally finished my MBA!!", "en"), ("我读完了MBA", "zh"), ("我研究生不读了", "zh"), ("我退学了", "zh")])
def test_a_course_of_study_ended_ends_the_school(text: str, lang: str) -> None:
    found = statement_keys(text, at=AT)
    assert found["fact:school"][0] == -1, found
    assert "fact:works_at" not in found, found


@pytest.mark.parametrize("text", ["I quit the gym", "I quit Google last week", "I finished my essay for the MBA "
                                  "application", "我退了游泳课"])
def test_other_quits_end_no_school(text: str) -> None:
    assert "fact:school" not in statement_keys(text, at=AT)


def test_a_quit_bootcamp_is_no_job_left(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["I work at Google", "I quit the bootcamp, too much with the job"], start=AT,
                      days_apart=20)
    assert ("fact:works_at", "User works at Google") in active(rows), rows


@pytest.mark.parametrize(("texts", "gone"), [
    (["I'm studying law at UCL", "I dropped out of UCL last month"], "User studies at UCL"),
    (["I'm doing a coding bootcamp at Le Wagon", "I quit the bootcamp, it wasn't for me"], "Le Wagon"),
    (["我在浙大读研", "研究生不读了，退学了"], "浙大")])
def test_the_school_left_is_no_longer_active(tmp_path: Path, texts: list[str], gone: str) -> None:
    live = [text for _, text in active(slot_items(tmp_path, texts, start=AT, days_apart=20))]
    assert not any(gone in t and "no longer" not in t for t in live), live


def _school_end(key: str = "fact:school") -> Candidate:
    return Candidate(kind=Kind.FACT, key=key, description="User no longer studies at UCL", polarity=-1)


def test_a_school_ended_ends_the_stage_and_a_students_title() -> None:
    rows = {("fact:occupation",): [("1", "fact:occupation", "User works as a student")]}
    end = _school_end()
    study_gone([end], lambda p: rows.get(p, []))
    assert set(end.ends) == {"fact:study_stage", "gist:study_stage", "fact:occupation"}
    nurse = {("fact:occupation",): [("1", "fact:occupation", "用户的职业是护士")]}
    end = _school_end()
    study_gone([end], lambda p: nurse.get(p, []))
    assert "fact:occupation" not in end.ends


def test_a_new_course_or_another_persons_school_ends_no_stage() -> None:
    end = _school_end()
    begun = Candidate(kind=Kind.FACT, key="fact:study_stage", description="User is doing a master's", polarity=1)
    study_gone([end, begun], lambda p: [])
    assert end.ends == ()
    son = _school_end("fact:son/school")
    study_gone([son], lambda p: [])
    assert son.ends == ()


@pytest.mark.parametrize(("texts", "gone"), [
    (["I'm a student at Rutgers, in my final year of college", "I graduated from Rutgers yesterday!"],
     ("final year", "works as a student")),
    (["我是浙大研二的学生", "我退学了"], ("研二",)), (["我在中欧读MBA", "读完了MBA，终于毕业了"], ("在读MBA",))])
def test_the_stage_ends_with_the_school(tmp_path: Path, texts: list[str], gone: tuple[str, ...]) -> None:
    live = [text for _, text in active(slot_items(tmp_path, texts, start=AT, days_apart=20))]
    assert not any(g in t for g in gone for t in live), live


def test_officially_a_new_title_is_the_speakers_or_the_named_persons(tmp_path: Path) -> None:
    live = [text for _, text in active(slot_items(
        tmp_path, ["I'm an accountant", "passed the bar!! officially a lawyer now"], start=AT, days_apart=20))]
    assert "User works as a lawyer" in live and "User works as an accountant" not in live, live
    found = statement_keys("my sister passed the bar!! officially a lawyer now", at=AT)
    assert "fact:occupation" not in found, found


@pytest.mark.parametrize(("text", "school"), [("I dropped out last month", True), ("dropped out of college", True),
                                              ("I dropped out of the race", False)])
def test_dropping_out_said_alone(text: str, school: bool) -> None:
    assert ("fact:school" in statement_keys(text, at=AT)) is school


@pytest.mark.parametrize(("text", "cut"), [
    ("I'm a nurse in Xi'an", False), ("I live in Yan'an", False), ("I moved to Tai’an", False),
    ("I live in an", True), ("I work at the", True)])
def test_a_name_with_an_apostrophe_is_no_cut_end(text: str, cut: bool) -> None:
    assert cut_at_end(text) is cut


def test_a_job_in_xian_is_read(tmp_path: Path) -> None:
    live = [text for _, text in active(slot_items(tmp_path, ["I'm a nurse in Xi'an"], start=AT, days_apart=20))]
    assert "User works as a nurse" in live, live


def _ranked(value: str) -> Candidate:
    return Candidate(kind=Kind.FACT, key="fact:occupation", description=f"User works as {value}",
                     claim=f"works as {value}", value=value, polarity=1, lang="en")


@pytest.mark.parametrize(("held", "said", "now"), [
    ("User works as a junior developer", "senior", "User works as senior developer"),
    ("User works as a nurse", "lead", "User works as lead nurse"),
    ("User works as a senior engineer", "principal", "User works as principal engineer")])
def test_a_rank_alone_takes_the_held_title(held: str, said: str, now: str) -> None:
    cand = _ranked(said)
    rank_with_title([cand], lambda p: [("1", "fact:occupation", held)] if p == ("fact:occupation",) else [])
    assert (cand.description, cand.value) == (now, now.removeprefix("User works as "))


@pytest.mark.parametrize(("held", "said"), [("", "senior"), ("User works as a nurse", "purser"),
                                            ("User works as senior", "lead")])
def test_a_title_or_no_held_title_is_left_as_said(held: str, said: str) -> None:
    cand = _ranked(said)
    rank_with_title([cand], lambda p: [("1", "fact:occupation", held)] if held else [])
    assert cand.description == f"User works as {said}"


@pytest.mark.parametrize(("texts", "now", "old"), [
    (["我在超市当收银员", "升职了，现在是店长了"], "店长", "收银员"),
    (["我在 Shopee 做 backend engineer", "终于 promote 了！！现在是 tech lead 了 🎉"], "tech lead", "backend engineer"),
    (["我现在是一家小 agency 的 junior designer", "我 officially 是 Senior Designer 了"], "Senior Designer",
     "junior designer")])
def test_a_title_now_held_replaces_the_old_one(tmp_path: Path, texts: list[str], now: str, old: str) -> None:
    live = [text for _, text in active(slot_items(tmp_path, texts, start=AT, days_apart=20))]
    assert any(now in t for t in live) and not any(old in t for t in live), live


def test_another_persons_title_now_is_theirs(tmp_path: Path) -> None:
    rows = active(slot_items(tmp_path, ["我在银行上班", "我老婆在Shopee做设计，现在是 design lead 了"], start=AT,
                             days_apart=20))
    assert ("fact:occupation", "用户的职业是design lead") not in rows, rows
    assert ("fact:works_at", "用户在银行工作") in rows, rows


@pytest.mark.parametrize(("text", "title"), [
    ("我升做事务长喇", "事务长"), ("我是机长", "机长"), ("我当上列车长了", "列车长"), ("我当上了店长", "店长")])
def test_a_title_ending_in_chief_is_an_occupation(text: str, title: str) -> None:
    assert statement_keys(text, at=AT)["fact:occupation"] == (1, f"用户的职业是{title}")


def test_a_parent_is_no_title() -> None:
    assert "fact:occupation" not in statement_keys("我是家长", at=AT)


def test_a_university_left_may_be_an_employer() -> None:
    found = statement_keys("I left the university to join a startup", at=AT)
    assert found.get("fact:works_at", (0, ""))[0] == -1, found
    assert "fact:school" not in found, found
