"""What is no statement leaves no fact (issue 13), in English and Chinese: a request to the assistant ("don't let
me forget", 别让我忘了), the name one is called by ("call me Tommy", 叫我汤米), a figure of speech whose subject is
the speaker's heart or soul ("my heart lives in Paris", 我的心还在巴黎), a light verb in a hobby's place ("started
having the odd beer"), a gym or club one joins (no employer: "joined a climbing gym", 加入了公司附近的健身房) and a
word the clause adds after a value ("Lisbon instead"), nor "again" given to a move said before what a clause takes
up again (搬到上海以后又开始弹吉他了). The statements beside them keep their items."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.gist import gist_clause

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _active(tmp_path: Path, texts: list[str]) -> list[str]:
    return [text for state, _, text in slot_items(tmp_path, texts, start=START, days_apart=1) if state == "active"]


@pytest.mark.parametrize(("clause", "lang"), [
    ("I don't let me forget lol", "en"),  # "don't let me forget lol" with its left-out subject filled in
    ("I never make me skip leg day", "en"),
    ("my heart lives in Paris haha", "en"),
    ("my soul belongs to the mountains", "en"),
    ("my heart is still in Kyoto", "en"),
    ("我的心还在巴黎哈哈", "zh"),
    ("我的魂早就留在成都了", "zh"),
])
def test_a_request_or_a_figure_of_speech_is_no_statement(clause: str, lang: str) -> None:
    assert not gist_clause(clause, lang)


@pytest.mark.parametrize(("clause", "lang"), [
    ("I let my kids play outside", "en"),
    ("my heart rate is 70 at rest", "en"),
    ("my mind is made up about the move", "en"),
    ("我的心脏不太好", "zh"),
    ("我的心情一直不错", "zh"),
])
def test_a_statement_about_the_speaker_is_still_one(clause: str, lang: str) -> None:
    assert gist_clause(clause, lang)


@pytest.mark.parametrize(("texts", "junk"), [
    (["don't let me forget lol"], "let them"),
    (["don't make me eat junk food"], "make them"),
    (["call me Tommy"], "contacted by"),
    (["honestly you can just call me Tom, everyone does"], "contacted by"),
    (["叫我汤米就行"], "联系"),
    (["my heart lives in Paris haha"], "Paris"),
    (["我的心还在巴黎哈哈"], "巴黎"),
    (["started having the odd beer again"], "hobby is having"),
    (["started making the odd loaf of bread"], "hobby is making"),
])
def test_no_fact_is_made_of_what_is_no_statement(tmp_path: Path, texts: list[str], junk: str) -> None:
    rows = _active(tmp_path, texts)
    assert not any(junk in text for text in rows), rows


@pytest.mark.parametrize(("texts", "kept"), [
    (["please text me instead, I never pick up calls at work"], "contacted by text"),
    (["I started making pottery"], "hobby is making pottery"),
    (["started having the odd beer again"], "drinks beer"),
    (["又开始偶尔喝点啤酒了"], "啤酒"),
])
def test_a_statement_beside_them_is_kept(tmp_path: Path, texts: list[str], kept: str) -> None:
    rows = _active(tmp_path, texts)
    assert any(kept in text for text in rows), rows


@pytest.mark.parametrize(("texts", "employer", "junk"), [
    (["I work at Deloitte", "没有打羽毛球了 since I came to London, joined a climbing gym instead"],
     "works at Deloitte", "climbing gym"),
    (["I work at Deloitte", "I joined a running club last month"], "works at Deloitte", "running club"),
    (["我在华为上班", "我最近加入了公司附近的健身房"], "在华为工作", "在了公司工作"),
    (["我在华为上班", "我还加入了学校的合唱团"], "在华为工作", "合唱团工作"),
])
def test_a_club_one_joins_is_no_employer(tmp_path: Path, texts: list[str], employer: str, junk: str) -> None:
    rows = _active(tmp_path, texts)
    assert any(employer in text for text in rows), rows
    assert not any(junk in text for text in rows), rows


@pytest.mark.parametrize(("texts", "now", "junk"), [
    (["I work at Deloitte", "I quit and joined a startup instead"], "works at a startup", "startup instead"),
    (["I live in Porto", "I moved to Lisbon instead"], "lives in Lisbon", "Lisbon instead"),
    (["I live in Porto", "moved to Lisbon again"], "lives in Lisbon", "Lisbon again"),
])
def test_a_word_added_after_a_value_is_not_part_of_it(tmp_path: Path, texts: list[str], now: str, junk: str) -> None:
    rows = _active(tmp_path, texts)
    assert any(now in text for text in rows), rows
    assert not any(junk in text for text in rows), rows


@pytest.mark.parametrize(("texts", "now", "junk"), [
    (["I live in Leeds", "moved to London for a secondment, started having the odd beer again"], "lives in London",
     "London again"),
    (["我住在杭州", "我搬到上海了又开始喝咖啡了"], "住在上海", "又开始住在"),
    (["我住在杭州", "我搬到上海以后又开始弹吉他了"], "住在上海", "上海以后"),
])
def test_a_move_said_before_a_thing_taken_up_again_is_no_return(tmp_path: Path, texts: list[str], now: str,
                                                                  junk: str) -> None:
    rows = _active(tmp_path, texts)
    assert any(now in text for text in rows), rows
    assert not any(junk in text for text in rows), rows


@pytest.mark.parametrize(("texts", "again"), [
    (["I quit smoking", "started smoking again"], "smokes again"),
    (["I quit smoking", "back on cigarettes, stress lol"], "smokes again"),
    (["我不弹吉他了", "我又开始弹吉他了"], "又开始弹吉他"),
])
def test_a_thing_taken_up_again_still_says_so(tmp_path: Path, texts: list[str], again: str) -> None:
    assert any(again in text for text in _active(tmp_path, texts))
