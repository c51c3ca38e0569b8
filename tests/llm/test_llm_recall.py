"""LLM recall over BM25 candidates: modes, the prompt, and the mechanical fallback for every bad answer."""

from __future__ import annotations

import pytest
from scripted_server import HttpError, Reply, ScriptedServer, Stall

from memory_core.llm.recall import LLMRecaller, parse_indices
from memory_core.service import Memory, open_memory

TAROT = [
    ("Miso is refactoring the tarot tool of the Sonetto project", "work"),
    ("Miso asked Sonetto to analyse the tarot tool code", "moments"),
    ("Miso likes summer and cats", "taste"),
    ("Miso drew tarot cards about the final exams", "moments"),
]


@pytest.fixture
def tarot(memory: Memory) -> dict[str, str]:
    """Add the items; return description -> id."""
    return {desc: memory.store.add("u1", desc, theme, kind="fact") for desc, theme in TAROT}


def mechanical(memory: Memory, query: str, k: int = 10) -> list[str]:
    return [r.item.id for r in memory.recaller.recall("u1", query, k, mode="mechanical")]  # type: ignore[call-arg]


def test_open_memory_wires_llm_recall(memory: Memory) -> None:
    assert isinstance(memory.recaller, LLMRecaller) and memory.recaller.mode == "hybrid"


def test_llm_mode_returns_the_models_choice_in_its_order(memory: Memory, server: ScriptedServer, tarot) -> None:
    recaller: LLMRecaller = memory.recaller  # type: ignore[assignment]
    shown_order = mechanical(memory, "tarot refactor")
    server.push(Reply("[1, 0]"))
    results = recaller.recall("u1", "tarot refactor", 5, mode="llm")
    assert [r.item.id for r in results] == [shown_order[1], shown_order[0]] and [r.rank for r in results] == [1, 2]
    assert recaller.last is not None and (recaller.last.used, recaller.last.degraded) == ("llm", False)
    system, user = (m["content"] for m in server.requests[0]["messages"])
    for criterion in ("Literal match", "Semantic relation", "Theme", "Time cues", "empty array []",
                      "high hit count", "most to least relevant"):
        assert criterion in system
    assert "## Memories\n[0] (" in user and "(Work)" in user and "## Query\ntarot refactor" in user
    assert "Current time:" in user


def test_hybrid_puts_the_choice_first_then_the_bm25_ranking(memory: Memory, server: ScriptedServer,
                                                             tarot) -> None:
    shown = mechanical(memory, "tarot")
    server.push(Reply("[2]"))
    results = memory.recall("u1", "tarot", k=3).results
    assert [r.item.id for r in results] == [shown[2], *[i for i in shown if i != shown[2]][:2]]


def test_empty_answer_is_allowed(memory: Memory, server: ScriptedServer, tarot) -> None:
    server.push(Reply("[]"), Reply("[]"))
    recaller: LLMRecaller = memory.recaller  # type: ignore[assignment]
    assert recaller.recall("u1", "tarot", 5, mode="llm") == []
    assert [r.item.id for r in recaller.recall("u1", "tarot", 5, mode="hybrid")] == mechanical(memory, "tarot", 5)
    assert recaller.metrics.counters == {}


def test_mechanical_mode_never_calls_the_model(memory: Memory, server: ScriptedServer, tarot) -> None:
    recaller: LLMRecaller = memory.recaller  # type: ignore[assignment]
    results = recaller.recall("u1", "tarot", 5, mode="mechanical")
    assert {r.item.description for r in results} >= {d for d, _ in TAROT if "tarot" in d}
    assert server.requests == [] and recaller.last is not None and recaller.last.used == "mechanical"


@pytest.mark.parametrize("answer", [
    "Sure! The relevant ones are [0, 1]", "```json\n[0, 1]\n```", "[0, 99]", "[-1]", "[0, 0]", "null",
    '{"indices": [0]}', "[0.5]", "[true]", '["0"]', "",
], ids=["prose", "fence", "out-of-range", "negative", "duplicate", "null", "object", "float", "bool", "string",
        "empty"])
@pytest.mark.parametrize("mode", ["llm", "hybrid"])
def test_malformed_answers_degrade_to_the_mechanical_ranking(memory: Memory, server: ScriptedServer, tarot,
                                                             answer: str, mode: str, caplog) -> None:
    recaller: LLMRecaller = memory.recaller  # type: ignore[assignment]
    expected = mechanical(memory, "tarot refactor", 4)
    server.push(Reply(answer))
    results = recaller.recall("u1", "tarot refactor", 4, mode=mode)
    assert [r.item.id for r in results] == expected
    assert recaller.last is not None and recaller.last.degraded and recaller.last.used == "mechanical"
    assert "malformed answer" in recaller.last.reason
    assert recaller.metrics.counters == {"recall.malformed": 1, "recall.fallback": 1}
    assert any("fell back to the mechanical ranking" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("failure", [HttpError(500), HttpError(429), Stall(1.0)], ids=["500", "429", "timeout"])
def test_endpoint_failure_degrades_within_the_timeout(llm_settings, server: ScriptedServer, failure) -> None:
    mem = open_memory(llm_settings.model_copy(update={"llm_timeout_s": 0.3}))
    try:
        for desc, theme in TAROT:
            mem.store.add("u1", desc, theme, kind="fact")
        expected = mechanical(mem, "tarot refactor", 2)
        server.push(failure)
        response = mem.recall("u1", "tarot refactor", k=2)
        recaller: LLMRecaller = mem.recaller  # type: ignore[assignment]
        assert [r.item.id for r in response.results] == expected
        assert recaller.last is not None and recaller.last.reason.startswith("endpoint failed")
        assert recaller.metrics.counters == {"recall.unavailable": 1, "recall.fallback": 1}
    finally:
        mem.close()


def test_chinese_query_gets_the_chinese_prompt_and_semantic_candidates(memory: Memory,
                                                                       server: ScriptedServer) -> None:
    edit = memory.store.add("u1", "用户正在修改塔罗牌工具的代码", "work", kind="fact")
    memory.store.add("u1", "用户喜欢夏天和猫", "taste", kind="preference")
    recaller: LLMRecaller = memory.recaller  # type: ignore[assignment]
    assert recaller.recall("u1", "重构进展", 5, mode="mechanical") == []  # BM25 alone finds nothing
    server.push(lambda body: Reply(str([n for n, line in enumerate(
        body["messages"][1]["content"].split("## 查询要求")[0].splitlines()[1:]) if "修改" in line])))
    results = recaller.recall("u1", "重构进展", 5, mode="llm")
    assert [r.item.id for r in results] == [edit]
    system, user = (m["content"] for m in server.requests[0]["messages"])
    for criterion in ("字面匹配", "语义关联", "主题一致", "时间线索", "返回空数组 []", "hit 数高", "从高到低"):
        assert criterion in system
    assert "(工作)" in user and "## 查询要求\n重构进展" in user


def test_parse_indices_accepts_only_a_bare_array() -> None:
    assert parse_indices(" [2, 0] ", 3) == [2, 0]
    assert parse_indices("[]", 0) == []
    for bad in ("[3]", "[1, 1]", "1", "[[0]]"):
        with pytest.raises(ValueError):
            parse_indices(bad, 3)
