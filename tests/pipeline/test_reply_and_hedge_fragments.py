"""A clause that is only the speaker's reply with its quote ("我说歇歇", "我跟她说下次吧") or a hedge about the question
itself ("我就问问", "随便问问", "I'm just asking", "just curious") is no fact; a what-if is none either."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.filler import filler_only
from memory_core.pipeline.slots import read_clause

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("said", "lang"), [("就问问", "zh"), ("只是好奇", "zh"), ("随便问问", "zh"),
                                            ("is just asking", "en"), ("is just curious", "en")])
def test_a_hedge_about_the_question_is_filler(said: str, lang: str) -> None:
    assert filler_only(said, lang)


@pytest.mark.parametrize(("said", "lang"), [("问问医生再说", "zh"), ("好奇心很强", "zh"),
                                            ("is curious about Rust", "en")])
def test_a_statement_with_more_in_it_is_no_filler(said: str, lang: str) -> None:
    assert not filler_only(said, lang)


@pytest.mark.parametrize("clause", ["我说歇歇", "我跟她说下次吧", "我回她改天吧"])
def test_the_speaker_s_reply_is_reported_speech(clause: str) -> None:
    assert read_clause(clause, "zh", "用户").skip == "reported"


@pytest.mark.parametrize("clause", ["我说过我对花生过敏", "我说的是北京", "我在腾讯上班"])
def test_a_statement_the_speaker_makes_is_read(clause: str) -> None:
    assert read_clause(clause, "zh", "用户").skip != "reported"


@pytest.mark.parametrize("text", ["膝盖疼得厉害，广场舞不跳了，王阿姨她们还来叫我，我说歇歇",
                                  "假如我辞职去考公务员，你觉得靠谱不？我就问问",
                                  "What if I quit and went back to school? I'm just asking"])
def test_no_fragment_is_stored(tmp_path: Path, text: str) -> None:
    rows = active(slot_items(tmp_path, [text], start=START, days_apart=1))
    assert not any(w in desc for _, desc in rows for w in ("歇歇", "问问", "asking", "公务员"))


@pytest.mark.parametrize("clause", ["我回到了成都", "我又回到杭州了", "我回老家住了"])
def test_going_back_is_no_reply(clause: str) -> None:
    assert read_clause(clause, "zh", "用户").skip != "reported"
