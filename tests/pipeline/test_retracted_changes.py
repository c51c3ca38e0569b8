"""A change taken back, and a correction naming the wrong value of any slot (issue 13), in English and Chinese.

"scratch that, not yet", "I meant I interviewed at …", 刚才说错了，还没搬: the value the change replaced is current
again and the wrong one is kept as history; "X, not Y" replaces the item holding Y whatever its slot (an allergy,
another person's job). A "not yet" about something else, "I meant to call you" or 我是说真的 changes nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.retraction import read_retraction


def _items(texts: list[str], apart: timedelta = timedelta(minutes=5)) -> list[tuple[str, str, str, list[str]]]:
    """(status, key, description, revision ops) of the non-event items ``texts`` leave, said ``apart``."""
    store, pipeline = DictStore(), WritePipeline()
    t0 = datetime(2026, 2, 1, tzinfo=UTC)
    for n, text in enumerate(texts):
        turn = Turn("u1", f"t{n}", "s", "user", text, t0 + apart * n)
        store.apply("u1", pipeline.plan(turn, store))
    return [(str(i.status), str(i.key), i.description, [r.op for r in i.history])
            for i in store.list_items("u1", statuses=None) if i.kind != "event"]


def _active(items: list[tuple[str, str, str, list[str]]]) -> list[str]:
    return [d for s, _, d, _ in items if s == "active"]


@pytest.mark.parametrize(("texts", "back", "wrong"), [
    (["I live in Bristol.", "We moved to Bath last week!", "Sorry, I misspoke, we haven't moved yet."],
     "Bristol", "Bath"),
    (["I work at Google", "I just joined Meta", "sorry, typo — I meant I just interviewed at Meta, still at Google"],
     "Google", "Meta"),
    (["I work for Deloitte.", "I just joined PwC", "my bad, I meant I applied to PwC, still at Deloitte."],
     "Deloitte", "PwC"),
    (["我住在海淀", "我搬到望京了", "刚才说错了，还没搬，下个月才搬到望京"], "海淀", "望京"),
    (["我在阿里上班，做前端。", "我跳槽去字节了", "说错了，我只是去字节面试了，还在阿里。"], "阿里", "字节"),
    (["我住在杭州。", "我们搬到苏州了", "不好意思打错了，还没搬成。"], "杭州", "苏州"),
])
def test_a_change_taken_back_restores_the_value_it_replaced(texts: list[str], back: str, wrong: str) -> None:
    items = _items(texts)
    active = _active(items)
    assert any(back in d for d in active), items
    assert not any(wrong in d for d in active), items
    superseded = [(d, ops) for s, _, d, ops in items if s == "superseded"]
    assert any(wrong in d for d, _ in superseded), items  # the wrong value kept as history
    assert any(back in d and "supersede" in ops for d, ops in superseded), items  # and the first value's end


@pytest.mark.parametrize(("texts", "back", "wrong"), [
    (["we moved to Walthamstow", "actually scratch that, we're moving there next month, not yet. still in Hackney "
      "for now"], "Hackney", "Walthamstow"),
    (["我搬到南京了", "口误口误，还没搬，我还在上海住。"], "上海", "南京"),
])
def test_a_first_value_taken_back_gives_way_to_the_value_said_to_hold_still(texts: list[str], back: str,
                                                                              wrong: str) -> None:
    items = _items(texts)
    active = _active(items)
    assert any(back in d for d in active) and not any(wrong in d for d in active), items
    assert any(wrong in d for s, _, d, _ in items if s == "superseded"), items


@pytest.mark.parametrize("texts", [
    ["I moved to Leeds.", "Sorry, scratch that, we haven't moved yet."],
    ["我搬到南京了", "说错了，还没搬。"],
])
def test_a_first_value_taken_back_with_none_said_instead_leaves_the_slot_empty(texts: list[str]) -> None:
    items = _items(texts)
    assert not _active(items), items
    assert [s for s, _, _, _ in items] == ["superseded"], items


@pytest.mark.parametrize(("texts", "now", "old"), [
    (["I live in Hackney.", "We moved to Leeds last month.", "Haven't unpacked yet, but we love Leeds already."],
     "Leeds", "Hackney"),
    (["I work at Google", "I just joined Meta", "Sorry, I meant to call you last night about Meta."], "Meta", "Google"),
    (["我住在海淀", "我搬到望京了", "箱子还没拆完，不过我挺喜欢望京的。"], "望京", "海淀"),
    (["我在阿里上班", "我跳槽去字节了", "我是说真的，字节的食堂特别好，还没吃腻。"], "字节", "阿里"),
    (["I work at Google", "I just joined Meta", "I didn't quit Meta, lol, I love it there."], "Meta", "Google"),
    (["我在阿里上班", "我跳槽去字节了", "我只是想说字节的食堂很好"], "字节", "阿里"),
])
def test_no_take_back_leaves_the_change_in_place(texts: list[str], now: str, old: str) -> None:
    active = _active(_items(texts))
    assert any(now in d for d in active) and not any(old in d for d in active), active


@pytest.mark.parametrize(("text", "take_back", "not_yet", "wrong_verb"), [
    ("actually scratch that, we're moving there next month, not yet.", True, True, False),
    ("Sorry, I misspoke, we haven't moved yet.", True, True, False),
    ("I meant I just interviewed at Meta", True, False, True),
    ("刚才说错了，还没搬，下个月才搬到望京", True, True, False),
    ("说错了，我只是去字节面试了", True, False, True),
])
def test_the_cues_of_a_take_back_are_read_en_and_zh(text: str, take_back: bool, not_yet: bool,
                                                     wrong_verb: bool) -> None:
    cues = read_retraction(text)
    assert cues is not None
    assert (cues.take_back, cues.not_yet, cues.wrong_verb) == (take_back, not_yet, wrong_verb)


@pytest.mark.parametrize("text", [
    "I meant to call you yesterday.", "Haven't unpacked yet.", "我是真的很喜欢这里", "My sister hasn't moved yet.",
    "箱子还没拆完", "not yet sure what to cook tonight", "We haven't moved the piano yet.", "还没搬完家具",
])
def test_no_take_back_is_read_where_none_is_said(text: str) -> None:
    assert read_retraction(text) is None


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["我对 peanuts 过敏", "actually the allergy is to tree nuts, not peanuts. got tested properly"],
     "tree nuts", "peanuts"),
    (["I'm allergic to shellfish.", "Sorry, I'm allergic to penicillin, not shellfish."], "penicillin", "shellfish"),
    (["我对虾过敏。", "不对，我是对螃蟹过敏，不是虾。"], "螃蟹", "虾"),
])
def test_a_correction_replaces_the_object_of_a_slot_of_many_values(texts: list[str], new: str, old: str) -> None:
    items = _items(texts)
    active = _active(items)
    assert any(new in d for d in active) and not any(old in d for d in active), items
    assert any(old in d for s, _, d, _ in items if s == "superseded"), items


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["My friend Jason is a chef", "wait no, I said wrong — Jason is a barista not a chef lol"], "barista", "chef"),
    (["我同事小美是护士", "说错了，小美是药剂师，不是护士"], "药剂师", "护士"),
    (["我朋友阿杰在瑞金医院上班", "我朋友阿杰跳槽去华山医院了", "不对不对，我之前说错了，阿杰是去了中山医院，不是华山"],
     "中山医院", "华山"),
])
def test_a_correction_replaces_a_named_persons_value(texts: list[str], new: str, old: str) -> None:
    items = _items(texts)
    active = _active(items)
    assert any(new in d for d in active) and not any(old in d for d in active), items


@pytest.mark.parametrize("texts", [
    ["I live in Bristol.", "We moved to Bath!", "We haven't moved the piano yet, not yet."],
    ["我住在杭州。", "我们搬到苏州了", "说错了，还没搬完家具。"],
])
def test_a_change_told_long_ago_is_not_taken_back(texts: list[str]) -> None:
    active = _active(_items(texts, apart=timedelta(days=60)))
    assert any("Bath" in d or "苏州" in d for d in active), active
