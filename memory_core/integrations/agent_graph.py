"""The agent graph of seed 000 §5: recall → agent → write, as a LangGraph ``StateGraph`` on any ``MemoryAPI``.

- **recall**: the user's new message is the query; the packed context block
  (``MemoryAPI.recall``, at most ``budget_tokens`` tokens) goes into the
  system prompt, so the model sees what it should know about the user;
- **agent**: the chat model answers from that prompt and the session's messages;
- **write**: the finished turn (the user's message and the reply) is handed
  to long-term memory with ``add``. With ``wait_writes=False`` (the
  distributed mode) it is published and the graph returns at once: the
  reply never waits for the write pipeline.

Needs the ``langgraph`` extra. ``gulfstream chat --user U`` runs it against an
OpenAI-compatible endpoint (langchain-openai).
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Annotated, Any, TypedDict

from memory_core.integrations import missing_extra

try:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
    from langgraph.graph import END, START, StateGraph
except ModuleNotFoundError as exc:  # a clear message naming the extra, not a bare import error
    raise missing_extra(__name__, "langgraph", exc) from exc

from memory_core.api import MemoryAPI
from memory_core.errors import InvalidField

__all__ = ["SYSTEM_PROMPT", "ChatState", "build_agent_graph"]

SYSTEM_PROMPT = ("You are a helpful assistant with long-term memory of this user. Use what you remember "
                 "when it helps, and do not mention memories that do not matter to the question.")


class ChatState(TypedDict, total=False):
    """The graph's state: whose conversation, its messages, and the recalled context block (text)."""

    user_id: str
    session_id: str
    messages: Annotated[list[BaseMessage], operator.add]
    context: str
    turn_ids: list[str]


def _last_human(messages: Sequence[BaseMessage]) -> HumanMessage:
    for msg in reversed(messages):
        if isinstance(msg, HumanMessage):
            return msg
    raise InvalidField("the conversation has no user message to answer")


def build_agent_graph(api: MemoryAPI, model: BaseChatModel, *, k: int = 8, budget_tokens: int = 800,
                      system_prompt: str = SYSTEM_PROMPT, wait_writes: bool = True, checkpointer: Any = None,
                      store: Any = None) -> Any:
    """Compile the recall → agent → write graph.

    Invoke it with ``{"user_id", "session_id", "messages": [HumanMessage(...)]}``;
    it returns the state with the reply appended and ``context`` set.

    Args:
        api: any ``MemoryAPI`` (embedded, distributed, HTTP).
        model: any LangChain chat model.
        k: memory items recalled per message.
        budget_tokens: the context block's budget in tokens (the recall packs within it).
        system_prompt: put before the context block.
        wait_writes: wait until the finished turn is applied (embedded); False publishes and returns.
        checkpointer: a LangGraph checkpointer (``MemorySaver()``, a Postgres saver) passed to ``compile``:
            the state, messages included, persists per ``{"configurable": {"thread_id": …}}``, so a call
            gives only the new message. Each call still writes just its own finished turn.
        store: a LangGraph ``BaseStore`` passed to ``compile`` for nodes added around the graph
            (e.g. ``MemoryStoreAdapter`` on the same API); the three nodes here use ``api``.

    Raises:
        InvalidInput: from recall or add, for a bad user id or an empty message.
    """

    def recall(state: ChatState) -> dict[str, Any]:
        query = _last_human(state["messages"]).content
        answer = api.recall(str(query), user_id=state["user_id"], k=k, budget_tokens=budget_tokens)
        return {"context": answer["context"]}

    def agent(state: ChatState) -> dict[str, Any]:
        prompt = system_prompt
        if state.get("context"):
            prompt = f"{system_prompt}\n\n{state['context']}"
        reply = model.invoke([SystemMessage(prompt), *state["messages"]])
        return {"messages": [reply]}

    def write(state: ChatState) -> dict[str, Any]:
        question = _last_human(state["messages"])
        reply = state["messages"][-1]
        turn = [{"role": "user", "content": str(question.content)}]
        if isinstance(reply, AIMessage) and isinstance(reply.content, str) and reply.content.strip():
            turn.append({"role": "assistant", "content": reply.content})
        added = api.add(turn, user_id=state["user_id"], session_id=state.get("session_id"), wait=wait_writes)
        return {"turn_ids": added["turn_ids"]}

    graph = StateGraph(ChatState)
    graph.add_node("recall", recall)
    graph.add_node("agent", agent)
    graph.add_node("write", write)
    graph.add_edge(START, "recall")
    graph.add_edge("recall", "agent")
    graph.add_edge("agent", "write")
    graph.add_edge("write", END)
    return graph.compile(checkpointer=checkpointer, store=store)
