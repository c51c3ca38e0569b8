"""Where a person is from is no residence; another person's news stays theirs; a correction replaces the wrong
value; the user's words keep 我们 and a value stops at its clause (issue 13, other people and corrections)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.rules import MAX_VALUE_CHARS, clean_object


def _active(texts: list[str]) -> list[tuple[str, str]]:
    """(key, description) of every active non-event item ``texts`` leave, said a day apart."""
    store, pipeline = DictStore(), WritePipeline()
    t0 = datetime(2026, 2, 1, tzinfo=UTC)
    for n, text in enumerate(texts):
        turn = Turn("u1", f"t{n}", "s", "user", text, t0 + timedelta(days=n))
        store.apply("u1", pipeline.plan(turn, store))
    return [(str(i.key), i.description) for i in store.list_items("u1") if i.kind != "event" and i.active]


@pytest.mark.parametrize(("said", "home", "origin"), [
    ("我是四川人。", "北京", "四川"),
    ("我是上海人，不过一直在北京工作。", "北京", "上海"),
    ("我是东北人", "北京", "东北"),
    ("I'm from Ohio originally.", "Beijing", "Ohio"),
])
def test_where_the_user_is_from_leaves_where_they_live(said: str, home: str, origin: str) -> None:
    items = _active(["我住在北京朝阳区。 I live in Beijing.", said])
    homes = [d for k, d in items if k == "fact:lives_in"]
    assert homes and all(home in d and origin not in d for d in homes), items
    assert any(k == "fact:from" and origin in d for k, d in items), items


@pytest.mark.parametrize(("said", "key", "value"), [
    ("新交了一个女朋友，她叫Sophie，是法国人。", "fact:girlfriend/from", "法国"),
    ("我交了个男朋友，叫小王，是四川人。", "fact:boyfriend/from", "四川"),
    ("我老婆在阿里上班，她是杭州人。", "fact:wife/from", "杭州"),
    ("My dad is from Lagos.", "fact:dad/from", "Lagos"),
])
def test_where_another_person_is_from_is_theirs(said: str, key: str, value: str) -> None:
    items = _active(["我住在北京。 I live in Beijing.", said])
    assert any(k == key and value in d for k, d in items), items
    assert all(value not in d for k, d in items if k in ("fact:lives_in", "fact:from", "fact:partner")), items


@pytest.mark.parametrize("texts", [
    ["我老婆在阿里上班，她是杭州人。", "Tom's wife is pregnant!"],
    ["My husband works at Nobu.", "My friend's husband just got promoted to head chef!"],
    ["我老公在银行上班。", "小王的老公升职了，当上了部门经理！"],
])
def test_someone_else_s_partner_news_is_not_the_user_s_partner(texts: list[str]) -> None:
    items = _active(texts)
    news = texts[-1].rstrip("!！。")[-6:]
    assert items and all(news not in d and "[health]" not in d for k, d in items if "/" in k or k == "fact:partner"), \
        items


@pytest.mark.parametrize(("texts", "key", "right", "wrong"), [
    (["My dog is called Max.", "Sorry, I meant Rex, not Max. Max was my old dog."], "fact:pet:dog", "Rex", "Max"),
    (["我的猫叫咪咪。", "说错了，是叫团团，不是咪咪。"], "fact:pet:cat", "团团", "咪咪"),
    (["我在上海工作。", "说错了，是在苏州工作，不是上海。"], "fact:works_at", "苏州", "上海"),
    (["现在住在海淀区五道口附近", "不好意思我说错了，是住在朝阳区望京，不是五道口。"],
     "fact:lives_in", "朝阳区望京", "五道口"),
    (["I live in Leeds.", "Sorry, I meant York, not Leeds."], "fact:lives_in", "York", "Leeds"),
])
def test_a_correction_replaces_the_wrong_value(texts: list[str], key: str, right: str, wrong: str) -> None:
    items = _active(texts)
    said = [d for k, d in items if k == key]
    assert len(said) == 1 and right in said[0] and wrong not in said[0], items
    assert "海淀区朝阳区" not in " ".join(d for _, d in items), items
    assert all(wrong not in d for _, d in items), items


@pytest.mark.parametrize("text", ["我喜欢我们楼下那家面馆的牛肉面。", "我们全家搬到厦门了，现在我们住在鼓浪屿附近。"])
def test_the_rewrite_to_the_third_person_keeps_we_as_we(text: str) -> None:
    items = _active([text])
    assert items and all("自己们" not in d for _, d in items), items


def test_a_run_on_value_stops_at_its_clause() -> None:
    filler = "今天天气不错我们去公园散步看到很多小朋友在放风筝"
    items = _active([filler * 20 + "顺便说一下我上个月搬到厦门了现在住在鼓浪屿附近" + filler * 20])
    homes = [d for k, d in items if k == "fact:lives_in"]
    assert homes and all("厦门" in d and len(d) < 40 for d in homes), items
    long_en = "I live in " + " ".join(["Springfield"] * 30) + " and then we went to the park"
    value, _ = clean_object(long_en.removeprefix("I live in "), "en")
    assert len(value) <= MAX_VALUE_CHARS["en"] and value.startswith("Springfield"), value
    assert clean_object("厦门", "zh")[0] == "厦门"  # a short value is untouched


@pytest.mark.parametrize(("texts", "key", "said"), [
    (["我妈妈住在长沙，她最近退休了。"], "fact:mom/works_at", "退休"),
    (["我爸在国企上班，是个会计。", "我爸上个月退休了。"], "fact:dad/works_at", "退休"),
    (["My mom retired last month."], "fact:mom/works_at", "retired"),
    (["I'm retired now."], "fact:works_at", "retired"),
])
def test_retirement_is_no_resignation(texts: list[str], key: str, said: str) -> None:
    items = _active(texts)
    ended = [d for k, d in items if k == key]
    assert ended and said in ended[0] and "离职" not in ended[0] and "no longer has a job" not in ended[0], items
