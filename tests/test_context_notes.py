"""Context lines show the value a fact replaced and the user's own words (English and Chinese)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.context import build_context, count_tokens
from memory_core.model import Kind, MemoryItem, Status, Turn
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.provenance import ContextNote, context_notes
from memory_core.retrieval.recall import RecallResult
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2025, 1, 6, tzinfo=UTC)


def turn(n: int, text: str, days: int = 0) -> Turn:
    return Turn("u", f"t{n}", "s1", "user", text, T0 + timedelta(days=days, minutes=n), speaker="Noor")


def item(text: str, turn_id: str, key: str, status: str = Status.ACTIVE, until: datetime | None = None,
         kind: str = Kind.FACT) -> MemoryItem:
    made = MemoryItem.create("u", text, "places", kind=kind, turn_id=turn_id, at=T0, key=key, confidence=0.85)
    made.status = status
    made.valid_until = until
    return made


def as_result(made: MemoryItem, score: float = 1.0) -> RecallResult:
    return RecallResult(made, score, score, 1, list(made.source))


def test_the_current_value_notes_the_one_it_superseded_and_when():
    moved = T0 + timedelta(days=50)
    old = item("Noor lives in Utrecht", "t1", "fact:lives_in@noor", Status.SUPERSEDED, moved)
    new = item("Noor lives in Ghent", "t2", "fact:lives_in@noor")
    other = item("Noor's aunt lives in Bruges", "t3", "fact:aunt/lives_in@noor")
    index = HybridIndex.build([old, new, other], [turn(1, "Utrecht is home."), turn(2, "Ghent now!", 50),
                                                  turn(3, "My aunt is in Bruges.", 51)])
    notes = context_notes(index, [new, other, old])
    assert set(notes) == {new.id}  # the aunt's fact has no past; the old one is not current
    assert notes[new.id].was == "Noor lives in Utrecht" and notes[new.id].until == moved
    block = build_context([as_result(new)], notes=notes).text
    assert "Noor lives in Ghent (was: Noor lives in Utrecht, until 2025-02-25; source: turn t2" in block
    zh = build_context([as_result(new)], lang="zh", notes=notes).text
    assert "（曾为：Noor lives in Utrecht，至 2025-02-25；来源：对话 t2" in zh


def test_a_curated_item_carries_its_turns_words_when_they_say_more():
    rich = item("用户喜欢吃火锅", "t1", "pref:hotpot@u", kind=Kind.PREFERENCE)
    bare = item("Noor likes oolong tea", "t2", "pref:oolong@u", kind=Kind.PREFERENCE)
    event = item("Noor: I love oolong tea, the roasted kind from Taiwan", "t3", "event:x", kind=Kind.EVENT)
    turns = [turn(1, "我最爱火锅，尤其是重庆的牛油锅底，每周都去。"), turn(2, "I like oolong tea."),
             turn(3, "I love oolong tea, the roasted kind from Taiwan")]
    raw = [item(f"Noor: {t.text}", t.turn_id, f"event:{t.turn_id}", kind=Kind.EVENT) for t in turns[:2]]
    index = HybridIndex.build([rich, bare, event, *raw], turns)
    notes = context_notes(index, [rich, bare, event])
    assert set(notes) == {rich.id}  # "I like oolong tea." adds nothing; an event is its own turn
    assert notes[rich.id].said == "我最爱火锅，尤其是重庆的牛油锅底，每周都去。"
    block = build_context([as_result(rich)], notes=notes).text
    assert "原话：“我最爱火锅，尤其是重庆的牛油锅底，每周都去。”" in block


def test_a_turn_whose_raw_item_was_forgotten_is_not_quoted():
    # a memory of the turn deleted by the user ended its raw-turn item (store.forget_source): its words stay unsaid
    kept = item("User lives in Oslo", "t1", "fact:home@u")
    turns = [turn(1, "I live in Oslo, and I owe about 20k to a casino.")]
    raw = item("Noor: " + turns[0].text, "t1", "event:t1", kind=Kind.EVENT)
    assert "casino" in context_notes(HybridIndex.build([kept, raw], turns), [kept])[kept.id].said
    assert kept.id not in context_notes(HybridIndex.build([kept], turns), [kept])


def test_the_turns_words_are_left_out_first_when_the_budget_is_tight():
    made = item("Noor runs", "t1", "fact:hobby@noor")
    said = "I run along the canal every morning before work, usually ten kilometres, rain or shine"
    notes = {made.id: ContextNote(said=said)}
    roomy = build_context([as_result(made)], budget_tokens=400, notes=notes)
    assert "said: \"I run along the canal" in roomy.text
    tight_budget = count_tokens(build_context([as_result(made)], budget_tokens=400).text) + 2
    tight = build_context([as_result(made)], budget_tokens=tight_budget, notes=notes)
    assert tight.items_used == 1 and "said:" not in tight.text and tight.tokens <= tight_budget


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3"))
    yield mem
    mem.close()


# the second turn is said on T0 + 40 days (2025-02-15); the time it names dates the change: "last week" a week
# before, 上个月 the middle of the month before
@pytest.mark.parametrize(("first", "second", "query", "old", "new", "until"), [
    ("I live in Utrecht.", "I moved to Ghent last week.", "Where do I live?", "Utrecht", "Ghent", "2025-02-08"),
    ("我住在杭州。", "我上个月搬到成都了。", "我住在哪里？", "杭州", "成都", "2025-01-16"),
])
def test_recall_shows_the_change_in_the_context_block(memory: Memory, first, second, query, old, new, until):
    memory.ingest([turn(1, first), turn(2, second, 40)])
    block = memory.recall("u", query, k=5).context.text
    line = next(line for line in block.splitlines() if new in line and not line.startswith("## "))
    assert old in line and until in line and until < str((T0 + timedelta(days=40)).date())
