"""A question naming a calendar day weighs that day's memories more than a month or a relative cue does.

"What new hobby did I start, as I mentioned on 3 June?" can be answered by other days' turns whose words
match better, although the cue names the day the user meant (``named_day``): that day's items weigh
``1 + time_boost + day_boost``, a month's ``1 + time_boost`` as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.retrieval.named_day import names_day, with_named_day
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
    assert with_named_day(base, "3 june, 2026").time_boost == base.time_boost + base.day_boost
    assert with_named_day(base, "june 2026") is base
    off = replace(base, day_boost=0.0)
    assert with_named_day(off, "3 june, 2026") is off


@pytest.fixture()
def mem(tmp_path: Path) -> Iterator[EmbeddedMemory]:
    m = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/d.sqlite3", embedder="none")
    yield m
    m.close()


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
