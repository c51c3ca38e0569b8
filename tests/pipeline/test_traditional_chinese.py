"""Traditional Chinese is read as the simplified text it converts to, everywhere, and stored in the user's script
(issue 13: "又開始喝珍奶了" did not supersede "戒珍奶了", while "又开始喝珍奶了" did)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.plain_text import reading_text
from memory_core.pipeline.written_script import in_users_script
from memory_core.retrieval.entities import SpeakerMatcher, learn_lexicon
from memory_core.store.write_ops import EndOp, HitOp, UpdateOp
from memory_core.text.han_forms import in_script_of, is_traditional, simplified
from memory_core.text.tokenize import tokenize

pytest.importorskip("opencc")


@pytest.fixture()
def mem(tmp_path: Path) -> Iterator[EmbeddedMemory]:
    m = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/t.db")
    try:
        yield m
    finally:
        m.close()


def _said(mem: EmbeddedMemory, user: str, *texts: str) -> list[str]:
    for day, text in enumerate(texts, start=1):
        mem.add(text, user_id=user, timestamp=f"2025-03-{day:02d}T10:00:00+00:00")
    return [r["description"] for r in mem.get_all(user_id=user, reveal=True) if r["kind"] != "event"]


@pytest.mark.parametrize(("written", "read"), [
    ("又開始喝珍奶了", "又开始喝珍奶了"),
    ("我領養了！她叫麻糬，兩歲", "我领养了！她叫麻糬，两岁"),
    ("現在住Brookline一間小studio", "现在住Brookline一间小studio"),
    ("頭髮剪短了", "头发剪短了"),  # phrase by phrase: 髮 is 发 here
    ("衞生紙用完了", "卫生纸用完了"),  # a Hong Kong form
    ("我住這裡", "我住这里"),  # a Taiwan form
    ("又开始喝珍奶了", "又开始喝珍奶了"),  # simplified: as it is
    ("I live in Leeds", "I live in Leeds"),
])
def test_traditional_text_reads_as_its_simplified_form(written: str, read: str) -> None:
    assert simplified(written) == read
    assert is_traditional(written) == (written != read)


def test_a_description_is_written_back_in_the_users_own_characters() -> None:
    said = "我住台北，養了一隻狗"
    assert in_script_of("用户住台北", said) == "用戶住台北"  # 台 as written, never 臺; 户 by OpenCC
    assert in_script_of("用户养了一只狗", said) == "用戶養了一隻狗"
    assert in_script_of("用户养了一只狗", "我养了一只狗") == "用户养了一只狗"  # a simplified turn: as built
    assert in_script_of("User has a dog", said) == "User has a dog"


def test_only_new_texts_of_a_traditional_turn_are_rewritten() -> None:
    ops = [UpdateOp(item_id="a", reason="r", new_description="用户住在波士顿"), HitOp(item_id="b")]
    assert in_users_script(ops, "我住在波士頓")[0] == UpdateOp(item_id="a", reason="r",
                                                               new_description="用戶住在波士頓")
    assert in_users_script(ops, "我住在波士頓")[1] == ops[1]
    assert in_users_script(ops, "我住在波士顿") is ops


def test_the_reasons_history_shows_are_in_the_users_script() -> None:
    ops = [EndOp(item_id="a", status="superseded", reason="被新的说法取代：用户住在台中"),
           UpdateOp(item_id="b", reason="补充细节：用户在台中", new_description="用户住在台中")]
    said = in_users_script(ops, "我們搬到台中了，新家離公司很近")
    assert [op.reason for op in said] == ["被新的說法取代：用戶住在台中", "補充細節：用戶在台中"]
    assert in_users_script(ops, "我们搬到台中了") is ops  # a simplified turn: as built


def test_a_traditional_users_supersede_reads_in_traditional(mem: EmbeddedMemory) -> None:
    _said(mem, "tw", "我住在台北", "我們搬到台中了，新家離公司很近")
    old = next(r for r in mem.get_all(user_id="tw", reveal=True, filters={"statuses": []})
               if "台北" in r["description"] and r["kind"] != "event")
    reasons = [h["reason"] for h in mem.history(old["id"], user_id="tw") if h.get("reason")]
    assert any("說法" in r for r in reasons) and not any("说法" in r for r in reasons), reasons


@pytest.mark.parametrize(("traditional", "simple"), [
    ("她現在住在哪裡？", "她现在住在哪里？"),
    ("我的狗叫什麼名字", "我的狗叫什么名字"),
])
def test_the_index_terms_of_both_scripts_are_the_same(traditional: str, simple: str) -> None:
    assert tokenize(traditional) == tokenize(simple) != []


def test_the_rules_read_the_simplified_form() -> None:
    assert reading_text("唉 又開始喝珍奶了") == reading_text("唉 又开始喝珍奶了") == "唉 又开始喝珍奶了"


@pytest.mark.parametrize("script", ["traditional", "simplified"])
def test_a_restart_supersedes_the_stop_in_either_script(mem: EmbeddedMemory, script: str) -> None:
    turns = ("我每天早上一定要喝珍奶才有辦法開工", "我戒珍奶了！一個月省兩百多美金", "唉 又開始喝珍奶了 研究壓力太大")
    if script == "simplified":
        turns = tuple(simplified(t) for t in turns)
    facts = _said(mem, script, *turns)
    assert len(facts) == 1 and "珍奶" in facts[0] and "戒" not in facts[0], facts
    assert ("開始" in facts[0]) == (script == "traditional"), facts  # stored as the user wrote it


def test_a_traditional_item_reads_in_traditional_and_keeps_the_users_characters(mem: EmbeddedMemory) -> None:
    facts = _said(mem, "tw", "我住在台北，在台大讀書")
    assert facts and all("用戶" in f for f in facts), facts
    assert any("台北" in f for f in facts) and not any("臺" in f or "读" in f for f in facts), facts


@pytest.mark.parametrize(("stored", "question", "found"), [
    ("我養了一隻狗叫麻糬", "我的狗叫什么名字？", "麻糬"),
    ("我养了一只猫叫煤球", "我的貓叫什麼名字？", "煤球"),
])
def test_recall_finds_an_item_across_the_two_scripts(mem: EmbeddedMemory, stored: str, question: str,
                                                     found: str) -> None:
    _said(mem, "r", stored, "我喜歡爬山", "我在銀行上班")
    top = [h["description"] for h in mem.search(question, user_id="r", k=2)]
    assert any(found in d for d in top), top


@pytest.mark.parametrize("text", ["现在改跑饿了么了", "你在干什么", "我住这里", "后来头发剪了", "乾隆"])
def test_simplified_text_is_read_as_written(text: str) -> None:
    assert simplified(text) == text  # "饿了么" never "饿了幺"


def test_names_kept_whole_and_speakers_are_matched_in_either_script() -> None:
    assert learn_lexicon(["陳怡君"]) == frozenset({"陈怡君"})
    assert SpeakerMatcher(["陳怡君"])("陈怡君住在哪里？") == {"陳怡君"}
    assert SpeakerMatcher(["陈怡君"])("陳怡君住在哪裡？") == {"陈怡君"}
    whole = tokenize("陳怡君住在哪裡", learn_lexicon(["陳怡君"]))
    assert "陈怡君" in whole and whole == tokenize("陈怡君住在哪里", learn_lexicon(["陈怡君"]))
