"""Time cues in English and Chinese queries, read as windows around a reference time."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.text.timecues import parse_time_cue

REF = datetime(2023, 6, 15, 12, tzinfo=UTC)


def days(cue) -> tuple[str, str]:
    since = datetime.fromtimestamp(cue.since, UTC).date().isoformat()
    until = datetime.fromtimestamp(cue.until, UTC).date().isoformat()
    return since, until


@pytest.mark.parametrize(("query", "window"), [
    ("What did Priya bake on October 13, 2023?", ("2023-10-12", "2023-10-15")),
    ("what happened on 13 October 2023", ("2023-10-12", "2023-10-15")),
    ("What did she do in 2022?", ("2022-01-01", "2023-01-01")),
    ("Where were you in May 2023", ("2023-05-01", "2023-06-01")),
    ("What happened last May?", ("2023-05-01", "2023-06-01")),
    ("When did she go camping in June?", ("2023-06-01", "2023-07-01")),
    ("what did I do last year", ("2022-01-01", "2023-01-01")),
    ("去年做了什么", ("2022-01-01", "2023-01-01")),
    ("去年五月去了哪里", ("2022-05-01", "2022-06-01")),
    ("2023年5月发生了什么", ("2023-05-01", "2023-06-01")),
    ("最近在忙什么", ("2023-05-16", "2023-06-16")),
    ("上个月", ("2023-05-01", "2023-06-01")),
])
def test_windows(query, window):
    cue = parse_time_cue(query, REF)
    assert cue is not None and not cue.anchor
    assert days(cue) == window


def test_last_may_said_in_may_is_the_year_before():
    cue = parse_time_cue("what did I do last May", datetime(2023, 5, 20, tzinfo=UTC))
    assert days(cue) == ("2022-05-01", "2022-06-01")


def test_may_as_a_verb_is_no_cue():
    assert parse_time_cue("May I ask what Ingrid likes?", REF) is None
    assert parse_time_cue("When did Ingrid go to the chess club?", REF) is None


def test_anchors_before_and_after():
    before = parse_time_cue("What did she do before the trip?", REF)
    assert before.anchor == "the trip" and not before.after
    assert before.window(100.0) == (float("-inf"), 100.0)
    after = parse_time_cue("在搬家之后她住在哪里", REF)
    assert after.anchor == "搬家" and after.after
    assert after.window(100.0) == (100.0, float("inf"))


def test_the_quick_test_never_hides_a_cue():
    # parse_time_cue skips the full parse when no digit, month, relative or anchor word is present;
    # on every sample question, turn and parametrised query it must give what the full parse gives.
    import json
    import random
    from pathlib import Path

    from memory_core.text.timecues import _first_cue

    data = Path(__file__).resolve().parents[2] / "memory_core" / "data"
    texts = [json.loads(line)["question"] for line in (data / "bilingual_questions.jsonl").read_text().splitlines()]
    for name in ("sample_conversation_en.jsonl", "sample_conversation_zh.jsonl", "sample_conversation.jsonl"):
        texts += [json.loads(line)["text"] for line in (data / name).read_text().splitlines() if line.strip()]
    pieces = ["what did", "Mia", "do", "last", "week", "in", "May", "2023", "去年", "五月", "搬家", "之前",
              "before the trip", "3 days ago", "recently", "最近", "dismay", "grammar", "Oct.", "十二月", "上个礼拜",
              "nowadays", "这几天"]
    rng = random.Random(3)
    texts += [" ".join(rng.choices(pieces, k=rng.randint(1, 6))) for _ in range(3000)]
    hidden = [t for t in texts if parse_time_cue(t, REF) != _first_cue(t.lower(), REF)]
    assert not hidden
    assert sum(_first_cue(t.lower(), REF) is not None for t in texts) > 1000  # the sample holds many cues


def test_a_text_without_cue_patterns_has_no_cue_at_any_reference_time():
    # parse_time_cue keeps, per text, whether any cue pattern matches it (asked several times per recall, each
    # at its own reference time); a text it keeps as cue-free must give no cue whatever the reference time,
    # and _relative's one-pattern test must pass wherever one of its words would.
    import random
    import re

    from memory_core.text.timecues import _ANY_RELATIVE, _EN_AGO, _RELATIVE_WORDS, _first_cue, _no_cue

    pieces = ["what did", "Mia", "do", "last", "week", "in", "May", "2023", "去年", "五月", "搬家", "之前",
              "before the trip", "3 days ago", "recently", "最近", "dismay", "grammar", "Oct.", "十二月", "上个礼拜",
              "nowadays", "这几天", "summer", "春天", "上半年", "yesterday", "前天", "前年", "this month", "本月",
              "coffee", "lisbon", "market", "咖啡", "today", "two weeks ago", "2024-02-29"]
    rng = random.Random(5)
    refs = [datetime(2024, 1, 1, tzinfo=UTC), datetime(2024, 2, 29, 23, 59, tzinfo=UTC), REF,
            datetime(2026, 12, 31, 12, tzinfo=UTC)]
    texts = [" ".join(rng.choices(pieces, k=rng.randint(1, 5))).lower() for _ in range(3000)]
    cue_free = [t for t in texts if _no_cue(t)]
    assert len(cue_free) > 100
    assert all(_first_cue(t, ref) is None for t in cue_free for ref in refs)
    for t in texts:
        words = any(re.search(p, t) for p in _RELATIVE_WORDS) or _EN_AGO.search(t)
        assert bool(_ANY_RELATIVE.search(t)) == bool(words)
