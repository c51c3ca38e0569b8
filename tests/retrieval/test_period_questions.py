"""A question about a season, a half year or the time before an event ranks what held then first, in either
language; a question planning ahead or saying "now" keeps the current value first."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_core.model import Kind, Status, Turn
from memory_core.retrieval.time_questions import asks_before
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings
from memory_core.text.timecues import parse_time_cue

REF = datetime(2026, 1, 10, tzinfo=UTC)


def _days(query: str) -> tuple[str, str] | None:
    cue = parse_time_cue(query, REF)
    if cue is None or cue.since is None or cue.until is None:
        return None
    return (datetime.fromtimestamp(cue.since, UTC).date().isoformat(),
            datetime.fromtimestamp(cue.until, UTC).date().isoformat())


@pytest.mark.parametrize(("query", "span"), [
    ("Where did she live in spring 2025?", ("2025-03-01", "2025-06-01")),
    ("where was I working during the summer of 2024?", ("2024-06-01", "2024-09-01")),
    ("what did I do last summer?", ("2025-06-01", "2025-09-01")),
    ("in the winter of 2024, where did we live?", ("2024-12-01", "2025-03-01")),
    ("the first half of 2025", ("2025-01-01", "2025-07-01")),
    ("the second half of last year", ("2025-07-01", "2026-01-01")),
    ("2025年上半年她住在哪里？", ("2025-01-01", "2025-07-01")),
    ("去年春天我在哪工作？", ("2025-03-01", "2025-06-01")),
    ("前年下半年她在做什么？", ("2024-07-01", "2025-01-01")),
    ("秋天的时候她住在哪？", ("2025-09-01", "2025-12-01")),
    ("2024年冬天他在哪里？", ("2024-12-01", "2025-03-01")),
])
def test_a_season_or_half_year_is_read_as_its_months(query: str, span: tuple[str, str]) -> None:
    assert _days(query) == span


@pytest.mark.parametrize("query", ["Do I like spring water?", "I fall asleep early", "我喜欢春天吗？",
                                   "what's my favourite season, summer or winter?"])
def test_a_season_word_without_a_time_frame_is_no_cue(query: str) -> None:
    assert parse_time_cue(query, REF) is None


@pytest.mark.parametrize(("query", "before"), [
    ("where did he work before the NHS?", True), ("What was she doing before her wedding?", True),
    ("他去NHS之前在哪上班？", True), ("搬家之前她住在哪里？", True),
    ("What should I pack before the trip?", False), ("出发之前要准备什么？", False),
    ("where did I live before that?", False), ("她以前住在哪里？", False),
    ("Where does he work now, after the NHS?", False),
])
def test_before_an_event_counts_only_when_asked_in_the_past(query: str, before: bool) -> None:
    assert asks_before(query) is before


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3"))
    yield mem
    mem.close()


def say(memory: Memory, *said: tuple[str, str]) -> None:
    memory.ingest([Turn(user_id="u", turn_id=f"t{n}", session_id=f"s{n}", role="user", text=text,
                        timestamp=datetime.fromisoformat(at).replace(tzinfo=UTC)) for n, (at, text) in enumerate(said)])


HOMES_ZH = (("2025-02-01T12:00", "我住在杭州西湖区，在阿里巴巴做产品经理。"),
            ("2025-07-15T11:00", "我搬到北京了，现在住在朝阳区望京。"),
            ("2025-11-01T09:00", "我养了一只柯基，叫豆豆。"))
HOMES_EN = (("2025-02-01T12:00", "I live in Bristol, in a flat near the harbour."),
            ("2025-07-15T11:00", "I moved to Edinburgh last week, new flat in Leith."),
            ("2025-11-01T09:00", "We adopted a corgi called Biscuit."))


@pytest.mark.parametrize(("said", "query", "then", "now"), [
    (HOMES_EN, "Where did I live in spring 2025?", "Bristol", "Edinburgh"),
    (HOMES_EN, "where was I living in the first half of 2025?", "Bristol", "Edinburgh"),
    (HOMES_ZH, "2025年上半年我住在哪里？", "杭州", "北京"),
    (HOMES_ZH, "2025年春天我住在哪个城市？", "杭州", "北京"),
])
def test_a_past_season_ranks_the_home_of_then_first(memory: Memory, said: tuple[tuple[str, str], ...], query: str,
                                                    then: str, now: str) -> None:
    say(memory, *said)
    first = memory.recall("u", query, k=5).results[0].item
    assert then in first.description and first.status == Status.SUPERSEDED, first.description
    current = memory.recall("u", "我现在住在哪里？" if "年" in query else "Where do I live now?", k=5).results[0].item
    assert now in current.description and current.status == Status.ACTIVE


@pytest.mark.parametrize(("said", "query", "then", "present"), [
    ((("2025-01-10T19:00", "I work as an accountant at Deloitte."),
      ("2025-05-02T18:00", "Big change: I quit Deloitte. Starting Monday as a data analyst at the NHS."),
      ("2025-09-01T08:00", "We adopted a puppy called Rocket.")),
     "where did I work before the NHS?", "Deloitte", "Where do I work now?"),
    ((("2025-01-10T19:00", "我在阿里巴巴上班。"),
      ("2025-05-02T18:00", "我从阿里离职了，现在在字节跳动上班。"),
      ("2025-09-01T08:00", "我养了一只柯基，叫豆豆。")),
     "去字节跳动之前我在哪上班？", "阿里巴巴", "我现在在哪上班？"),
])
def test_before_an_event_ranks_what_held_then_first(memory: Memory, said: tuple[tuple[str, str], ...], query: str,
                                                    then: str, present: str) -> None:
    say(memory, *said)
    ranked = memory.recall("u", query, k=5).results
    curated = [r.item for r in ranked if r.item.kind != Kind.EVENT]
    assert curated and then in curated[0].description and curated[0].status == Status.SUPERSEDED, \
        [r.item.description for r in ranked]
    now = memory.recall("u", present, k=5).results  # a question about now: no former value brought forward
    assert now and not [r for r in now if r.item.status == Status.SUPERSEDED], [r.item.description for r in now]
