"""A value of the user's named again in passing is a hit on its statement (issue 13: a fact said again is a hit,
not a duplicate), and what only looks like it (a question, a supposition, someone else's thing, a change, an
assistant's words) is none."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.named_again import clause_names, plain_clauses, theirs, value_terms


def _active(mem: EmbeddedMemory) -> list[dict[str, object]]:
    return [i for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


def _hit_of(mem: EmbeddedMemory, word: str) -> list[int]:
    """The hits of the active statements naming ``word``; of the user's home alone for a city of the tests."""
    homes = {"Lisbon": "User lives in Lisbon", "成都": "用户住在成都"}
    return [int(str(i["hit"])) for i in _active(mem) if word.casefold() in str(i["description"]).casefold()
            and str(i["description"]) == homes.get(word, i["description"])]


def _said(mem: EmbeddedMemory, first: str, then: str, role: str = "user") -> None:
    mem.add(first, user_id="u", timestamp="2025-01-10T10:00:00Z")
    mem.add([{"role": role, "content": then}], user_id="u", timestamp="2025-05-10T10:00:00Z")


@pytest.mark.parametrize(("first", "then", "word"), [
    ("I live in Lisbon.", "flew back to Lisbon last night, so good to be home", "Lisbon"),
    ("我住在成都。", "成都这几天一直下雨，衣服都晒不干", "成都"),
    ("I live in Toronto.", "多伦多这两天降温了，冻死了", "Toronto"),
    ("My husband is called Marco.", "Marco made risotto tonight, best one yet", "Marco"),
    ("I'm vegetarian.", "周末跟朋友去吃火锅，因为我吃素嘛，点了一堆菌菇", "vegetarian"),
    ("我对花生过敏。", "Ordered pad thai without peanuts again, the waiter was super nice about it", "花生"),
])
def test_a_value_named_again_in_passing_is_one_hit(mem: EmbeddedMemory, first: str, then: str, word: str) -> None:
    _said(mem, first, then)
    assert _hit_of(mem, word) == [1], _active(mem)


@pytest.mark.parametrize(("first", "then", "word"), [
    # a question about the value states none
    ("I live in Lisbon.", "Is Lisbon expensive compared to Porto?", "Lisbon"),
    ("我住在成都。", "成都的房价现在贵吗？", "成都"),
    # a supposition about a place
    ("I live in Lisbon.", "what if I left Lisbon for Berlin next year", "Lisbon"),
    ("我住在成都。", "要是离开成都去深圳，工资能多三成", "成都"),
    # someone else's thing with the same word
    ("I live in Lisbon.", "my sister lives in Lisbon too, ten minutes away", "Lisbon"),
    ("我住在成都。", "我同事老家也是成都的", "成都"),
])
def test_what_only_looks_like_a_restatement_is_no_hit(mem: EmbeddedMemory, first: str, then: str,
                                                      word: str) -> None:
    _said(mem, first, then)
    assert _hit_of(mem, word) == [0], _active(mem)


@pytest.mark.parametrize(("first", "then", "word"), [
    ("I live in Lisbon.", "Lisbon is lovely in spring, enjoy the custard tarts!", "Lisbon"),
    ("我住在成都。", "成都的火锅确实很有名，可以多尝尝。", "成都"),
])
def test_an_assistant_naming_the_value_confirms_nothing(mem: EmbeddedMemory, first: str, then: str,
                                                        word: str) -> None:
    _said(mem, first, then, role="assistant")
    assert _hit_of(mem, word) == [0], _active(mem)


def test_a_change_ends_the_value_and_counts_no_hit(mem: EmbeddedMemory) -> None:
    _said(mem, "I live in Lisbon.", "I moved from Lisbon to Porto last month.")
    assert _hit_of(mem, "Lisbon") == [], _active(mem)
    assert any("Porto" in str(i["description"]) for i in _active(mem)), _active(mem)


def test_one_hit_per_item_per_turn(mem: EmbeddedMemory) -> None:
    _said(mem, "我住在成都。", "下班回成都的路上堵了一小时，成都的地铁还是不够")
    assert _hit_of(mem, "成都") == [1], _active(mem)


def test_a_term_two_statements_hold_names_neither(mem: EmbeddedMemory) -> None:
    _said(mem, "I live in Lisbon.", "My office is in Lisbon too, at a startup called Tidepool.")
    before = {str(i["description"]): i["hit"] for i in _active(mem) if "Lisbon" in str(i["description"])}
    mem.add("flew back to Lisbon last night, so good to be home", user_id="u", timestamp="2025-06-10T10:00:00Z")
    after = {str(i["description"]): i["hit"] for i in _active(mem) if "Lisbon" in str(i["description"])}
    assert len(before) == 2 and after == before, (before, after)


