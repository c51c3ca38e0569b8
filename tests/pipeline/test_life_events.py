"""Life events said in passing (issue 13 §1–2): a partner begun and named, an engagement and a wedding date, a
birth told as news, a pet taken in without "have" — each keeps the fact, and another person's stays theirs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.birth_said import birth_said
from memory_core.pipeline.named_next import name_joined


def _items(texts: list[str]) -> list[tuple[str, str, str]]:
    store, pipeline = DictStore(), WritePipeline()
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    for n, text in enumerate(texts):
        turn = Turn("u1", f"t{n}", "s", "user", text, t0 + timedelta(days=30 * n))
        store.apply("u1", pipeline.plan(turn, store))
    return [(str(i.status), str(i.key), i.description) for i in store.list_items("u1", statuses=None)
            if i.kind != "event"]


def _active(texts: list[str], prefix: str) -> list[str]:
    return [d for s, k, d in _items(texts) if s == "active" and k.startswith(prefix)]


@pytest.mark.parametrize(("text", "said"), [
    ("当姥爷了！！外孙女，七斤二两，叫朵朵，母女平安", "外孙女出生了，叫朵朵，母女平安"),
    ("当妈妈了！是个女儿，叫安安", "女儿出生了，叫安安"),
    ("宝宝出生了，是个男孩，叫乐乐", "儿子出生了，叫乐乐"),
    ("我老婆生了个儿子！叫小宝", "儿子出生了，叫小宝"),
    ("HE'S HERE. Wyatt James, 7lb 11oz", "our son was born, his name is Wyatt James. 7lb 11oz"),
    ("we had a baby girl yesterday, named her Ava", "our daughter was born, her name is Ava"),
    ("We had a baby girl last week, Mia!", "our daughter was born, her name is Mia!"),
])
def test_a_birth_told_as_news_is_said_as_the_family_cue_reads_it(text: str, said: str) -> None:
    assert birth_said(text) == said


@pytest.mark.parametrize("text", [
    "宝宝是男孩还是女孩？",  # a question names no child
    "we had a baby girl, Mia is so tiny",  # the name opens a sentence of its own
    "He's here, finally. The plumber.",  # no birth weight: no birth
])
def test_no_birth_is_read_where_none_is_told(text: str) -> None:
    assert birth_said(text) == text


@pytest.mark.parametrize(("texts", "want"), [
    (["当姥爷了！！外孙女，七斤二两，叫朵朵"], "外孙女出生了，叫朵朵"),
    (["HE'S HERE. Wyatt James, 7lb 11oz, born at 4:12am. Jess was a champ."], "son Wyatt James was born"),
    (["We welcomed our son last night! His name is Leo."], "son Leo was born"),
])
def test_a_birth_is_a_family_item_with_its_name(texts: list[str], want: str) -> None:
    assert any(want in d for d in _active(texts, "fact:family")), _items(texts)


def test_a_sisters_baby_is_not_the_users_child() -> None:
    assert not any("用户的女儿" in d for _, _, d in _items(["我姐生了个女儿，叫糖糖"]))


@pytest.mark.parametrize(("texts", "now"), [
    (["我单身好几年了。", "跟李想确定关系了！"], "李想"),
    (["I'm single.", "Daniel 和我 officially dating 了 💕"], "Daniel"),
    (["Tom and I broke up.", "Priya and I started dating last week"], "Priya"),
    (["I'm single lol", "Sam and I are together now!"], "Sam"),
])
def test_a_partner_named_with_the_bond_ends_the_single_state(texts: list[str], now: str) -> None:
    active = _active(texts, "fact:partner")
    assert len(active) == 1 and now in active[0], _items(texts)


def test_a_relative_together_somewhere_is_no_partner() -> None:
    assert not _active(["My mom and I are together in Rome this week."], "fact:partner")


@pytest.mark.parametrize(("texts", "want"), [
    (["My girlfriend is Amara.", "Proposed at the lake this morning. She said yes!!"], "engaged"),
    (["我女朋友叫小美", "求婚成功！！"], "订婚"),
])
def test_a_proposal_accepted_is_an_engagement(texts: list[str], want: str) -> None:
    assert any(want in d for d in _active(texts, "fact:partner")), _items(texts)


@pytest.mark.parametrize(("text", "date"), [
    ("wedding date set: 14 August 2027, in Lagos AND a small one in London after.", "14 August 2027"),
    ("We're getting married on June 3rd!", "June 3rd"),
])
def test_the_users_wedding_date_is_a_fact(text: str, date: str) -> None:
    assert any(date in d for d in _active([text], "fact:nuptials")), _items([text])


def test_anothers_wedding_is_not_the_users() -> None:
    assert not _active(["going to Lagos for my sister Chioma's wedding in August, two weeks"], "fact:nuptials")


@pytest.mark.parametrize(("text", "joined"), [
    ("下班路上捡了一只小橘猫，瘦得皮包骨，带回家了，叫馒头", "下班路上捡了一只小橘猫，叫馒头，"),
    ("领养了一只狗！超级可爱，起名叫豆豆", "领养了一只狗，叫豆豆"),
])
def test_a_pet_named_after_an_aside_is_named_with_its_getting(text: str, joined: str) -> None:
    assert name_joined(text).startswith(joined)


@pytest.mark.parametrize(("text", "name"), [
    ("下班路上捡了一只小橘猫，瘦得皮包骨，带回家了，取名叫馒头🐱", "馒头"),
    ("在小区楼下捡到一只小猫，给它取名叫煤球", "煤球"),
])
def test_a_stray_picked_up_is_the_users_pet(text: str, name: str) -> None:
    active = _active([text], "fact:pet")
    assert any(d.endswith(name) for d in active), _items([text])
