"""A question naming a calendar day weighs that day's memories more than a month or a relative cue does.

"What new hobby did I start, as I mentioned on 3 June?" can be answered by other days' turns whose words
match better, although the cue names the day the user meant (``named_day``): that day's items weigh
``1 + time_boost + day_boost``, a month's ``1 + time_boost`` as before.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.retrieval.named_day import cue_window, names_day, with_named_day
from memory_core.retrieval.stages import HYBRID_PRESETS, RETRIEVERS

DAYS = ["3 June, 2026", "June 3rd", "on the 3rd of June", "2026-06-03", "6月3日", "六月三号", "Oct 13, 2023",
        "2023年6月3日"]
NOT_DAYS = ["june 2026", "in june", "last week", "yesterday", "recently", "昨天", "上个月", "2026年6月", "in 2023",
            "3 days ago", "last summer", ""]


@pytest.mark.parametrize("text", DAYS)
def test_a_calendar_day_is_named(text: str) -> None:
    assert names_day(text.lower())


@pytest.mark.parametrize("text", NOT_DAYS)
def test_months_years_and_relative_cues_name_no_day(text: str) -> None:
    assert not names_day(text.lower())


def test_only_a_named_day_raises_the_time_boost() -> None:
    base = HYBRID_PRESETS["hybrid"]
    day, fortnight, month = (0.0, 3 * 86_400.0), (0.0, 17 * 86_400.0), (0.0, 31 * 86_400.0)
    assert with_named_day(base, "3 june, 2026", day).time_boost == base.time_boost + base.day_boost
    assert with_named_day(base, "june 3 to june 17", fortnight).time_boost == base.time_boost + base.day_boost
    assert with_named_day(base, "june 2026", month) is base
    assert with_named_day(base, "june 1 to july 1", month) is base  # a month of days is no named day
    off = replace(base, day_boost=0.0)
    assert with_named_day(off, "3 june, 2026", day) is off


CASES = {
    "en": {"day": "Started pottery classes at the community centre, loving it so far.",
           "others": ["Looking for a new hobby, any new hobby really, I'm bored.",
                      "A new hobby for the kids: chess club on Fridays.",
                      "Thinking of painting as a new hobby once work calms down."],
           "ask": "What new hobby did I start, as I mentioned on 3 June, 2026?", "word": "pottery",
           "month": "What new hobby did I start in June 2026?"},
    "zh": {"day": "开始上陶艺课了，在社区中心，目前很喜欢。",
           "others": ["想找个新爱好，什么新爱好都行，太无聊了。",
                      "给孩子们找了个新爱好：周五的国际象棋俱乐部。",
                      "等工作不忙了，想把画画当成新爱好。"],
           "ask": "我2026年6月3日提到开始了什么新爱好？", "word": "陶艺",
           "month": "我2026年6月开始了什么新爱好？"},
}


def _scores(mem: EmbeddedMemory, question: str, day_boost: float) -> dict[str, float]:
    mem.memory.recaller.settings = replace(RETRIEVERS["lexical"], day_boost=day_boost)  # type: ignore[attr-defined]
    return {r["description"]: r["score"] for r in mem.recall(question, user_id="ko", k=5)["results"]}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_only_the_named_days_memory_weighs_more(mem: EmbeddedMemory, lang: str) -> None:
    case = CASES[lang]
    ask, word, month = str(case["ask"]), str(case["word"]), str(case["month"])
    for n, text in enumerate(case["others"]):  # other days of June
        mem.add([{"role": "user", "content": text, "timestamp": f"2026-06-{10 + 5 * n:02d}T12:00:00+00:00"}],
                user_id="ko")
    mem.add([{"role": "user", "content": str(case["day"]), "timestamp": "2026-06-03T12:00:00+00:00"}],
            user_id="ko")
    plain, named = _scores(mem, ask, 0.0), _scores(mem, ask, 2.0)
    assert plain.keys() == named.keys() and len(named) == 4, named
    for text, score in named.items():
        factor = (1 + 1.0 + 2.0) / (1 + 1.0) if word in text else 1.0  # time_boost 1, day_boost 2
        assert score == pytest.approx(plain[text] * factor), (text, plain, named)
    assert _scores(mem, month, 0.0) == _scores(mem, month, 2.0)  # a month names no day: nothing changes


REF = datetime(2024, 3, 1, tzinfo=UTC).timestamp()
RANGES = {  # question: (first day, last day) of the range asked
    "Where was Omar between August 11 and August 15 2023?": ("2023-08-11", "2023-08-15"),
    "What did I do from June 3, 2022 to June 10?": ("2022-06-03", "2022-06-10"),
    "what did we talk about between 3 June 2022 and 10 June 2022": ("2022-06-03", "2022-06-10"),
    "我2022年6月3日到6月10日去了哪里？": ("2022-06-03", "2022-06-10"),
    "2022年6月3日至2022年6月5日我在忙什么": ("2022-06-03", "2022-06-05"),
}


@pytest.mark.parametrize("question", list(RANGES))
def test_a_range_of_dates_is_read_whole(question: str) -> None:
    window, text = cue_window(question, REF, lambda phrase: None)
    assert window is not None, question
    first, last = (datetime.fromisoformat(d).replace(tzinfo=UTC).timestamp() for d in RANGES[question])
    assert window[0] <= first and window[1] > last + 86_400 - 1  # both ends' days inside
    assert window[1] - window[0] < last - first + 4 * 86_400  # no wider than the range and its margins
    assert names_day(text) and text in question.lower()


@pytest.mark.parametrize("question, day", [
    ("What did we decide between Lena and Raj on 11 December, 2023?", "2023-12-11"),
    ("What did I hear from Tom and Anna on June 3, 2023?", "2023-06-03"),
    ("我和小王之间6月3日聊了什么？", "2023-06-03"),
])
def test_between_two_people_is_no_range(question: str, day: str) -> None:
    window, _ = cue_window(question, REF, lambda phrase: None)
    start = datetime.fromisoformat(day).replace(tzinfo=UTC).timestamp()
    assert window is not None and window[0] <= start < window[1] and window[1] - window[0] <= 3 * 86_400


def test_a_range_text_ends_at_its_last_date() -> None:
    _, text = cue_window("between 2021 and 2022 what jobs did I have", REF, lambda phrase: None)
    assert text == "between 2021 and 2022"
