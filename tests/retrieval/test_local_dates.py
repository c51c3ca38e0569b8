"""Dates read in the turn's own UTC offset, and a question that names only a day (English and Chinese).

A turn sent with an offset ("2026-03-14T00:30:00+09:00", just after midnight
in Tokyo: 15:30 UTC the day before) is shown with its user's date, and a
question about that day or month finds it, even when the question names
nothing else ("what did I do on March 14?", "3月14号我干了什么？").
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.local_time import OFFSET_KEY, local, local_clock, offset_minutes, offset_of, with_offset
from memory_core.text.timecues import parse_time_cue

CASES = {
    "en": {"late": "Just got back from the vet, the kitten had her first vaccine.",
           "other": ["I repainted the bathroom blue.", "Went bouldering with Ines.", "Baked a lemon tart."],
           "word": "vet"},
    "zh": {"late": "刚从宠物医院回来，小猫打了第一针疫苗。",
           "other": ["把卫生间刷成了蓝色。", "和阿杰去攀岩了。", "烤了一个柠檬挞。"],
           "word": "宠物医院"},
}
ASK_DAY = {"en": "what did I do on March 14?", "zh": "3月14号我干了什么？"}
ASK_MONTH = {"en": "what did I do in April?", "zh": "四月我做了什么？"}


def _tell(mem: EmbeddedMemory, text: str, when: str) -> None:
    mem.add([{"role": "user", "content": text, "timestamp": when}], user_id="ko")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_late_night_turn_is_dated_and_found_on_its_users_day(mem: EmbeddedMemory, lang: str) -> None:
    case = CASES[lang]
    for n, text in enumerate(case["other"]):  # other days, all at noon Tokyo time
        _tell(mem, text, f"2026-03-{2 + 4 * n:02d}T12:00:00+09:00")
    _tell(mem, case["late"], "2026-03-14T00:30:00+09:00")  # 2026-03-13 15:30 UTC
    for question in (ASK_DAY["en"], ASK_DAY["zh"]):
        answer = mem.recall(question, user_id="ko", k=3)
        assert answer["results"] and case["word"] in answer["results"][0]["description"], (question, answer)
        line = next(x for x in answer["context"].splitlines() if case["word"] in x)
        assert line.startswith("- 2026-03-14 |"), line


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_month_question_reads_the_month_in_local_time(mem: EmbeddedMemory, lang: str) -> None:
    case = CASES[lang]
    _tell(mem, case["late"], "2026-04-01T00:30:00+09:00")  # local April 1; UTC March 31
    _tell(mem, case["other"][0], "2026-03-31T20:00:00+09:00")  # local March 31; UTC March 31 too
    _tell(mem, case["other"][1], "2026-05-20T12:00:00+09:00")
    answer = mem.recall(ASK_MONTH[lang], user_id="ko", k=3)
    assert answer["results"] and case["word"] in answer["results"][0]["description"], answer


def test_the_offset_is_kept_on_the_turn_and_its_items(mem: EmbeddedMemory) -> None:
    _tell(mem, "I adopted a greyhound called Pip.", "2026-03-14T00:30:00+09:00")
    _tell(mem, "I live in Sapporo.", "2026-03-15T09:00:00Z")
    items = mem.memory.store.list_items("ko")
    pip = [i for i in items if "Pip" in i.description]
    assert pip and all(i.meta.get(OFFSET_KEY) == "540" for i in pip)
    assert all(OFFSET_KEY not in i.meta for i in items if "Sapporo" in i.description)  # UTC says nothing


def test_offsets_parse_and_refuse_what_they_cannot_read() -> None:
    assert offset_minutes("2026-01-06T01:00:00+08:00") == 480
    assert offset_minutes("2026-01-06T01:00:00-05:30") == -330
    assert offset_minutes("2026-01-06T01:00:00Z") is None and offset_minutes("2026-01-06T01:00:00") is None
    assert offset_minutes(1767632400) is None and offset_minutes("not a time") is None
    assert offset_minutes(datetime(2026, 1, 6, 1, tzinfo=timezone(timedelta(hours=8)))) == 480
    assert with_offset({"a": "b"}, "2026-01-06T01:00:00+08:00") == {"a": "b", OFFSET_KEY: "480"}
    assert with_offset({OFFSET_KEY: "60"}, "2026-01-06T01:00:00+08:00") == {OFFSET_KEY: "60"}  # given wins
    assert offset_of({OFFSET_KEY: "abc"}) == 0 and offset_of({OFFSET_KEY: "100000"}) == 0 and offset_of(None) == 0
    when = datetime(2026, 1, 5, 17, tzinfo=UTC)
    assert local(when, {OFFSET_KEY: "480"}).date().isoformat() == "2026-01-06"
    assert local(when, {}) == when


def test_a_day_of_a_month_without_a_year_is_a_time_cue() -> None:
    ref = datetime(2026, 3, 20, tzinfo=UTC)
    for query in ("what did I do on March 14?", "on the 14th of March", "3月14号我干了什么", "三月十四日"):
        cue = parse_time_cue(query, ref)
        assert cue is not None and cue.since is not None and cue.until is not None, query
        assert cue.since <= datetime(2026, 3, 14, 12, tzinfo=UTC).timestamp() < cue.until, query
        assert cue.until - cue.since <= 3 * 86_400, query
    late = parse_time_cue("what happened on December 24?", ref)
    assert late is not None and late.since is not None
    assert datetime.fromtimestamp(late.since, UTC).year == 2025  # the latest such day up to ref


@pytest.mark.parametrize(("before", "after", "ask"), [
    ("I live in Shanghai.", "I moved to Shenzhen.", "where do I live?"),
    ("我住在上海", "我搬到深圳了", "我住在哪里"),
])
def test_the_date_an_old_value_ended_is_the_users_date(mem: EmbeddedMemory, before: str, after: str,
                                                       ask: str) -> None:
    _tell(mem, before, "2026-10-14T08:30:00+08:00")
    _tell(mem, after, "2026-11-20T07:00:00+08:00")  # 2026-11-19 23:00 UTC
    context = mem.recall(ask, user_id="ko", k=3)["context"]
    ends = [line for line in context.splitlines() if "until 2026-" in line or "至 2026-" in line]
    assert ends and all("2026-11-20" in line and "2026-11-19" not in line for line in ends), context


def test_a_turns_time_is_shown_on_its_users_clock_with_the_zone(mem: EmbeddedMemory) -> None:
    when = datetime(2026, 11, 10, 0, 0, tzinfo=UTC)
    assert local_clock(when, with_offset({}, "2026-11-10T08:00:00+08:00")) == "2026-11-10 08:00 +08:00"
    assert local_clock(when, with_offset({}, "2026-11-09T18:30:00-05:30")) == "2026-11-09 18:30 -05:30"
    assert local_clock(when, {}) == "2026-11-10 00:00 UTC"
    mem.add([{"role": "user", "content": "戒咖啡了", "timestamp": "2026-11-10T08:00:00+08:00"},
             {"role": "user", "content": "I switched to tea.", "timestamp": "2026-11-10T08:05:00+08:00"}],
            user_id="ko", session_id="s1")
    text = mem.prompt_context("what do I drink?", user_id="ko", session_id="s1")["text"]
    assert "2026-11-10 08:00 +08:00" in text and "2026-11-10 00:00" not in text, text
