"""What a turn says that is not a current fact of the user (issue 13): a quoted statement or a title (a song, a
book, someone's words) states nothing about the user; a plan is not the current value; a correction replaces the
wrong value in its slot and its own words ("说错了", "I meant") never become a fact."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.pipeline.quoted import unquoted
from memory_core.settings import Settings

T0 = datetime(2026, 4, 6, 10, tzinfo=UTC)


def _items(tmp_path: Path, texts: list[str]) -> list[tuple[str, str, str]]:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, T0 + timedelta(days=3 * n))
                   for n, text in enumerate(texts)])
    return [(i.status, str(i.key), i.description) for i in memory.store.list_items("u1", statuses=None)
            if i.kind != "event"]


def _active(items: list[tuple[str, str, str]], key: str) -> list[str]:
    return [d for status, k, d in items if status == "active" and k == key]


@pytest.mark.parametrize(("texts", "key", "kept", "absent"), [
    (["I work at Lidl", "my kid keeps singing 'I work at the circus' all day"], "fact:works_at", "Lidl", "circus"),
    (["I live in Oslo", "reading a novel called “My Year in Lisbon” right now"], "fact:lives_in", "Oslo", "Lisbon"),
    (["我住在成都", "这几天一直在听《我住在江南》，太上头了"], "fact:lives_in", "成都", "江南"),
    (["我在美团上班", "她老说「我在字节上班」，口头禅而已"], "fact:works_at", "美团", "字节"),
])
def test_a_quoted_statement_or_title_changes_no_slot(tmp_path: Path, texts: list[str], key: str, kept: str,
                                                     absent: str) -> None:
    items = _items(tmp_path, texts)
    active = _active(items, key)
    assert len(active) == 1 and kept in active[0], items
    assert not any(absent in d for status, _, d in items if status == "active"), items


@pytest.mark.parametrize(("text", "plain"), [
    ("橘貓叫「芒果」，黑貓叫「芝麻」", "橘貓叫芒果，黑貓叫芝麻"),
    ("後來改名叫『煤球』了", "後來改名叫煤球了"),
    ('we adopted a kitten and named her "Mochi"', "we adopted a kitten and named her Mochi"),
    ("my dog is called 'Bao' lol", "my dog is called Bao lol"),
    ('she said "I live in Paris"', "she said it"),  # no name: a quoted statement, out of reach as before
    ("我最喜欢的书是《三体》", "我最喜欢的书是《三体》"),  # a title after no word of naming: as said
])
def test_a_name_given_in_quotes_is_read_without_its_marks(text: str, plain: str) -> None:
    assert unquoted(text) == plain


@pytest.mark.parametrize(("text", "name"), [
    ('we adopted a kitten and named her "Mochi"', "Mochi"),
    ("我领养了一只猫，取名叫「年糕」", "年糕"),
])
def test_a_pet_named_in_quotes_keeps_its_name(tmp_path: Path, text: str, name: str) -> None:
    assert any(name in d and "「" not in d for status, key, d in _items(tmp_path, [text])
               if status == "active" and key.startswith("fact:pet")), _items(tmp_path, [text])


def test_a_quote_that_states_nothing_is_left_as_a_value() -> None:
    assert unquoted("my favourite film is 'Spirited Away'") == "my favourite film is 'Spirited Away'"
    assert unquoted("最爱的书是《活着》") == "最爱的书是《活着》"
    assert unquoted("I'm at Tom's place") == "I'm at Tom's place"  # apostrophes are not quotes
    assert "Paris" not in unquoted("that tune 'I live in Paris' again")
    assert "东京" not in unquoted("循环'我住在东京'一整天")


@pytest.mark.parametrize(("texts", "key", "kept", "absent"), [
    (["I'm based in Lyon", "we'll be relocating to Geneva next spring"], "fact:lives_in", "Lyon", "Geneva"),
    (["I live in Austin", "relocating to Denver in a couple of months"], "fact:lives_in", "Austin", "Denver"),
    (["我现在住在武汉", "我们明年要搬到长沙"], "fact:lives_in", "武汉", "长沙"),
    (["我一直吃素", "下个月起我准备恢复吃肉"], "fact:diet", "素", "吃肉"),
])
def test_a_plan_is_not_the_current_value(tmp_path: Path, texts: list[str], key: str, kept: str,
                                         absent: str) -> None:
    items = _items(tmp_path, texts)
    active = _active(items, key)
    assert len(active) == 1 and kept in active[0], items
    # the plan itself is kept as a plan (todo:move), never as the slot's value
    assert not any(absent in d for status, k, d in items if status == "active" and not k.startswith("todo:")), items


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["I work as a barista at Costa", "I'll be joining Deloitte in three weeks, can't wait"], "Deloitte", "Costa"),
    (["我在小红书做运营", "过两天去拼多多入职"], "拼多多", "小红书"),
    (["I'm a cashier at Tesco", "My first day at Aldi is on Monday"], "Aldi", "Tesco"),
    (["I'm a nurse at Guy's", "I'll start at St Thomas' in two weeks"], "St Thomas", "Guy"),
    (["I'm a designer at Monzo", "I'm joining the team at Figma next month"], "Figma", "Monzo"),
    (["我在百度做搜索", "offer 定了，下个月入职字节"], "字节", "百度"),
])
def test_a_settled_job_start_ahead_of_its_day_is_the_new_employer(tmp_path: Path, texts: list[str], new: str,
                                                                 old: str) -> None:
    """"I'll be joining X next month", "下个月入职X": the start is settled, so the old employer is not left current
    once the day has come (the start is kept as the employer's new value, the old one as its history)."""
    items = _items(tmp_path, texts)
    active = _active(items, "fact:works_at")
    assert len(active) == 1 and new in active[0], items
    assert any(status == "superseded" and old in d for status, k, d in items if k == "fact:works_at"), items


@pytest.mark.parametrize("texts", [
    ["I work at Lidl", "I'm thinking of joining Aldi next year"],
    ["我在美团上班", "打算明年去字节入职"],
])
def test_a_job_start_only_weighed_changes_no_employer(tmp_path: Path, texts: list[str]) -> None:
    active = _active(_items(tmp_path, texts), "fact:works_at")
    assert len(active) == 1 and ("Lidl" in active[0] or "美团" in active[0]), active


@pytest.mark.parametrize(("texts", "new"), [
    (["我在顺丰做客服", "上周从顺丰辞职了，下周一去京东报到"], "京东"),
    (["I work at Accenture", "left Accenture on Friday, starting at Shopify next week"], "Shopify"),
])
def test_a_new_employer_named_after_leaving_the_old_one_is_the_successor(tmp_path: Path, texts: list[str],
                                                                        new: str) -> None:
    active = _active(_items(tmp_path, texts), "fact:works_at")
    assert len(active) == 1 and new in active[0]


def test_a_plan_keeps_its_goal_or_deadline(tmp_path: Path) -> None:
    items = _items(tmp_path, ["我下周要考驾照"])
    assert any("驾照" in d for status, _, d in items if status == "active"), items


@pytest.mark.parametrize(("texts", "key", "new", "old"), [
    (["I'm living in Portland now", "my bad, Seattle not Portland"], "fact:lives_in", "Seattle", "Portland"),
    (["I work at Siemens", "oops I meant Bosch, not Siemens"], "fact:works_at", "Bosch", "Siemens"),
    (["I live in Leeds", "correction: not Leeds but York"], "fact:lives_in", "York", "Leeds"),
    (["我住在厦门", "刚才打错了，是福州不是厦门"], "fact:lives_in", "福州", "厦门"),
    (["我在华为上班", "记错了，不是华为，是小米"], "fact:works_at", "小米", "华为"),
    (["我住在浦东", "不好意思口误，我住徐汇 不是浦东"], "fact:lives_in", "徐汇", "浦东"),
])
def test_a_correction_replaces_the_wrong_value(tmp_path: Path, texts: list[str], key: str, new: str,
                                               old: str) -> None:
    items = _items(tmp_path, texts)
    active = _active(items, key)
    assert len(active) == 1 and new in active[0] and old not in active[0], items
    assert any(status == "superseded" and old in d for status, k, d in items if k == key), items
    junk = ("说错", "记错", "打错", "口误", "不是", "meant", "not ", "bad", "oops", "correction")
    assert not any(w in d for status, _, d in items if status == "active" for w in junk), items


@pytest.mark.parametrize("texts", [
    ["我住在南宁", "不对不对，我说错了，是桂林不是柳州"],
    ["I live in Dublin", "sorry, Galway not Cork"],
])
def test_a_correction_of_a_value_never_stored_changes_nothing(tmp_path: Path, texts: list[str]) -> None:
    items = _items(tmp_path, texts)
    assert [d for status, k, d in items if status == "active"] == [
        d for status, k, d in items if status == "active" and k == "fact:lives_in"], items
    assert len(_active(items, "fact:lives_in")) == 1 and _active(items, "fact:lives_in")[0].endswith(
        ("南宁", "Dublin")), items
