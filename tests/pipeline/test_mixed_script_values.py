"""A sentence that switches script mid-clause: a name written in the other script fills a value class (a language,
a breed), an end cue reaches a thing named in the other script, and a turn that ends a fact never counts as saying
it again."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.pipeline.cessation import cessation_scope, ended_keys
from memory_core.pipeline.code_switch import with_chinese_cues
from memory_core.pipeline.ending_hits import ending_clauses, without_ending_hits
from memory_core.pipeline.slot_lexicon import across_class
from memory_core.settings import Settings
from memory_core.store.write_ops import AddOp, HitOp

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def test_a_class_across_takes_the_other_scripts_names_as_whole_words() -> None:
    import re

    zh = re.compile(across_class("金毛|柯基", "golden\\s+retriever|cat", "zh"))
    assert zh.search("养了只 golden retriever 叫")
    assert zh.search("金毛")
    assert not zh.search("category")  # "cat" inside a word names no species
    en = re.compile(across_class("cantonese|korean", "粤语|韩语", "en"), re.IGNORECASE)
    assert en.search("learning 粤语") and en.search("learning Korean")
    assert across_class("a|b", "", "en") == "a|b"


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("I'm learning 粤语 on weekends", "fact:language:cantonese", "粤语"),
        ("I've been studying 日语 for a year", "fact:language:japanese", "日语"),
        ("I speak 广东话 at home", "fact:language:cantonese", "广东话"),
        ("我养了只 golden retriever 叫 Mochi", "fact:pet:dog", "Mochi"),
        ("养了只 husky，名字叫 Snow", "fact:pet:dog", "Snow"),
        ("we adopted a 柴犬 called Taro", "fact:pet:dog", "Taro"),
    ],
)
def test_a_name_in_the_other_script_is_the_value(tmp_path: Path, text: str, key: str, value: str) -> None:
    rows = active(slot_items(tmp_path, [text], start=START, days_apart=1))
    assert any(k == key and value in d for k, d in rows), rows


@pytest.mark.parametrize(
    ("texts", "old"),
    [
        (["I'm learning 粤语 on weekends", "粤语学不下去了, too hard 😩 改学 Korean 了"], "粤语"),
        (["I work at Shopee", "不在 Shopee 了"], "works at Shopee"),
        (["I work at Goldman Sachs", "已经不在 Goldman Sachs 了，现在 freelance"], "works at Goldman"),
        (["我每天喝奶茶", "no more 奶茶 for me"], "用户喝奶茶"),
        (["I drink coffee every morning", "我 quit coffee 了"], "drinks coffee"),
        (["I play badminton every Sunday", "badminton 不打了"], "plays badminton"),
        (["我在学日语", "gave up 日语 last month"], "在学日语"),
    ],
)
def test_an_end_in_one_script_ends_the_fact_said_in_the_other(tmp_path: Path, texts: list[str], old: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=30)
    assert not any(old in d for _, d in active(rows)), rows
    assert any(status == "superseded" and old in d for status, _, d in rows), rows


def test_a_latin_name_in_a_chinese_end_gives_its_keys() -> None:
    scope = cessation_scope("badminton 不打了", "zh")
    assert "fact:hobby:badminton" in ended_keys(scope, "zh", "")
    assert "gist:obj:milk tea" in ended_keys("奶茶 for me", "en", "")


@pytest.mark.parametrize(
    ("text", "read"),
    [("我 quit coffee 了", "我戒 coffee 了"), ("上个月 quit 奶茶 了", "上个月戒奶茶 了")],
)
def test_quit_with_a_known_thing_inside_chinese_gives_it_up(text: str, read: str) -> None:
    assert with_chinese_cues(text) == read


def test_quit_with_an_employer_inside_chinese_stays_as_written() -> None:
    assert with_chinese_cues("我 quit Shopee 了") == "我 quit Shopee 了"


@pytest.mark.parametrize(
    ("text", "ending"),
    [
        ("粤语学不下去了, too hard 😩 改学 Korean 了", True),
        ("Shopee 那份工辞了", True),
        ("no more 奶茶 for me", True),
        ("I still work at Shopee", False),
        ("我还在 Shopee 上班，挺好的", False),
    ],
)
def test_ending_clauses_in_either_language(text: str, ending: bool) -> None:
    assert bool(ending_clauses(text)) is ending


def _turn(text: str) -> Turn:
    return Turn("u1", "t9", "s", "user", text, START)


def test_a_hit_on_the_ended_thing_is_dropped_and_others_kept() -> None:
    ops = [HitOp("a", turn_id="t9"), HitOp("b", turn_id="t9"), HitOp("c", turn_id="t9")]
    descriptions = {"a": "User is learning 粤语 on weekends", "b": "User lives in Hong Kong"}
    kept = without_ending_hits(_turn("粤语学不下去了"), ops, descriptions)
    assert [op.item_id for op in kept if isinstance(op, HitOp)] == ["b", "c"]  # "c": not known, kept


def test_a_turn_without_an_end_keeps_its_hits() -> None:
    ops = [HitOp("a", turn_id="t9")]
    assert without_ending_hits(_turn("粤语还在学"), ops, {"a": "User is learning 粤语"}) == ops


def test_other_ops_pass_untouched() -> None:
    assert not any(isinstance(op, AddOp) for op in without_ending_hits(_turn("no more 奶茶"), [], {}))


@pytest.mark.parametrize(
    ("texts", "old"),
    [
        (["我在腾讯上班", "腾讯那边辞了"], "腾讯"),
        (["I work at Shopee", "Shopee 那份工辞了"], "Shopee"),
    ],
)
def test_an_ending_turn_is_no_restatement(tmp_path: Path, texts: list[str], old: str) -> None:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, START.replace(day=1 + n)) for n, text in enumerate(texts)])
    items = [i for i in memory.store.list_items("u1", statuses=None) if i.kind != "event" and old in i.description]
    assert items and all(i.hit == 0 for i in items), [(i.description, i.hit) for i in items]


def test_an_end_said_again_keeps_its_hit() -> None:
    ops = [HitOp("a", turn_id="t9"), HitOp("b", turn_id="t9")]
    descriptions = {"a": "User no longer drinks coffee", "b": "用户不吃香菜"}
    assert without_ending_hits(_turn("戒了 coffee 很久了，香菜也不吃了"), ops, descriptions) == ops


def test_a_clause_of_its_own_after_and_keeps_its_hit() -> None:
    ops = [HitOp("a", turn_id="t9"), HitOp("b", turn_id="t9")]
    descriptions = {"a": "User likes tea", "b": "User lives in Paris"}
    kept = without_ending_hits(_turn("I don't like tea anymore and I live in Paris"), ops, descriptions)
    assert [op.item_id for op in kept] == ["b"]
