"""The seed's agent graph (recall → agent → write) over two sessions, with a scripted chat model."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field

from memory_core.context import count_tokens
from memory_core.embedded import EmbeddedMemory
from memory_core.integrations.agent_graph import build_agent_graph


class MemoryReader(BaseChatModel):
    """Answers from its system prompt alone: the remembered lines sharing a word with the question, or
    "I don't know". Keeps every prompt it was given."""

    prompts: list[list[BaseMessage]] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        self.prompts.append(list(messages))
        system = str(messages[0].content) if isinstance(messages[0], SystemMessage) else ""
        question = str(messages[-1].content).lower()
        words = {w.strip("?.,!") for w in question.split() if len(w) > 3} | {c for c in question if ord(c) > 0x3000}
        lines = [ln for ln in system.splitlines()[1:] if ln.startswith("-") and any(w in ln.lower() for w in words)]
        text = " ".join(lines) if lines else "I don't know."
        return ChatResult(generations=[ChatGeneration(message=AIMessage(text))])


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[EmbeddedMemory]:
    api = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/chat.db")
    yield api
    api.close()


def test_session_two_answers_from_what_session_one_taught(mem: EmbeddedMemory) -> None:
    model = MemoryReader(prompts=[])
    graph = build_agent_graph(mem, model, budget_tokens=300)

    def say(user: str, session: str, text: str, history: list[BaseMessage]) -> str:
        state = graph.invoke({"user_id": user, "session_id": session, "messages": [*history, HumanMessage(text)]})
        assert count_tokens(state.get("context", "")) <= 300
        return str(state["messages"][-1].content)

    # session 1 teaches, in English and Chinese
    s1: list[BaseMessage] = []
    for text in ["I moved to Lisbon last month.", "I am allergic to peanuts.", "我最喜欢的运动是羽毛球"]:
        reply = say("ana", "s1", text, s1)
        s1 += [HumanMessage(text), AIMessage(reply)]
    # session 2, a new conversation: the answers come from long-term memory
    # the reader matches words: the move is remembered as where ana lives
    assert "Lisbon" in say("ana", "s2", "Where do I live now?", [])
    assert "peanuts" in say("ana", "s2", "Any allergies I mentioned, like peanuts?", [])
    assert "羽毛球" in say("ana", "s2", "我最喜欢什么运动?", [])
    # the context block was in the system prompt of the session-2 calls
    assert "Lisbon" in str(model.prompts[3][0].content)
    # another user learns nothing from ana
    assert say("bob", "s1", "Where do I live now?", []) == "I don't know."
    # the write node stored the finished turns (user and assistant) in the turn store
    turns = mem.memory.store.list_turns("ana")
    assert [t.session_id for t in turns].count("s2") == 6
    assert {t.role for t in turns} == {"user", "assistant"}


def test_unapplied_writes_do_not_hold_the_reply(mem: EmbeddedMemory) -> None:
    graph = build_agent_graph(mem, MemoryReader(prompts=[]), wait_writes=False)
    state = graph.invoke({"user_id": "li", "session_id": "s1", "messages": [HumanMessage("我住在成都")]})
    assert len(state["turn_ids"]) == 2


def test_a_checkpointer_keeps_the_thread_and_each_turn_is_written_once(mem: EmbeddedMemory) -> None:
    from langgraph.checkpoint.memory import MemorySaver

    graph = build_agent_graph(mem, MemoryReader(prompts=[]), checkpointer=MemorySaver())
    config = {"configurable": {"thread_id": "t1"}}
    for text in ["I live in Berlin.", "Actually I just moved to Munich.", "Where do I live?"]:
        state = graph.invoke({"user_id": "gg", "session_id": "s1", "messages": [HumanMessage(text)]}, config)
    assert len(state["messages"]) == 6, "the thread's messages come from the checkpoint"
    turns = [t["text"] for t in mem.session_context(user_id="gg", session_id="s1")["turns"]]
    assert turns.count("I live in Berlin.") == 1
