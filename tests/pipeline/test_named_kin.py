"""A turn that opens on the name of a person the user named before speaks of that person: "My sister Jing lives
in Shanghai" … "Jing just moved back to Beijing" changes the sister's home, never the user's; a name two people
share, or a name never said before, changes no relative. English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.pipeline.named_kin import person_names
from memory_core.settings import Settings

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("texts", "owner", "now", "before"), [
    (["My sister Jing lives in Shanghai.", "Jing just moved back to Beijing."], "sister", "Beijing", "Shanghai"),
    (["My brother Diego works at a bank.", "Oh, Diego started at Tesla this month."], "brother", "Tesla", "bank"),
    (["My friend Marcus lives in Leeds.", "Marcus moved to York in May."], "friend/marcus", "York", "Leeds"),
    (["我弟弟阿杰在华为上班。", "阿杰跳槽去腾讯了。"], "弟弟", "腾讯", "华为"),
    (["我姐姐小琳住在成都。", "小琳上个月搬到杭州了。"], "姐姐", "杭州", "成都"),
])
def test_a_name_said_alone_changes_the_person_of_that_name(
        tmp_path: Path, texts: list[str], owner: str, now: str, before: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=30)
    theirs = [(state, text) for state, key, text in rows if key.startswith(f"fact:{owner}/")]
    assert any(now in text and state == "active" for state, text in theirs), rows
    assert not any(before in text and state == "active" for state, text in theirs), rows
    assert not any(now in text for _, key, text in rows if "/" not in key and not key.startswith("event:")), rows


@pytest.mark.parametrize(("texts", "owner", "now", "before"), [
    (["My brother Sam lives in Denver.", "My brother moved again, he lives in Portland now.",
      "Sam just moved to Seattle."], "brother", "Seattle", "Portland"),
    (["我姐姐小琳住在成都。", "我姐姐又搬家了，现在住在广州。", "小琳上个月搬到杭州了。"], "姐姐", "杭州", "广州"),
])
def test_a_name_said_only_in_an_earlier_value_still_names_the_person(
        tmp_path: Path, texts: list[str], owner: str, now: str, before: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=30)  # the current item says "my brother" alone
    theirs = [(state, text) for state, key, text in rows if key.startswith(f"fact:{owner}/")]
    assert any(now in text and state == "active" for state, text in theirs), rows
    assert not any(before in text and state == "active" for state, text in theirs), rows
    assert not any(key.startswith("fact:person/") for _, key, _ in rows), rows


@pytest.mark.parametrize("texts", [
    ["My sister Jing lives in Shanghai.", "My friend Jing lives in Paris.", "Jing moved to Berlin."],
    ["My sister lives in Shanghai.", "Lena moved to Berlin."],
    ["我妹妹住在苏州。", "小雪搬到上海了。"],
])
def test_a_name_two_people_share_or_never_said_changes_no_relative(tmp_path: Path, texts: list[str]) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=30)  # a new name may be a person of its own
    assert not any(("Berlin" in text or "上海" in text) for _, key, text in rows
                   if not key.startswith(("event:", "fact:person/"))), rows
    assert all(state == "active" for state, key, _ in rows if "/" in key), rows


@pytest.mark.parametrize(("key", "description", "expected"), [
    ("fact:sister/lives_in@mei", "Mei's sister Jing lives in Shanghai", ("sister", "Jing")),
    ("fact:friend/anna/occupation", "User's friend Anna works as a nurse", ("friend/anna", "Anna")),
    ("fact:弟弟/works_at", "刘畅的弟弟阿杰在华为工作", ("弟弟", "阿杰")),
    ("fact:sister/lives_in", "User's sister lives in Shanghai", None),
    ("fact:lives_in", "User lives in Austin", None),
    ("fact:partner", "用户的男朋友是阿杰", ("boyfriend", "阿杰")),
    ("fact:partner@david", "David's wife is Grace", ("wife", "Grace")),
    ("fact:partner", "User is single", None),
])
def test_person_names_reads_the_name_after_the_relation(key: str, description: str,
                                                        expected: tuple[str, str] | None) -> None:
    assert person_names(key, description) == expected


@pytest.mark.parametrize(("texts", "owner", "theirs"), [
    (["我和男朋友阿杰订婚啦！！打算今年十月办婚礼", "我在成都，做幼儿园老师，阿杰是程序员，在腾讯上班"],
     "boyfriend", "腾讯"),
    (["我和男朋友阿杰订婚啦！", "阿杰是程序员，在腾讯上班"], "boyfriend", "腾讯"),
    (["My wife Grace is a nurse.", "I work at Apple. 我最近很忙，Grace在Stanford Hospital上夜班"], "wife", "Stanford"),
])
def test_a_known_name_opening_a_chinese_clause_is_that_persons(tmp_path: Path, texts: list[str], owner: str,
                                                              theirs: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=30)
    assert any(key.startswith(f"fact:{owner}/") and theirs in text and state == "active"
               for state, key, text in rows), rows
    assert not any(theirs in text for _, key, text in rows if "/" not in key and not key.startswith("event:")), rows


@pytest.mark.parametrize("texts", [
    ["我和男朋友阿杰订婚啦！", "我在成都上班，我和阿杰搬到了绵阳"],  # the user is part of the subject
    ["我妹妹住在苏州。", "我在杭州上班，小雪在上海上班"],  # a name never said before is nobody's
])
def test_a_name_the_user_shares_or_never_said_is_no_known_person(tmp_path: Path, texts: list[str]) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=30)
    theirs = ("fact:boyfriend/", "fact:妹妹/", "fact:sister/")
    assert not any(key.startswith(theirs) and ("绵阳" in text or "上海" in text) for _, key, text in rows), rows


def test_a_named_users_misread_job_leaves_with_the_persons(tmp_path: Path) -> None:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, START + timedelta(days=30 * n), speaker="王芳")
                   for n, text in enumerate(["我和男朋友阿杰订婚啦！", "我做幼儿园老师，阿杰是程序员，在腾讯上班"])])
    rows = [(str(i.key), i.description) for i in memory.store.list_items("u1") if i.kind != "event"]
    assert ("fact:boyfriend/works_at@王芳", "王芳的男朋友阿杰在腾讯工作") in rows, rows
    assert not any(key.startswith("fact:works_at") for key, _ in rows), rows
