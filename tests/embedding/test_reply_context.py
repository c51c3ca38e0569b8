"""A reply is found by what it answers: the dense score of an event item leans on the other speaker's turn before it."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from embed_support import BagEmbedder

from memory_core.model import Kind, MemoryItem, Turn
from memory_core.retrieval.dense import DenseIndex
from memory_core.retrieval.dense_hits import dense_hits
from memory_core.retrieval.reply_context import reply_links
from memory_core.retrieval.stages import RETRIEVERS
from memory_core.service import Memory
from memory_core.settings import Settings
from memory_core.store.sql import SqlStore

T0 = datetime(2024, 5, 1, 9, tzinfo=UTC)
SEMANTIC = RETRIEVERS["semantic"]


@pytest.fixture
def store(tmp_path) -> SqlStore:
    made = SqlStore(f"sqlite:///{tmp_path / 'r.db'}", migrate=True)
    yield made
    made.close()


def memory(store: SqlStore) -> Memory:
    return Memory(store, settings=Settings(database_url="sqlite://", embedder="none", embed_batch=2),
                  embedder=BagEmbedder(dim=512))


def dialogue(user: str, lines: list[tuple[str, str]], session: str = "s1", start: int = 0) -> list[Turn]:
    return [Turn(user, f"{session}-{start + n}", session, "user" if who == "Mia" else "assistant", text,
                 T0 + timedelta(minutes=start + n), speaker=who) for n, (who, text) in enumerate(lines)]


def ahead(mem: Memory, query: str, first: str, second: str, settings=SEMANTIC) -> bool:
    """True when the result holding ``first`` ranks above the one holding ``second`` (both must be found)."""
    found = [r.item.description for r in mem.recaller.recall("u1", query, k=10, settings=settings)]
    at = {w: next(n for n, d in enumerate(found) if w.split()[-1] in d) for w in (first, second)}  # its last word
    return at[first] < at[second]


# (question by the other speaker, the reply that shares no word with it, a query in the question's words,
#  a statement sharing one word with the query: it outranks a reply that lends nothing from its question)
CASES = [
    ("Where do you work these days?", "At the bakery on Main Street.", "where do you work", "you know mango papaya"),
    # pre-cut words: the test embedder splits on spaces
    ("你 现在 在 哪里 工作 ？", "主街 的 面包店", "在 哪里 工作", "我 在 吃 芒果"),
]


@pytest.mark.parametrize(("asked", "reply", "query", "other"), CASES)
def test_a_reply_is_found_by_the_question_it_answers(store, asked, reply, query, other):
    mem = memory(store)
    mem.ingest(dialogue("u1", [("Sam", asked), ("Mia", reply), ("Sam", "zebra yak quokka"), ("Mia", other)]))
    assert ahead(mem, query, reply, other)
    # the same store without reply context: the reply shares no word with the query, the statement that does wins
    assert ahead(mem, query, other, reply, replace(SEMANTIC, reply_context=0.0))


@pytest.mark.parametrize(("asked", "reply", "query", "other"), CASES)
def test_one_speakers_own_statements_lend_each_other_nothing(store, asked, reply, query, other):
    mem = memory(store)
    mem.ingest(dialogue("u1", [("Mia", asked), ("Mia", reply), ("Mia", "zebra yak quokka"), ("Mia", other)]))
    assert ahead(mem, query, other, reply)


def test_a_reply_in_another_session_is_not_linked(store):
    mem = memory(store)
    mem.ingest(dialogue("u1", [("Sam", "Where do you work these days?")], session="s1"))
    mem.ingest(dialogue("u1", [("Mia", "At the bakery on Main Street.")], session="s2", start=1))
    mem.ingest(dialogue("u1", [("Sam", "zebra yak quokka"), ("Mia", "mango papaya guava")], session="s3", start=2))
    mem.ingest(dialogue("u1", [("Mia", "you know mango papaya")], session="s4", start=4))
    assert ahead(mem, "where do you work", "mango", "bakery")


def test_a_replied_to_row_set_late_relinks_the_reply_after_it():
    """Vectors may arrive in any order: setting the question's row gives its reply's link too."""
    turns = dialogue("u1", [("Sam", "Where do you work?"), ("Mia", "At the bakery."), ("Mia", "And I sing.")])
    items = [MemoryItem(id=f"i{n}", user_id="u1", description=t.text, theme="", kind=Kind.EVENT, source=[t.turn_id],
                        speaker=t.speaker, valid_from=t.timestamp) for n, t in enumerate(turns)]
    ids = [t.turn_id for t in turns]
    pos = {t: n for n, t in enumerate(ids)}
    by_turn = {t: {n} for n, t in enumerate(ids)}
    links = reply_links([0], items, pos, ids, ["s1"] * 3, by_turn)
    assert sorted(links) == [(0, -1), (1, 0)]  # the question has no turn before it; the reply answers it
    assert reply_links([2], items, pos, ids, ["s1"] * 3, by_turn) == [(2, -1)]  # Mia after Mia: no link
    assert reply_links([1], items, pos, ids, ["s1", "s2", "s2"], by_turn) == [(1, -1), (2, -1)]  # new session


@pytest.mark.parametrize(("remark", "later"), [
    ("Living by the West Lake sounds lovely.", "We moved to Chengdu last month."),
    ("西湖边上住着真舒服。", "上个月搬到成都了。"),
])
def test_a_statement_months_after_the_other_speakers_remark_answers_nothing(remark, later):
    turns = dialogue("u1", [("Sam", remark), ("Mia", later)])
    turns[1] = replace(turns[1], timestamp=turns[0].timestamp + timedelta(days=100))
    items = [MemoryItem(id=f"i{n}", user_id="u1", description=t.text, theme="", kind=Kind.EVENT, source=[t.turn_id],
                        speaker=t.speaker, valid_from=t.timestamp) for n, t in enumerate(turns)]
    ids = [t.turn_id for t in turns]
    links = reply_links([0, 1], items, {t: n for n, t in enumerate(ids)}, ids, ["s1"] * 2,
                        {t: {n} for n, t in enumerate(ids)})
    assert sorted(links) == [(0, -1), (1, -1)]
    soon = [replace(items[1], valid_from=turns[0].timestamp + timedelta(minutes=2))]
    assert reply_links([1], [items[0], *soon], {t: n for n, t in enumerate(ids)}, ids, ["s1"] * 2,
                       {t: {n} for n, t in enumerate(ids)}) == [(1, 0)]  # the same words minutes later: a reply


def unit(*xs: float) -> np.ndarray:
    v = np.array(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


def test_the_linked_score_is_the_cosine_of_the_normalised_sum():
    dense = DenseIndex(3)
    dense.set_items([(0, unit(1, 0, 0)), (1, unit(0, 1, 0)), (2, unit(1, 1, 1))])
    dense.set_links([(1, 0)])
    query = unit(1, 0.2, 0)
    want = float(unit(*(unit(0, 1, 0) + 0.5 * unit(1, 0, 0))) @ query)
    sims = dense.similarities(query, 3, context=0.5)
    assert sims[1] == pytest.approx(want, abs=1e-6)
    assert sims[0] == pytest.approx(float(unit(1, 0, 0) @ query), abs=1e-6)  # unlinked rows keep their own
    assert dense.similarities(query, 3)[1] == pytest.approx(float(unit(0, 1, 0) @ query), abs=1e-6)
    dead = np.array([False, True, True])  # a replied-to item that is gone lends nothing
    assert dense.similarities(query, 3, 0.5, dead)[1] == pytest.approx(float(unit(0, 1, 0) @ query), abs=1e-6)


def test_links_follow_compaction_and_clearing():
    dense = DenseIndex(2)
    dense.set_items([(0, unit(1, 0)), (1, unit(0, 1)), (2, unit(1, 1))])
    dense.set_links([(2, 0), (1, 0)])
    dense.renumber(np.array([0, -1, 1]))  # slot 1 dropped, slot 2 moves to 1 and keeps its link to 0
    query = unit(1, 0)
    assert dense.similarities(query, 2, 0.5)[1] > float(unit(1, 1) @ query)
    dense.clear([0])  # the replied-to row changed: the reply loses its link until it is set again
    assert dense.similarities(query, 2, 0.5)[1] == pytest.approx(float(unit(1, 1) @ query), abs=1e-6)


def test_a_replied_to_row_is_also_found_by_the_reply_it_got():
    """A statement ("I signed up for a pottery class.") scores by the reply it got ("What a great way to relax!")."""
    dense = DenseIndex(3)
    dense.set_items([(0, unit(1, 0, 0)), (1, unit(0, 1, 0)), (2, unit(0, 0, 1))])
    dense.set_links([(1, 0)])  # slot 1 replies to slot 0
    query = unit(0.1, 1, 0)
    want = float(unit(*(unit(1, 0, 0) + 0.5 * unit(0, 1, 0))) @ query)
    sims = dense.similarities(query, 3, answered=0.5)
    assert sims[0] == pytest.approx(want, abs=1e-6)
    assert sims[0] > float(unit(1, 0, 0) @ query)  # higher than by its own words
    assert sims[1] == pytest.approx(float(unit(0, 1, 0) @ query), abs=1e-6)  # the reply keeps its own score
    assert dense.similarities(query, 3)[0] == pytest.approx(float(unit(1, 0, 0) @ query), abs=1e-6)  # off: own
    dead = np.array([True, False, True])  # a reply that is gone lends nothing
    assert dense.similarities(query, 3, 0.0, dead, 0.5)[0] == pytest.approx(float(unit(1, 0, 0) @ query), abs=1e-6)


def test_a_reply_that_says_nothing_of_the_query_does_not_lower_what_it_answers():
    dense = DenseIndex(3)
    dense.set_items([(0, unit(1, 0, 0)), (1, unit(0, 0, 1))])
    dense.set_links([(1, 0)])
    query = unit(1, 0, 0)
    assert dense.similarities(query, 2, answered=0.5)[0] == pytest.approx(1.0, abs=1e-6)


def test_the_dense_ranking_finds_a_statement_through_the_reply_it_got():
    """The statement shares nothing with the query (cosine 0), the reply to it does: ranked after the reply."""
    dense = DenseIndex(3)
    dense.set_items([(0, unit(1, 0, 0)), (1, unit(0, 1, 0)), (2, unit(0.2, 0, 1))])
    dense.set_links([(1, 0)])
    query, alive = unit(0, 1, 0.1), np.ones(3, dtype=bool)
    on = dense_hits(dense, query, replace(SEMANTIC, reply_context=0.0), 0.5, alive, None)[0]
    off = dense_hits(dense, query, replace(SEMANTIC, reply_context=0.0, answered_context=0.0), 0.5, alive, None)[0]
    assert on.tolist() == [1, 0, 2]
    assert off.tolist() == [1, 2]
    assert SEMANTIC.answered_context == RETRIEVERS["hybrid"].answered_context == 0.5  # on by default
