"""The LLM extractor and structured output: relative dates, language, and every malformed-answer path."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from llm_support import SATURDAY, fact, facts
from scripted_server import Reply, ScriptedServer, call

from memory_core.errors import LLMOutputError
from memory_core.llm.extractor import LLMExtractor
from memory_core.llm.metrics import LLMMetrics
from memory_core.llm.structured import MalformedOutput, parse_json
from memory_core.model import Status
from memory_core.service import Memory

EXAM = fact("用户后天（2026年5月11日）有离散数学考试", "todo", "todo", valid_until="2026-05-11")


@pytest.mark.parametrize(("text", "expected", "repaired"), [
    ('{"a": 1}', {"a": 1}, False),
    ('Sure! Here it is:\n{"a": 1}\nHope that helps.', {"a": 1}, True),
    ('```json\n{"a": [1, 2]}\n```', {"a": [1, 2]}, True),
    ('{"path": "C:\\Users\\me"}', {"path": "C:\\Users\\me"}, True),
    ('[3, 1]', [3, 1], False),
])
def test_parse_json_repairs_harmless_wrapping(text: str, expected: object, repaired: bool) -> None:
    assert parse_json(text) == (expected, repaired)


@pytest.mark.parametrize("text", ["", "   ", "no json here", "{broken", None])
def test_parse_json_refuses_what_is_not_json(text: str | None) -> None:
    with pytest.raises(MalformedOutput):
        parse_json(text)


def test_relative_dates_resolve_against_the_turn_time_in_chinese(memory: Memory, server: ScriptedServer,
                                                                  make_turn) -> None:
    server.push(facts(EXAM), Reply(tool_calls=[call("create_memory", content=EXAM["description"], theme="todo",
                                                    kind="todo", valid_until="2026-05-11")]), Reply("完成"))
    memory.ingest([make_turn("我后天有离散数学考试")])
    extract_request = server.requests[0]
    prompt = extract_request["messages"][1]["content"]
    assert "2026年5月9日 星期六 14:30" in prompt  # the turn's own time, with its weekday
    assert "后天" in extract_request["messages"][0]["content"]  # told how to resolve relative dates
    assert extract_request["response_format"]["type"] == "json_schema"
    assert extract_request["response_format"]["json_schema"]["name"] == "Extraction"
    [item] = [i for i in memory.store.list_items("u1") if i.kind == "todo"]
    assert item.valid_until == datetime(2026, 5, 11, tzinfo=UTC)


def test_next_friday_and_last_week_in_english(model, make_turn, server: ScriptedServer) -> None:
    server.push(facts(
        fact("User has a dentist appointment on Friday 15 May 2026", "todo", "todo",
             valid_from="2026-05-15T10:00:00", valid_until="2026-05-15T11:00:00"),
        fact("User went hiking in the Alps during the week of 27 April 2026", "event", "hobbies",
             valid_from="2026-04-27")))
    turn = make_turn("Dentist next Friday at 10. Last week I went hiking in the Alps.")
    cands = LLMExtractor(model, LLMMetrics()).extract(turn)
    event, dentist, hike = cands
    assert event.key.startswith("event:") and event.valid_from == SATURDAY
    assert dentist.valid_from == datetime(2026, 5, 15, 10, tzinfo=UTC)
    assert dentist.valid_until == datetime(2026, 5, 15, 11, tzinfo=UTC)
    assert hike.valid_from == datetime(2026, 4, 27, tzinfo=UTC) and hike.kind == "event"
    assert "Saturday 9 May 2026, 14:30 UTC" in server.requests[0]["messages"][1]["content"]


def test_prose_fences_and_bad_escapes_are_repaired_and_counted(model, make_turn, server: ScriptedServer) -> None:
    body = json.dumps({"facts": [fact("User keeps notes in D:\\notes", theme="places")]})
    server.push(Reply("Here are the facts:\n```json\n" + body + "\n```"),
                Reply('{"facts": [{"description": "User\'s folder is C:\\work\\q", "kind": "fact", '
                      '"theme": "places", "importance": 0.5, "confidence": 0.9}]}'))
    metrics = LLMMetrics()
    extractor = LLMExtractor(model, metrics, keep_events=False)
    [first] = extractor.extract(make_turn("My notes are in D:\\notes"))
    [second] = extractor.extract(make_turn("My folder is C:\\work\\q"))
    assert first.description == "User keeps notes in D:\\notes"
    assert second.description == "User's folder is C:\\work\\q"
    assert metrics.counters["extract.repaired"] == 2 and len(server.requests) == 2


def test_wrong_schema_is_retried_with_the_error_shown(model, make_turn, server: ScriptedServer) -> None:
    server.push(Reply('{"memories": ["User likes tea"]}'),
                Reply(json.dumps({"facts": [fact("User likes tea", "preference", "taste", importance=3)]})),
                facts(fact("User likes tea", "preference", "taste")))
    metrics = LLMMetrics()
    [cand] = LLMExtractor(model, metrics, keep_events=False).extract(make_turn("I like tea"))
    assert cand.description == "User likes tea" and cand.kind == "preference" and cand.key == ""
    second, third = server.requests[1]["messages"], server.requests[2]["messages"]
    assert second[-2]["role"] == "assistant" and "memories" in second[-2]["content"]
    assert "facts: Field required" in second[-1]["content"]
    assert "importance" in third[-1]["content"] and "less than or equal to 1" in third[-1]["content"]
    assert metrics.counters["extract.malformed"] == 2


def test_english_memories_of_a_chinese_turn_are_sent_back(model, make_turn, server: ScriptedServer) -> None:
    server.push(facts(fact("User likes spicy food", "preference", "taste")),
                facts(fact("用户喜欢吃辣", "preference", "taste")))
    [cand] = LLMExtractor(model, LLMMetrics(), keep_events=False).extract(make_turn("我很喜欢吃辣"))
    assert cand.description == "用户喜欢吃辣" and cand.lang == "zh"
    assert "Chinese" in server.requests[1]["messages"][-1]["content"]
    assert server.requests[1]["messages"][-1]["content"].startswith("上一个回答无法使用")


def test_always_malformed_raises_and_nothing_is_stored(memory: Memory, server: ScriptedServer, make_turn) -> None:
    server.push(Reply("I could not find anything."), Reply("still prose"), Reply('{"facts": "none"}'))
    with pytest.raises(LLMOutputError) as err:
        memory.ingest([make_turn("I adopted a puppy called Mochi")])
    assert (err.value.stage, err.value.attempts) == ("extract", 3)
    assert memory.store.list_items("u1", statuses=None) == []
    assert [t.turn_id for t in memory.store.pending_turns("u1")] == ["t1"]
    assert memory.pipeline.metrics.counters["extract.failed"] == 1  # type: ignore[attr-defined]


def test_invalid_dates_are_malformed(model, make_turn, server: ScriptedServer) -> None:
    server.push(facts(fact("User has an exam", "todo", "todo", valid_until="后天")),
                facts(fact("User has an exam", "todo", "todo", valid_from="2026-05-12", valid_until="2026-05-11")),
                facts(fact("User has an exam on 2026-05-11", "todo", "todo", valid_until="2026-05-11")))
    [cand] = LLMExtractor(model, LLMMetrics(), keep_events=False).extract(make_turn("Exam the day after tomorrow"))
    assert cand.valid_until == datetime(2026, 5, 11, tzinfo=UTC)
    assert "ISO 8601" in server.requests[1]["messages"][-1]["content"]
    assert "valid_until is before valid_from" in server.requests[2]["messages"][-1]["content"]


def test_function_calling_method_reads_the_forced_tool(model, make_turn, server: ScriptedServer) -> None:
    server.push(Reply(tool_calls=[call("Extraction", facts=[fact("User is a nurse", theme="work", slot="job")])]))
    [cand] = LLMExtractor(model, LLMMetrics(), method="function_calling", keep_events=False).extract(
        make_turn("I'm a nurse"))
    request = server.requests[0]
    assert request["tool_choice"]["function"]["name"] == "Extraction"
    assert cand.description == "User is a nurse" and cand.key == "fact:job" and cand.single_valued


def test_extractor_only_mode_resolves_by_slot_and_supersedes(llm_settings, server: ScriptedServer,
                                                              make_turn) -> None:
    from memory_core.service import open_memory

    mem = open_memory(llm_settings.model_copy(update={"llm_curate": False}))
    try:
        server.push(facts(fact("User lives in Paris", theme="places", slot="lives_in")),
                    facts(fact("User lives in Paris", theme="places", slot="lives_in")),
                    facts(fact("User lives in Berlin", theme="places", slot="lives_in")))
        mem.ingest([make_turn("I live in Paris"), make_turn("Paris, home"), make_turn("I moved to Berlin")])
        homes = sorted((i.description, i.status, i.hit) for i in mem.store.list_items("u1", statuses=None)
                       if i.kind == "fact")
        assert homes == [("User lives in Berlin", Status.ACTIVE, 0), ("User lives in Paris", Status.SUPERSEDED, 1)]
        assert len(server.requests) == 3  # no curation calls
    finally:
        mem.close()
