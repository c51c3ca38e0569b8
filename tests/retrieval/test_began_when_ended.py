"""A question about now sees the item that ended an old habit before the habit's turn, whatever slot key the stop
took (``diverse.Diverse._began_when_ended``); English and Chinese through ``Memory.recall``."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Kind, Status, Turn
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2026, 2, 2, 8, tzinfo=UTC)

#: (the habit, its stop in other words, a question about now in the habit's words, a word of the habit, of the stop)
GIVEN_UP = {
    "en": ("I grab an oat latte every morning on my way to work.",
           "I've given up coffee completely, my doctor said so.",
           "What do I usually have on my way to work in the morning?", "latte", "no longer"),
    "zh": ("我每天下午都要喝一杯奶茶。", "奶茶我已经一口都不碰了，在控糖。", "我下午一般喝点什么？",
           "每天下午", "不碰"),
}


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


#: The assistant's reply to the habit (a turn beside it that shares none of the stop's words).
REPLY = {"en": "Oat lattes are a nice start to the day.", "zh": "下午来一杯确实提神。"}


def _ingest(memory: Memory, user: str, habit: str, later: str) -> None:
    """The habit, the assistant's reply a minute later, and ``later`` three months on (a session per day)."""
    said = [("user", habit, T0), ("assistant", REPLY[user], T0 + timedelta(minutes=1)),
            ("user", later, T0 + timedelta(days=90))]
    memory.ingest([Turn(user_id=user, turn_id=f"{user}-t{n}", session_id=f"s{at.date()}", role=role, text=text,
                        timestamp=at) for n, (role, text, at) in enumerate(said)])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_stop_comes_before_the_turn_of_the_habit(memory: Memory, lang: str) -> None:
    habit, stop, question, old_word, stop_word = GIVEN_UP[lang]
    _ingest(memory, lang, habit, stop)
    items = memory.store.list_items(lang, statuses=None)
    ended = [i for i in items if i.kind != Kind.EVENT and i.status == Status.SUPERSEDED]
    current = [i for i in items if i.kind != Kind.EVENT and i.status == Status.ACTIVE and stop_word in i.description]
    assert ended and current and {i.key for i in ended}.isdisjoint(i.key for i in current)  # another slot key
    texts = [r.item.description for r in memory.recall(lang, question, k=5).results]
    old_at = next(n for n, t in enumerate(texts) if old_word in t and stop_word not in t)
    new_at = next(n for n, t in enumerate(texts) if stop_word in t)
    assert new_at < old_at, texts


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_question_about_before_keeps_the_habit_first(memory: Memory, lang: str) -> None:
    habit, stop, _, _, stop_word = GIVEN_UP[lang]
    _ingest(memory, lang, habit, stop)
    question = {"en": "What did I use to have on my way to work?", "zh": "我以前下午一般喝点什么？"}[lang]
    texts = [r.item.description for r in memory.recall(lang, question, k=5).results]
    assert texts and any(w in texts[0] for w in ("latte", "奶茶")) and stop_word not in texts[0], texts


@pytest.mark.parametrize(("lang", "other"), [("en", "My sister has given up coffee completely."),
                                             ("zh", "我朋友老王在控糖，奶茶一口都不碰了。")])
def test_someone_else_stopping_leaves_the_habit_first(memory: Memory, lang: str, other: str) -> None:
    habit, _, question, old_word, _ = GIVEN_UP[lang]
    _ingest(memory, lang, habit, other)
    texts = [r.item.description for r in memory.recall(lang, question, k=5).results]
    assert texts and any(w in texts[0] for w in (old_word, "latte", "奶茶")) and "老王" not in texts[0] \
        and "sister" not in texts[0], texts
