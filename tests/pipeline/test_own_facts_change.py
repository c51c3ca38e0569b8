"""The user's own facts when life changes (issue 13 §1–§2), in English and Chinese: employer and title said in one
sentence are two slots and a later change of one ends only that one; Chinese work said without 工作 is the
employer; an app uninstalled, an account closed or a subscription cancelled ends what the user said of using it;
what the body cannot take (an intolerance, a food that makes one ill) is a food restriction keyed like an allergy."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.slots import read_clause


def _items(tmp_path: Path, texts: list[str]) -> list[tuple[str, str, str]]:
    return slot_items(tmp_path, texts, start=datetime(2025, 3, 1, tzinfo=UTC), days_apart=20)


def _active(items: list[tuple[str, str, str]], key: str) -> list[str]:
    return [d for status, k, d in items if status == "active" and k == key]


def _keys(text: str) -> dict[str, str]:
    """{key: value} of every slot hit of ``text``'s clauses."""
    return {h.key: h.value for clause, lang in split_clauses(text)
            for h in read_clause(clause, lang, context=text).hits}


@pytest.mark.parametrize(("text", "employer", "title"), [
    ("I'm the head chef at Nopi.", "Nopi", "chef"),
    ("I'm working as a barista at Costa these days.", "Costa", "barista"),
    ("I do marketing at Canva, mostly social campaigns.", "Canva", "marketing"),
    ("我在腾讯做产品经理。", "腾讯", "产品经理"),
    ("目前在小红书做设计，主要画图标。", "小红书", "设计"),
    ("我在字节当前端。", "字节", "前端"),
    ("我在一家外企做财务。", "外企", "财务"),
])
def test_employer_and_title_in_one_sentence_are_two_slots(text: str, employer: str, title: str) -> None:
    keys = _keys(text)
    assert employer in keys.get("fact:works_at", ""), keys
    assert title in keys.get("fact:occupation", ""), keys


@pytest.mark.parametrize(("texts", "new_title", "old_title", "employer"), [
    (["I'm a product manager at Shopee.", "I'm a UX designer now."], "designer", "product manager", "Shopee"),
    (["我在腾讯做产品经理。", "我转岗做运营了，还在腾讯。"], "运营", "产品经理", "腾讯"),
])
def test_a_new_title_ends_the_old_title_only(tmp_path: Path, texts: list[str], new_title: str, old_title: str,
                                             employer: str) -> None:
    items = _items(tmp_path, texts)
    titles = _active(items, "fact:occupation")
    assert len(titles) == 1 and new_title in titles[0] and old_title not in titles[0], items
    employers = _active(items, "fact:works_at")
    assert len(employers) == 1 and employer in employers[0] and old_title not in employers[0], items


@pytest.mark.parametrize(("text", "employer"), [
    ("现在在美团写代码，天天加班。", "美团"),
    ("我在阿里搬砖，996 太累了。", "阿里"),
    ("在美团跑外卖，一天跑四十单。", "美团"),
    ("我现在在网易写后端。", "网易"),
])
def test_chinese_work_said_without_the_word_work_is_the_employer(text: str, employer: str) -> None:
    assert _keys(text).get("fact:works_at") == employer


@pytest.mark.parametrize("text", ["我在家写代码。", "我在图书馆写代码。", "我在想怎么写代码。"])
def test_where_one_codes_is_no_employer(text: str) -> None:
    assert "fact:works_at" not in _keys(text)


@pytest.mark.parametrize(("texts", "old"), [
    (["I use TikTok way too much, like two hours a day.", "I finally uninstalled TikTok."], "TikTok"),
    (["I pay for Netflix every month.", "Cancelled my Netflix subscription, nothing good on it."], "Netflix"),
    (["I post on Instagram every day.", "I deleted my Instagram account last week."], "Instagram"),
    (["I use Twitter a lot for news.", "I quit Twitter."], "Twitter"),
    (["我每天睡前都刷抖音。", "我把抖音卸载了，太浪费时间。"], "抖音"),
    (["我平时用微博追星。", "微博我已经注销了。"], "微博"),
    (["我开了爱奇艺会员，追剧方便。", "爱奇艺会员我取消自动续费了。"], "爱奇艺"),
])
def test_an_app_or_account_closed_ends_its_use(tmp_path: Path, texts: list[str], old: str) -> None:
    items = _items(tmp_path, texts)
    assert any(status == "superseded" and old in d for status, _, d in items), items
    assert not [d for status, _, d in items if status == "active" and d.endswith(texts[0].rstrip("。.")[-4:])], items


@pytest.mark.parametrize("texts", [
    ["I use Lightroom for my photos.", "I deleted the photos from my trip."],
    ["我每天用Keep打卡。", "我把那张照片删了。"],
])
def test_deleting_another_thing_ends_no_use(tmp_path: Path, texts: list[str]) -> None:
    items = _items(tmp_path, texts)
    assert not [d for status, _, d in items if status == "superseded"], items


@pytest.mark.parametrize(("text", "key"), [
    ("I'm lactose intolerant, so no milkshakes for me.", "fact:intolerance:dairy"),
    ("I have a gluten intolerance.", "fact:intolerance:gluten"),
    ("Gluten doesn't agree with me at all.", "fact:intolerance:gluten"),
    ("Coffee gives me heart palpitations now.", "fact:intolerance:coffee"),
    ("我乳糖不耐受。", "fact:intolerance:dairy"),
    ("我有麸质不耐受。", "fact:intolerance:gluten"),
    ("喝咖啡会心慌所以不喝了。", "fact:intolerance:coffee"),
    ("我一喝牛奶就拉肚子。", "fact:intolerance:dairy"),  # milk is keyed as dairy: one with 乳糖不耐受
])
def test_an_intolerance_is_a_food_restriction_keyed_like_an_allergy(text: str, key: str) -> None:
    assert key in _keys(text), _keys(text)


@pytest.mark.parametrize("text", ["我对他很不耐烦。", "I'm intolerant of rudeness? no", "Work gives me headaches lol"])
def test_impatience_or_a_question_is_no_intolerance(text: str) -> None:
    assert not [k for k in _keys(text) if k.startswith("fact:intolerance")]


@pytest.mark.parametrize(("texts", "ended"), [
    (["I drink coffee every morning.", "Coffee gives me heart palpitations now, so I stopped drinking it."], "coffee"),
    (["我每天早上一杯咖啡。", "喝咖啡会心慌所以不喝了。"], "咖啡"),
])
def test_a_drink_the_body_cannot_take_any_more_ends_the_habit(tmp_path: Path, texts: list[str], ended: str) -> None:
    items = _items(tmp_path, texts)
    assert any(status == "superseded" and ended in d.casefold() for status, k, d in items if k.startswith("pref:")), \
        items
    assert any(status == "active" and ended in d.casefold() for status, k, d in items
               if k.startswith("fact:intolerance")), items


@pytest.mark.parametrize(("text", "employer_ended"), [
    ("I quit Instagram.", False),
    ("I'm quitting TikTok for good.", False),
    ("I quit Twitter after six years on the team.", True),
    ("I quit Deloitte.", True),
])
def test_quitting_an_app_is_no_change_of_employer(text: str, employer_ended: bool) -> None:
    assert ("fact:works_at" in _keys(text)) is employer_ended
