"""The embedded service end to end on SQLite: ingest, dedupe, supersede, recall, erase."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.errors import EmptyText, UnknownUser
from memory_core.model import Status, Turn
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def turn(user: str, n: int, text: str, role: str = "user") -> Turn:
    return Turn(user_id=user, turn_id=f"t{n}", session_id="s1", role=role, text=text,
                timestamp=T0 + timedelta(minutes=n), speaker="Ann" if role == "user" else role)


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3"))
    yield mem
    mem.close()


def test_reversed_preference_supersedes_and_keeps_history(memory: Memory) -> None:
    memory.ingest([turn("u1", 1, "I like spicy food."), turn("u1", 2, "I don't like spicy food anymore.")])
    prefs = memory.store.list_items("u1", statuses=None, kind="preference")
    active = [p for p in prefs if p.status == Status.ACTIVE]
    superseded = [p for p in prefs if p.status == Status.SUPERSEDED]
    assert len(active) == 1 and len(superseded) == 1
    assert "spicy" in active[0].description and "spicy" in superseded[0].description
    assert superseded[0].valid_until is not None
    assert [r.op for r in superseded[0].history_newest_first()][:2] == ["supersede", "create"]


def test_same_statement_twice_is_one_item_with_hit_raised(memory: Memory) -> None:
    memory.ingest([turn("u1", 1, "I live in Lisbon."), turn("u1", 2, "I live in Lisbon.")])
    facts = [i for i in memory.store.list_items("u1") if i.kind != "event"]
    assert len(facts) == 1
    assert facts[0].hit == 1 and facts[0].source == ["t1", "t2"]


def test_redelivered_turns_are_not_applied_twice(memory: Memory) -> None:
    turns = [turn("u1", 1, "I live in Lisbon."), turn("u1", 2, "My dog is called Pixel.")]
    first = memory.ingest(turns)
    before = {(i.id, i.hit, i.description) for i in memory.store.list_items("u1", statuses=None)}
    again = memory.ingest(turns)
    after = {(i.id, i.hit, i.description) for i in memory.store.list_items("u1", statuses=None)}
    assert (first.stored, first.applied) == (2, 2)
    assert (again.stored, again.duplicates, again.applied) == (0, 2, 0)
    assert before == after


@pytest.mark.parametrize("texts", [["I'm the head chef at Nopa now.", "I don't drink anymore.", "I live in Lisbon."],
                                   ["我现在在Nopa当主厨。", "我不喝酒了。", "我住在杭州。"]])
def test_the_same_conversation_under_new_turn_ids_changes_nothing(memory: Memory, texts: list[str]) -> None:
    first = [turn("u1", n, text) for n, text in enumerate(texts, start=1)]
    memory.ingest(first)
    before = [(i.id, i.status, i.hit, i.description, len(i.history))
              for i in memory.store.list_items("u1", statuses=None)]
    window = [t.turn_id for t in memory.session_context("u1", "s1").turns]
    again = memory.ingest([replace(t, turn_id=f"re-{t.turn_id}") for t in first])
    assert (again.stored, again.duplicates) == (0, 3)  # already present
    assert [(i.id, i.status, i.hit, i.description, len(i.history))
            for i in memory.store.list_items("u1", statuses=None)] == before  # no hit, no supersede, no splice
    assert [t.turn_id for t in memory.session_context("u1", "s1").turns] == window == ["t1", "t2", "t3"]
    later = memory.ingest([replace(first[0], turn_id="t9", timestamp=T0 + timedelta(days=1))])
    assert later.stored == 1  # said again another time: a turn of its own


def test_recall_finds_items_with_their_turns_and_never_crosses_users(memory: Memory) -> None:
    memory.ingest([turn("u1", 1, "I live in Lisbon."), turn("u1", 2, "我喜欢吃火锅")])
    memory.ingest([turn("u2", 1, "I live in Oslo.")])
    response = memory.recall("u1", "where does Ann live?", k=5)
    assert response.results and "Lisbon" in response.results[0].item.description
    assert response.results[0].turn_ids == ["t1"]
    assert all(r.item.user_id == "u1" for r in response.results)
    assert "Oslo" not in response.context.text and "Lisbon" in response.context.text
    zh = memory.recall("u1", "火锅", k=5)
    assert zh.results and "火锅" in zh.results[0].item.description
    nothing = memory.recall("u1", "where does Ann live?", k=5, budget_tokens=0)  # 0 is a budget, not "default"
    assert nothing.results and nothing.context.text == "" and nothing.context.truncated


def test_bad_query_is_refused_and_harms_nothing(memory: Memory) -> None:
    memory.ingest([turn("u1", 1, "I live in Lisbon.")])
    before = memory.store.list_items("u1", statuses=None)
    with pytest.raises(EmptyText):
        memory.recall("u1", "   ")
    assert memory.store.list_items("u1", statuses=None) == before


def test_erase_user_removes_turns_items_and_recall(memory: Memory) -> None:
    memory.ingest([turn("u1", 1, "I live in Lisbon.")])
    assert memory.recall("u1", "Lisbon").results
    memory.erase_user("u1")
    assert memory.recall("u1", "Lisbon").results == []
    assert memory.store.list_turns("u1") == []
    with pytest.raises(UnknownUser):
        memory.require_user("u1")


def test_hits_reweight_recall_without_rebuilding_the_index(memory: Memory) -> None:
    memory.ingest([turn("u1", 1, "I like green tea."), turn("u1", 2, "I like black tea.")])
    first = memory.recall("u1", "tea", k=10)
    builds = memory.recaller.build_count
    target = first.results[-1].item
    for _ in range(50):
        memory.hit("u1", target.id)
    again = memory.recall("u1", "tea", k=10)
    assert memory.recaller.build_count == builds
    ranks = {r.item.id: r.rank for r in again.results}
    assert ranks[target.id] < first.results[-1].rank
    assert memory.store.get("u1", target.id).hit == target.hit + 50


def test_emoji_only_turns_are_kept_as_turns_remember_nothing_and_invisible_text_is_refused(memory: Memory) -> None:
    memory.ingest([turn("u1", 1, "👍"), turn("u1", 2, "❤️❤️"), turn("u1", 3, "👍")])
    assert memory.store.list_items("u1", statuses=None) == []  # a reaction says nothing to remember
    assert memory.store.last_applied_seq("u1") == 3  # yet every turn is stored and applied
    for invisible in ("\u200b", "\ufeff", " \u200b\u200c ", "\u3000"):
        with pytest.raises(EmptyText, match="invisible"):
            memory.ingest([turn("u1", 9, invisible)])
    assert memory.store.last_applied_seq("u1") == 3


def test_a_turn_dated_far_in_the_future_is_refused_and_cannot_outrank_later_ones(memory: Memory) -> None:
    from memory_core.errors import InvalidField

    future = Turn(user_id="u1", turn_id="f1", session_id="s1", role="user", text="I live in Madrid.",
                  timestamp=datetime(9000, 1, 1, tzinfo=UTC), speaker="Ann")
    with pytest.raises(InvalidField, match="ahead of the clock"):
        memory.ingest([future])
    soon = Turn(user_id="u1", turn_id="f2", session_id="s1", role="user", text="I live in Madrid.",
                timestamp=datetime.now(UTC) + timedelta(hours=2), speaker="Ann")
    assert memory.ingest([soon]).applied == 1  # clock skew between hosts is fine
    memory.ingest([turn("u1", 3, "I moved to Porto.")])
    assert memory.store.last_applied_seq("u1") == 2


def test_a_reversal_with_a_trailing_clause_still_supersedes(memory: Memory) -> None:
    memory.ingest([turn("u1", 1, "I love sushi."),
                   turn("u1", 2, "I stopped liking sushi after getting sick last month.")])
    prefs = {i.status: i.description for i in memory.store.list_items("u1", statuses=None, kind="preference")}
    assert set(prefs) == {"active", "superseded"}
    assert "no longer" in prefs["active"] and "after" not in prefs["active"]


def test_open_memory_creates_the_embedded_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the README's library example on a fresh account: the data folder does not exist yet, and the
    # database is found from any current folder
    monkeypatch.delenv("GULFSTREAM_DATABASE_URL", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    memory = open_memory(Settings())
    try:
        memory.ingest([turn("u1", 1, "I live in Lisbon.")])
    finally:
        memory.close()
    assert (tmp_path / "home" / ".local" / "share" / "gulfstream" / "gulfstream.sqlite3").is_file()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    memory = open_memory(Settings())
    try:
        assert memory.recall("u1", "where do I live?").results
    finally:
        memory.close()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert Settings().database_url == f"sqlite:///{tmp_path}/xdg/gulfstream/gulfstream.sqlite3"
    monkeypatch.setenv("GULFSTREAM_DATABASE_URL", "sqlite:////srv/g.db")
    assert Settings().database_url == "sqlite:////srv/g.db", "the environment variable wins"


@pytest.mark.parametrize(("texts", "query", "now", "moved", "then"), [
    (["I live in Lisbon.", "I love coffee.", "I moved from Lisbon to Porto.", "I no longer drink coffee."],
     "where do I live", "Ann lives in Porto", "I moved from Lisbon to Porto.", "I live in Lisbon."),
    (["我住在上海。", "我是一名工程师。", "我喜欢跑步。", "我不喜欢寿司。", "我搬到了深圳。"],
     "我住在哪里？", "Ann住在深圳", "我搬到了深圳。", "我住在上海。"),
])
def test_where_the_user_lives_now_comes_first_and_the_old_statement_after_it(
        memory: Memory, texts: list[str], query: str, now: str, moved: str, then: str) -> None:
    turns = [turn("u1", n, text) for n, text in enumerate(texts)]
    memory.ingest(turns)
    results = memory.recall("u1", query, k=10).results
    ranked = [r.item.description for r in results]
    assert ranked[0] == now
    # the turn that said it is the fact's provenance, not a second result beside it
    assert turns[texts.index(moved)].turn_id in results[0].turn_ids
    assert not any(moved in d for d in ranked)
    assert any(then in d for d in ranked[1:])  # the old statement stays findable, below what holds now


def test_hit_counts_are_bounded_by_the_column_and_saturate(memory: Memory) -> None:
    from memory_core.errors import InvalidField
    from memory_core.model import MAX_HIT
    from memory_core.store.transfer import import_yaml

    memory.ingest([turn("u1", 1, "I love green tea.")])
    item_id = memory.store.list_items("u1")[0].id
    with pytest.raises(InvalidField, match="hit count"):
        memory.hit("u1", item_id, count=10**30)
    assert memory.hit("u1", item_id, count=MAX_HIT) == MAX_HIT
    assert memory.hit("u1", item_id) == MAX_HIT  # saturates instead of overflowing the column
    doc = ("format: gulfstream-export\nversion: 1\nusers:\n  ann:\n    abc:\n      description: hi\n"
           "      theme: places\n      hit: 99999999999999999999999999\n")
    with pytest.raises(InvalidField, match="hit must be an integer from 0 to"):
        import_yaml(memory.store, io.StringIO(doc))
    assert memory.store.list_items("ann") == []


def test_the_context_block_speaks_the_language_of_the_query(memory: Memory) -> None:
    memory.ingest([turn("u1", 1, "I live in Lisbon and I love 寿司."), turn("u1", 2, "我住在里斯本。")])
    english = memory.recall("u1", "where do I live?").context.text
    chinese = memory.recall("u1", "我住在哪里？").context.text
    assert "Memories about the user" in english and "关于用户的记忆" not in english
    assert "关于用户的记忆" in chinese
