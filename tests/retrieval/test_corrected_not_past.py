"""A value the user corrected as a mistake is no former value: a past question never ranks it as the answer and
the context block's "was: …" note leaves it out (issue 13: Shanghai → Suzhou, a typo → Hangzhou)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.correction_mark import was_corrected
from memory_core.model import Turn
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

TYPO_EN = ("I live in Shanghai.", "first night in the new apartment in Suzhou 🏠",
           "actually I meant Hangzhou, not Suzhou. typo 🤦")
TYPO_ZH = ("我住在上海。", "搬到苏州了！新公寓的第一晚 🏠", "说错了，是杭州，不是苏州，打错了🤦")
MOVE_EN = ("I live in Shanghai.", "I moved to Suzhou.", "I moved to Hangzhou.")
MOVE_ZH = ("我住在上海。", "我搬到苏州了", "我又搬到杭州了")


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3"))
    yield mem
    mem.close()


def say(memory: Memory, *texts: str) -> None:
    start = datetime(2024, 3, 1, 9, tzinfo=UTC)
    memory.ingest([Turn(user_id="u", turn_id=f"t{n}", session_id="s", role="user", text=text,
                        timestamp=start + timedelta(days=30 * n)) for n, text in enumerate(texts)])


@pytest.mark.parametrize(("texts", "query", "former", "typo"), [
    (TYPO_EN, "Where did I live before Hangzhou?", "Shanghai", "Suzhou"),
    (TYPO_EN, "Where did I live before?", "Shanghai", "Suzhou"),
    (TYPO_ZH, "我搬到杭州之前住哪？", "上海", "苏州"),
    (TYPO_ZH, "我以前住哪？", "上海", "苏州"),
])
def test_a_past_question_answers_the_real_former_home(memory: Memory, texts: tuple[str, ...], query: str,
                                                      former: str, typo: str) -> None:
    say(memory, *texts)
    results = memory.recall("u", query, k=5).results
    found = [r.item.description for r in results]
    assert former in found[0], found
    marked = [r.item for r in results if typo in r.item.description and r.item.kind != "event"]
    assert marked and all(was_corrected(i) for i in marked), found  # found as evidence, below the answer


@pytest.mark.parametrize(("texts", "query", "was", "typo"), [
    (TYPO_EN, "Where do I live?", "was: User lives in Shanghai", "was: User lives in Suzhou"),
    (TYPO_ZH, "我住在哪？", "曾为：用户住在上海", "曾为：用户住在苏州"),
])
def test_the_was_note_leaves_the_corrected_value_out(memory: Memory, texts: tuple[str, ...], query: str,
                                                     was: str, typo: str) -> None:
    say(memory, *texts)
    text = memory.recall("u", query, k=5).context.text
    assert was in text and typo not in text, text


@pytest.mark.parametrize(("texts", "query", "former", "note"), [
    (MOVE_EN, "Where did I live before Hangzhou?", "Suzhou", "was: User lives in Suzhou"),
    (MOVE_ZH, "我搬到杭州之前住哪？", "苏州", "曾为：用户住在苏州"),
])
def test_a_real_move_still_answers_the_home_it_replaced(memory: Memory, texts: tuple[str, ...], query: str,
                                                        former: str, note: str) -> None:
    say(memory, *texts)
    response = memory.recall("u", query, k=5)
    assert former in response.results[0].item.description, [r.item.description for r in response.results]
    assert note in response.context.text, response.context.text
