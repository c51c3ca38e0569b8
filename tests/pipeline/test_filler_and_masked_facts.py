"""Filler said back to the assistant ("whatever, I'm fine", "不是啦", "哈哈好吧", "nah not really") is no fact about
the user, and a statement that is nothing but a health detail ("I'm sober") is never kept as an item every surface
shows as "User [health]" (issue 13, trial 31 W8)."""

from __future__ import annotations

import pytest
from _turn_factory import TurnFactory

from memory_core.model import Kind
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.filler import filler_only, without_filler
from memory_core.pipeline.masked_whole import unreadable_when_masked
from memory_core.pipeline.types import Candidate


def _facts(make_turn: TurnFactory, text: str) -> list[Candidate]:
    return [c for c in WritePipeline().candidates(make_turn(text)) if c.kind != Kind.EVENT and c.key]


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("is fine", "en"),
        ("is not proud", "en"),
        ("nah not really", "en"),
        ("is good, thanks", "en"),
        ("is doing ok", "en"),
        ("不是啦", "zh"),
        ("哈哈好吧", "zh"),
        ("没事啦", "zh"),
        ("还好吧", "zh"),
        ("：算了", "zh"),
    ],
)
def test_filler_only(text: str, lang: str) -> None:
    assert filler_only(text.lstrip("："), lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("is fine with dogs", "en"),
        ("is good at chess", "en"),
        ("is not a vegetarian", "en"),
        ("", "en"),
        ("不是素食者", "zh"),
        ("没有车", "zh"),
        ("还好，就是有点累", "zh"),
    ],
)
def test_a_statement_with_content_is_no_filler(text: str, lang: str) -> None:
    assert not filler_only(text, lang)


def test_without_filler_drops_only_own_words_facts() -> None:
    kept = Candidate(kind=Kind.FACT, description="用户不是啦", key="fact:diet", lang="zh")
    gist = Candidate(kind=Kind.FACT, description="用户不是啦", key="gist:不啦", lang="zh")
    assert without_filler([kept, gist]) == [kept]


@pytest.mark.parametrize(
    "text", ["whatever, I'm fine", "not proud", "不是啦，我已经转到 Wirtschaftsinformatik 了", "哈哈好吧"]
)
def test_a_reply_to_the_assistant_makes_no_fact(make_turn: TurnFactory, text: str) -> None:
    said = [c.description for c in _facts(make_turn, text)]
    assert not [d for d in said if d in ("User is fine", "User is not proud", "用户不是啦", "用户哈哈好吧")]


def test_the_statement_after_a_correction_stays(make_turn: TurnFactory) -> None:
    said = [c.description for c in _facts(make_turn, "不是啦，我已经转到 Wirtschaftsinformatik 了")]
    assert any("Wirtschaftsinformatik" in d for d in said)


def test_a_health_detail_alone_masks_to_nothing() -> None:
    assert unreadable_when_masked("is sober")
    assert not unreadable_when_masked("is fine")
    assert not unreadable_when_masked("has been sober for two years")


@pytest.mark.parametrize("text", ["I'm sober", "I don't drink anymore. I'm sober. not drinking alcohol at all now"])
def test_sobriety_is_kept_readable_under_the_alcohol_key(make_turn: TurnFactory, text: str) -> None:
    facts = _facts(make_turn, text)
    assert not [c for c in facts if c.key.startswith("gist:") and c.description == "User is sober"]
    assert any(c.key == "pref:alcohol" and "drink" in c.description for c in facts)


def test_sober_for_a_time_is_keyed_as_alcohol(make_turn: TurnFactory) -> None:
    facts = _facts(make_turn, "I've been sober for two years")
    assert [c.key for c in facts] == ["pref:alcohol"]


@pytest.mark.parametrize("text", ["I'm pregnant", "我怀孕了", "I'm bipolar"])
def test_another_health_statement_is_kept(make_turn: TurnFactory, text: str) -> None:
    assert [c for c in _facts(make_turn, text) if c.key.startswith("gist:")]