def test_value_terms_are_the_value_not_the_frame() -> None:
    assert "=lisbon" in value_terms("User lives in Lisbon", "fact:lives_in")
    assert "=花生" in value_terms("用户对花生过敏", "fact:allergy:peanuts") \
        or "obj:peanuts" in value_terms("用户对花生过敏", "fact:allergy:peanuts")
    assert not {t for t in value_terms("User lives in Lisbon", "fact:lives_in") if "live" in t or "user" in t}


@pytest.mark.parametrize(("clause", "terms", "named"), [
    ("回北京了，上班第一天", frozenset({"=北京"}), ["=北京"]),
    ("back in Denver tonight", frozenset({"=denver"}), ["=denver"]),
    ("Denverite food is great", frozenset({"=denver"}), []),
])
def test_clause_names_reads_whole_words(clause: str, terms: frozenset[str], named: list[str]) -> None:
    assert clause_names(clause, terms) == named


def test_plain_clauses_split_at_punctuation_in_both_languages() -> None:
    assert plain_clauses("回北京了，上班第一天就开始想念海边😭") == ["回北京了，", "上班第一天就开始想念海边😭"]
    assert plain_clauses("no cheese for me, lactose intolerant remember?") == ["no cheese for me,",
                                                                               "lactose intolerant remember?"]


@pytest.mark.parametrize(("first", "then", "word"), [
    # a named person's own like or doing: theirs, not the user's saying again
    ("I love hiking.", "Jake also loves hiking, he climbs every weekend", "hiking"),
    ("我喜欢爵士乐。", "老周也喜欢爵士乐，他收藏了好多黑胶", "爵士"),
    ("I live in Lisbon.", "Priya just moved to Lisbon, she found a flat in Alfama", "Lisbon"),
    ("我住在成都。", "王明最近也在成都上班了", "成都"),
])
def test_a_named_persons_clause_is_theirs(mem: EmbeddedMemory, first: str, then: str, word: str) -> None:
    _said(mem, first, then)
    assert _hit_of(mem, word) == [0], _active(mem)


@pytest.mark.parametrize(("clause", "name_held", "theirs_"), [
    ("Sarah loves hiking too,", frozenset(), True),
    ("So Emma likes sushi too", frozenset(), True),
    ("Jake is obsessed with jazz now", frozenset(), True),
    ("小王也喜欢爬山，", frozenset(), True),
    ("陈静也住在杭州", frozenset(), True),
    ("Emma也喜欢寿司", frozenset(), True),
    # the name the statement holds, a place, a thing, the user: no other person
    ("Marco made risotto tonight", frozenset({"=marco"}), False),
    ("Lisbon is lovely this time of year", frozenset(), False),
    ("马拉松也跑了", frozenset(), False),
    ("周末又去爬山了", frozenset(), False),
    ("I love hiking", frozenset(), False),
])
def test_theirs_reads_a_named_subject(clause: str, name_held: frozenset[str], theirs_: bool) -> None:
    assert theirs(clause, name_held) is theirs_


def test_a_name_the_memory_keeps_for_someone_opens_their_clause() -> None:
    assert theirs("阿杰那边也是天天加班", frozenset(), frozenset({"阿杰"}))
    assert theirs("Dev's at the office till late again", frozenset(), frozenset({"dev"}))
    assert not theirs("Devon trip was great", frozenset(), frozenset({"dev"}))


@pytest.mark.parametrize(("first", "then", "word"), [
    ("I live in Lisbon.", "flew back to Lisbon last night, so good to be home", "Lisbon"),
    ("我住在成都。", "成都这几天一直下雨，衣服都晒不干", "成都"),
])
def test_a_late_turn_confirms_nothing_said_after_it(mem: EmbeddedMemory, first: str, then: str, word: str) -> None:
    mem.add(first, user_id="u", timestamp="2025-05-10T10:00:00Z")
    mem.add(then, user_id="u", timestamp="2025-01-10T10:00:00Z")
    assert _hit_of(mem, word) == [0], _active(mem)


def test_a_latin_name_is_a_term_in_a_chinese_text_only() -> None:
    assert "nimbus" in value_terms("用户在Nimbus工作", "fact:works_at")
    assert "mochi" in value_terms("用户有一只柴犬叫Mochi", "fact:pet:dog")
    # a name beside an English statement's value is a side detail, never a term of its own
    assert "broncos" not in value_terms("User watched the Broncos game with friends on Sunday", "gist:broncos")
    assert not {"mari", "st"} & value_terms("User works as a nurse at St Mary hospital", "fact:occupation")
