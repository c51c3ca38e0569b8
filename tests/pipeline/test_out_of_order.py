"""Turns that arrive out of time order: a correction before what it corrects, a late turn in own words."""

from __future__ import annotations

import itertools

import pytest

from memory_core.embedded import EmbeddedMemory


def _facts(mem: EmbeddedMemory) -> dict[str, list[dict[str, object]]]:
    out: dict[str, list[dict[str, object]]] = {"active": [], "superseded": []}
    for item in mem._list("u", None):
        if item["kind"] != "event" and item["status"] in out:
            out[str(item["status"])].append(item)
    return out


def _ingest(mem: EmbeddedMemory, turns: list[tuple[str, str]]) -> None:
    for at, text in turns:
        mem.add(text, user_id="u", timestamp=at)


@pytest.mark.parametrize(("correction", "statement", "right", "wrong"), [
    ("Actually it's Leeds, not York.", "I live in York.", "Leeds", "York"),
    ("Sorry, it's Canva, not Atlassian.", "I work at Atlassian as a designer.", "Canva", "Atlassian"),
    ("不对，是苏州不是杭州", "我住在杭州", "苏州", "杭州"),
    ("说错了，是 Shopify 不是 Amazon。", "我在 Amazon 做 PM。", "Shopify", "Amazon"),
])
def test_a_correction_ingested_first_applies_when_its_statement_arrives(
        mem: EmbeddedMemory, correction: str, statement: str, right: str, wrong: str) -> None:
    _ingest(mem, [("2025-04-02T10:00:00Z", correction), ("2025-04-01T10:00:00Z", statement)])
    facts = _facts(mem)
    assert [i["description"] for i in facts["active"] if right in str(i["description"])], facts
    assert not [i for i in facts["active"] if wrong in str(i["description"])], facts
    old = [i for i in facts["superseded"] if wrong in str(i["description"])]
    assert old and str(old[0]["valid_until"]).startswith("2025-04-02"), facts


@pytest.mark.parametrize(("first", "statement"), [
    ("Actually it's Leeds, not York.", "I work at Google."),
    ("不对，是苏州不是杭州", "我在阿里上班。"),
])
def test_a_later_correction_of_another_value_leaves_a_statement_current(
        mem: EmbeddedMemory, first: str, statement: str) -> None:
    _ingest(mem, [("2025-04-02T10:00:00Z", first), ("2025-04-01T10:00:00Z", statement)])
    facts = _facts(mem)
    assert len(facts["active"]) == 1 and not facts["superseded"], facts


def test_a_correction_said_before_the_statement_does_not_undo_it(mem: EmbeddedMemory) -> None:
    _ingest(mem, [("2025-04-01T10:00:00Z", "Actually it's Leeds, not York."),
                  ("2025-04-03T10:00:00Z", "I live in York.")])
    assert [i["description"] for i in _facts(mem)["active"]] == ["User lives in York"]


@pytest.mark.parametrize(("turns", "now", "then", "until"), [
    # "last week" dates the new job (said_when): the old one held until 2025-04-29, not the day it was told
    (["I work at Google.", "I joined Meta last week.", "I'm still at Google, it's fine."], "Meta", "Google",
     "2025-04-29"),
    (["I live in York.", "I moved to Leeds.", "I'm still in York, love it here."], "Leeds", "York", "2025-05-06"),
    (["我在阿里上班。", "我跳槽去腾讯了。", "我还在阿里，挺稳定的。"], "腾讯", "阿里", "2025-05-06"),
    (["我住在厦门。", "我搬到福州了。", "我还在厦门呢，挺好的。"], "福州", "厦门", "2025-05-06"),
])
def test_a_late_turn_in_own_words_naming_a_past_value_is_history(
        mem: EmbeddedMemory, turns: list[str], now: str, then: str, until: str) -> None:
    """Timeline: then (Jan) -> now (May); a turn of March arriving last says "then" still held in March."""
    _ingest(mem, list(zip(["2025-01-06T09:00:00Z", "2025-05-06T09:00:00Z", "2025-03-06T09:00:00Z"], turns,
                          strict=True)))
    facts = _facts(mem)
    assert [i for i in facts["active"] if now in str(i["description"])], facts
    assert not [i for i in facts["active"] if then in str(i["description"])], facts
    past = [i for i in facts["superseded"] if then in str(i["description"])]
    assert past and all(str(i["valid_until"]).startswith(until) for i in past), facts


@pytest.mark.parametrize(("a", "b"), [("I live in Bath.", "I moved to Bristol."), ("我住在厦门。", "我搬到福州了。")])
def test_a_late_turn_saying_the_old_home_again_keeps_every_period(mem: EmbeddedMemory, a: str, b: str) -> None:
    """Timeline: after A (t1): A current. After B (t5): A 1->5, B current. After the late A (t3): B current;
    A's periods still cover 1->5 without a gap and never reach past 5; nothing current flips back."""
    _ingest(mem, [("2025-01-01T10:00:00Z", a), ("2025-05-01T10:00:00Z", b), ("2025-03-01T10:00:00Z", a)])
    facts = _facts(mem)
    assert len(facts["active"]) == 1 and str(facts["active"][0]["valid_from"]).startswith("2025-05-01"), facts
    spans = sorted((str(i["valid_from"])[:10], str(i["valid_until"])[:10]) for i in facts["superseded"])
    assert spans[0][0] == "2025-01-01" and spans[-1][1] == "2025-05-01", spans
    assert all(x[1] == y[0] for x, y in itertools.pairwise(spans)), spans


@pytest.mark.parametrize(("template", "places"), [
    ("I live in {} now.", ["Paris", "Lyon", "Nice", "Lille", "Nantes", "Bordeaux", "Toulouse", "Marseille"]),
    ("I live in {} now.", ["Reading", "Bath", "Nice", "Good Hope", "Mobile", "Normal", "Sandy", "Marseille"]),
    ("我现在住在{}。", ["巴黎", "里昂", "尼斯", "里尔", "南特", "波尔多", "图卢兹", "马赛"]),
    ("我现在在{}上班。", ["谷歌", "腾讯", "阿里", "字节", "美团", "华为", "小米", "百度"]),
])
def test_turns_posted_newest_first_each_source_only_the_value_they_state(
        mem: EmbeddedMemory, template: str, places: list[str]) -> None:
    """Eight moves posted newest first (trial 13): each turn is a source of its own value's item only, and
    deleting the current value forgets its own turn, never an older turn that stated another value."""
    turns = [(f"2025-0{n + 1}-01T10:00:00Z", template.format(p)) for n, p in enumerate(places)]
    _ingest(mem, turns[::-1])
    items = mem._list("u", None)
    said = {t: str(i["description"]) for i in items if i["kind"] == "event" for t in i["source"]}
    facts = _facts(mem)
    assert len(facts["active"]) == 1 and places[-1] in str(facts["active"][0]["description"]), facts
    for item in facts["active"] + facts["superseded"]:
        value = next(p for p in places if p in str(item["description"]))
        assert [said[t] for t in item["source"]] == [f"user: {template.format(value)}"], item
    mem.delete(str(facts["active"][0]["id"]), user_id="u", reason="wrong")
    left = {str(i["description"]) for i in mem.get_all(user_id="u") if i["kind"] == "event"}
    assert left == {f"user: {template.format(p)}" for p in places[:-1]}, left
