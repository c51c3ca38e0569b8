"""Every statement of a named user's turn ("speaker": "Tom") is keyed and worded as Tom's, whatever rule made it:
the slot engine, a diet said to be over, a way of eating as usual, a cause, a new thing acquired. So a later
change supersedes the earlier value instead of standing beside it. English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.embedded import open_memory
from memory_core.model import Kind, Turn
from memory_core.pipeline.speaker_subject import as_speakers
from memory_core.pipeline.types import Candidate
from memory_core.settings import Settings

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _items(tmp_path: Path, texts: list[str], speaker: str) -> list[tuple[str, str, str]]:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest(
        [
            Turn("u1", f"t{n}", "s", "user", text, START + timedelta(days=3 * n), speaker=speaker)
            for n, text in enumerate(texts)
        ]
    )
    return [
        (i.status, str(i.key), i.description)
        for i in memory.store.list_items("u1", statuses=None)
        if i.kind != Kind.EVENT
    ]


@pytest.mark.parametrize(
    "texts",
    [
        ["Also I'm vegetarian.", "I started eating chicken again, the vegetarian thing didn't stick."],
        ["I'm on keto.", "Done with keto, honestly."],
        ["我在减肥。", "减肥失败了。"],
        ["我不吃晚饭。", "现在晚饭照吃。"],
        ["I live in Boston.", "We moved to Denver last week!"],
        ["我住在上海。", "上个月搬到成都了。"],
    ],
)
def test_a_named_users_change_supersedes_their_earlier_value(tmp_path: Path, texts: list[str]) -> None:
    rows = _items(tmp_path, texts, "Tom")
    assert rows
    assert all(key.endswith("@tom") for _, key, _ in rows), rows
    assert not any(text.startswith(("User", "用户")) for _, _, text in rows), rows
    assert any(status != "active" for status, _, _ in rows), rows


def test_a_rule_built_statement_gets_the_speakers_key_and_name() -> None:
    turn = Turn("u1", "t1", "s", "user", "x", START, speaker="Tom")
    cand = Candidate(
        kind="fact",
        description="User is no longer vegetarian",
        key="fact:diet",
        polarity=-1,
        ends=("fact:diet:vegan",),
        probes=("gist:diet@tom",),
    )
    event = Candidate(kind="event", description="Tom: x", key="event:abc")
    out = as_speakers(turn, [cand, event])
    assert out[0].key == "fact:diet@tom" and out[0].description == "Tom is no longer vegetarian"
    assert out[0].ends == ("fact:diet:vegan@tom",) and out[0].probes == ("gist:diet@tom",)
    assert out[1] is event


@pytest.mark.parametrize(("role", "speaker"), [("user", ""), ("user", "user"), ("assistant", "Tom")])
def test_an_unnamed_or_other_role_turn_is_left_as_it_is(role: str, speaker: str) -> None:
    turn = Turn("u1", "t1", "s", role, "x", START, speaker=speaker)
    cand = Candidate(kind="fact", description="用户不再吃素", key="fact:diet", polarity=-1)
    assert as_speakers(turn, [cand])[0] is cand
