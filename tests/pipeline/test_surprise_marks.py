"""A statement said with doubled question marks is surprise, not a question (memory_core/pipeline/surprise_marks.py):
it is read as said; a question with doubled marks stays a question. English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Turn
from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.surprise_marks import marks_as_said


def _descriptions(text: str) -> list[str]:
    turn = Turn(user_id="u", turn_id="t1", session_id="s", role="user", text=text,
                timestamp=datetime(2026, 6, 1, tzinfo=UTC))
    return [c.description for c in MechanicalExtractor().statements(turn)]


@pytest.mark.parametrize(("pieces", "said"), [
    (["I'm lactose intolerant now?", "?", "at 29?", "?"], ["I'm lactose intolerant now!", "at 29!"]),
    (["我被裁了？", "？", "好突然"], ["我被裁了！", "好突然"]),
    (["wait I got the job?", "!", "starting monday"], ["wait I got the job!", "starting monday"]),
    (["where do I live?", "ok"], ["where do I live?", "ok"]),  # one mark: as given
    (["wow", "!", "!"], ["wow", "!", "!"]),  # marks after a sentence not turned: as given
])
def test_a_doubled_mark_ends_a_sentence_as_said(pieces: list[str], said: list[str]) -> None:
    assert marks_as_said(pieces) == said


@pytest.mark.parametrize(("text", "word"), [
    ("blood test came back, I'm allergic to penicillin?? at 40??", "penicillin"),
    ("moved to Leeds last week?! still can't believe it", "Leeds"),
    ("我对青霉素过敏？？活了三十年才知道", "青霉素"),
    ("我搬到杭州了？！到现在都不敢相信", "杭州"),
])
def test_a_statement_with_doubled_marks_is_kept(text: str, word: str) -> None:
    assert any(word in d for d in _descriptions(text)), _descriptions(text)


@pytest.mark.parametrize("text", [
    "do I live in Leeds??",
    "where do I work now??",
    "我是不是对青霉素过敏？？",
    "我住在哪里来着？？",
])
def test_a_question_with_doubled_marks_stays_a_question(text: str) -> None:
    assert list(split_clauses(text)) == [] or not _descriptions(text), _descriptions(text)
