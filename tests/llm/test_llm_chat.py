"""The chat-model factory, metering, and endpoint failures (429, 500, timeouts) through ChatOpenAI."""

from __future__ import annotations

import logging

import pytest
from llm_support import fact, facts
from scripted_server import HttpError, Reply, ScriptedServer, Stall, call

from memory_core.errors import LLMUnavailable
from memory_core.llm.chat import build_chat_model, invoke_model
from memory_core.llm.metrics import LLMMetrics
from memory_core.pipeline.pipeline import WritePipeline
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings


def test_no_model_configured_keeps_the_mechanical_pipeline_and_says_so(tmp_path, caplog) -> None:
    caplog.set_level(logging.INFO)
    settings = Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3")
    assert build_chat_model(settings) is None
    mem = open_memory(settings)
    try:
        assert type(mem.pipeline) is WritePipeline
    finally:
        mem.close()
    assert any("no LLM configured" in r.getMessage() for r in caplog.records)


def test_factory_reads_the_environment(monkeypatch, server: ScriptedServer) -> None:
    monkeypatch.setenv("GULFSTREAM_LLM_BASE_URL", server.base_url)
    monkeypatch.setenv("GULFSTREAM_LLM_MODEL", "my-model")
    monkeypatch.setenv("GULFSTREAM_LLM_API_KEY", "sk-test")
    monkeypatch.setenv("GULFSTREAM_LLM_TIMEOUT_S", "7.5")
    monkeypatch.setenv("GULFSTREAM_LLM_MAX_RETRIES", "4")
    model = build_chat_model(Settings())
    assert model is not None
    assert (model.model_name, model.request_timeout, model.max_retries) == ("my-model", 7.5, 4)
    assert model.openai_api_key.get_secret_value() == "sk-test"
    server.push(Reply("hi", usage=(11, 3)))
    metrics = LLMMetrics()
    from langchain_core.messages import HumanMessage

    reply = invoke_model(model, [HumanMessage("hello")], stage="recall", metrics=metrics)
    assert reply.content == "hi" and server.requests[0]["model"] == "my-model"
    assert metrics.snapshot()["stages"]["recall"] | {"latency_ms": 0} == {
        "calls": 1, "failed": 0, "input_tokens": 11, "output_tokens": 3, "latency_ms": 0}


def test_tokens_and_latency_per_call_and_per_turn(memory: Memory, server: ScriptedServer, make_turn,
                                                  caplog) -> None:
    caplog.set_level(logging.INFO, logger="memory_core.llm.metrics")
    server.push(Reply(facts(fact("User has a cat", theme="relationships")).content, usage=(500, 40)),
                Reply(tool_calls=[call("create_memory", content="User has a cat", theme="relationships")],
                      usage=(900, 30)),
                Reply("DONE", usage=(950, 2)))
    memory.ingest([make_turn("I have a cat")])
    metrics: LLMMetrics = memory.pipeline.metrics  # type: ignore[attr-defined]
    assert [(c.stage, c.input_tokens, c.output_tokens, c.turn_id) for c in metrics.calls] == [
        ("extract", 500, 40, "t1"), ("curate", 900, 30, "t1"), ("curate", 950, 2, "t1")]
    assert all(c.latency_ms > 0 for c in metrics.calls)
    [turn] = metrics.turns
    assert (turn.turn_id, turn.calls, turn.input_tokens, turn.output_tokens) == ("t1", 3, 2350, 72)
    assert any("llm turn t1: 3 call(s), tokens in=2350 out=72" in r.getMessage() for r in caplog.records)


def test_http_429_is_retried_by_the_client(llm_settings, server: ScriptedServer) -> None:
    from langchain_core.messages import HumanMessage

    model = build_chat_model(llm_settings.model_copy(update={"llm_max_retries": 2}))
    server.push(HttpError(429), HttpError(500), Reply("ok"))
    metrics = LLMMetrics()
    assert invoke_model(model, [HumanMessage("x")], stage="extract", metrics=metrics).content == "ok"
    assert len(server.requests) == 3 and metrics.counters == {}


@pytest.mark.parametrize("failure", [HttpError(500), HttpError(429), Stall(1.0)], ids=["500", "429", "timeout"])
def test_endpoint_failure_raises_llm_unavailable_and_keeps_the_turn(llm_settings, server: ScriptedServer,
                                                                     make_turn, failure) -> None:
    mem = open_memory(llm_settings.model_copy(update={"llm_timeout_s": 0.3}))
    try:
        server.push(failure)
        with pytest.raises(LLMUnavailable):
            mem.ingest([make_turn("I like tea")])
        assert [t.turn_id for t in mem.store.pending_turns("u1")] == ["t1"]
        assert mem.store.list_items("u1", statuses=None) == []
        snapshot = mem.pipeline.metrics.snapshot()  # type: ignore[attr-defined]
        assert snapshot["counters"] == {"extract.unavailable": 1}
        assert snapshot["stages"]["extract"]["failed"] == 1
    finally:
        mem.close()
