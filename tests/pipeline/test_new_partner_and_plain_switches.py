"""A new partner ends "single" or a breakup and keeps the name; a switch ends an old value said plainly (a shift
with no adverb, "I've been learning X", a commute to an office); a thing handed to someone in Chinese ends it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.owned_end import ended_things


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


@pytest.mark.parametrize(("texts", "now"), [
    (["Xiaoyu and I broke up.", "I met someone — her name is Dana, we've been dating for a month."], "Dana"),
    (["跟阿杰分了，五年的感情说没就没了。", "Started dating a guy named Kevin, he's a chef."], "Kevin"),
    (["I'm single.", "I have a new girlfriend, Maya! We met at a climbing gym."], "Maya"),
    (["I'm single.", "I've been seeing someone called Ana for a few weeks."], "Ana"),
    (["我单身好几年了。", "今天和小林官宣了💕"], "小林"),
    (["我现在单身。", "我和小林在一起了！"], "小林"),
])
def test_a_named_new_partner_ends_the_single_state(texts: list[str], now: str) -> None:
    active = _active(texts, "fact:partner")
    assert len(active) == 1 and now in active[0], _items(texts)


@pytest.mark.parametrize("texts", [
    ["我单身好几年了。", "终于脱单了😆"],
    ["跟前男友分手了。", "有对象了，我俩是在健身房认识的。"],
    ["I'm single.", "I'm in a relationship now."],
    ["Xiaoyu and I broke up.", "I have a new boyfriend."],
])
def test_an_unnamed_beginning_ends_the_single_state(texts: list[str]) -> None:
    active = _active(texts, "fact:partner")
    assert len(active) == 1 and not any(w in active[0] for w in ("single", "单身", "分开")), _items(texts)


@pytest.mark.parametrize("texts", [
    ["My girlfriend is Maya.", "I'm seeing someone now."],
    ["我男朋友叫小周。", "有对象了"],
])
def test_an_unnamed_beginning_never_replaces_a_named_partner(texts: list[str]) -> None:
    rows = _items(texts)
    assert [d for s, k, d in rows if s == "active" and k.startswith(("fact:partner", "gist:partner"))] \
        == [d for s, k, d in rows if k.startswith("fact:partner")][:1], rows


@pytest.mark.parametrize("texts", [
    ["I'm single.", "My sister is dating Tom, a chef from Lyon.", "I want to start dating again."],
    ["我现在单身。", "我妹妹脱单了，男朋友叫阿杰。", "好想找对象啊，要是有对象就好了。", "你脱单了吗？"],
    ["I'm single.", "Should I start dating a guy named Ben?"],
])
def test_another_s_dating_a_wish_or_a_question_leaves_single(texts: list[str]) -> None:
    assert any(w in d for d in _active(texts, "fact:partner") for w in ("single", "单身")), _items(texts)


@pytest.mark.parametrize(("texts", "gone", "now"), [
    (["我上夜班，晚上十点到早上六点。", "从夜班调成白班了。"], "夜班", "白班"),
    (["I do night shifts, 10pm to 6am.", "换到白班了。"], "night", "白班"),
    (["我上白班，早八晚五。", "switched to nights."], "白班", "night"),
    (["I commute by subway, line 10.", "现在不坐地铁了，每天走路去共享办公室。"], "subway", "走路"),
    (["I take the bus to work.", "I cycle to my office now."], "bus", "bike"),
    (["I've been learning Japanese on Duolingo.", "我改学西班牙语了，日语先放一放。"], "Japanese", "西班牙语"),
    (["我最近在用多邻国学韩语。", "Switched to learning French instead."], "韩语", "French"),
    (["我学日语学了半年了。", "改学韩语了"], "日语", "韩语"),
])
def test_a_switch_ends_an_old_value_said_plainly(texts: list[str], gone: str, now: str) -> None:
    rows = _items(texts)
    facts = [d for s, k, d in rows if s == "active" and k.startswith("fact:")]
    assert any(now in d for d in facts), rows
    assert not any(gone in d for s, k, d in rows if s == "active" and k.startswith(("fact:", "gist:"))
                   and not any(w in d for w in ("不坐", "不再", "no longer"))), rows


@pytest.mark.parametrize("texts", [["今天上夜班好困"], ["我上夜班的时候喝很多咖啡"], ["我老公上夜班"]])
def test_one_night_or_another_s_shift_is_no_shift_of_the_user(texts: list[str]) -> None:
    assert not _active(texts, "fact:work_shift")


@pytest.mark.parametrize(("text", "thing"), [
    ("手机换成iPhone 16 Pro了，华为给我爸了。", "华为"),
    ("新买了MacBook Pro，ThinkPad转给同事了。", "ThinkPad"),
    ("旧手机留给我妈用了", "手机"),
    ("那辆自行车送我表弟了", "自行车"),
])
def test_a_thing_handed_on_in_chinese_is_ended(text: str, thing: str) -> None:
    assert [e.thing for e in ended_things(text)] == [thing]


@pytest.mark.parametrize("text", ["我姐的iPad给她儿子了。", "要不要把iPad送给我妈？", "车借给我爸开了",
                                  "手机给我妈看了一下"])
def test_a_loan_a_question_or_another_s_thing_ends_nothing(text: str) -> None:
    assert ended_things(text) == []


def test_the_huawei_given_to_dad_ends_after_a_new_phone() -> None:
    rows = _items(["我用的是华为P60。", "手机换成iPhone 16 Pro了，华为给我爸了。"])
    assert [d for s, _, d in rows if s == "active"] == ["用户用iPhone 16 Pro"], rows
