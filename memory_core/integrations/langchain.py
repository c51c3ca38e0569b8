"""LangChain on any ``MemoryAPI``: a retriever, memory tools, and a chat message history on the turn store.

Needs the ``langchain`` extra (``pip install 'gulfstream[langchain]'``)::

    from memory_core.embedded import EmbeddedMemory
    from memory_core.integrations.langchain import MemoryRetriever, memory_tools

    mem = EmbeddedMemory.open()
    retriever = MemoryRetriever(api=mem, user_id="ana", k=4)
    docs = retriever.invoke("where does Ana live?")     # Documents; item id, theme, kind, dates, score in metadata
    tools = memory_tools(mem, user_id="ana")             # search_memory, save_memory, update_memory, delete_memory
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from typing import Any

from memory_core.integrations import missing_extra

try:
    from langchain_core.callbacks import CallbackManagerForRetrieverRun
    from langchain_core.chat_history import BaseChatMessageHistory
    from langchain_core.documents import Document
    from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
    from langchain_core.retrievers import BaseRetriever
    from langchain_core.tools import StructuredTool
except ModuleNotFoundError as exc:  # a clear message naming the extra, not a bare import error
    raise missing_extra(__name__, "langchain", exc) from exc
from pydantic import ConfigDict

from memory_core.api import ItemRecord, MemoryAPI
from memory_core.errors import GulfstreamError, InvalidField

__all__ = ["MemoryRetriever", "TurnChatHistory", "item_document", "memory_tools"]

_DOC_KEYS = ("id", "theme", "kind", "status", "created_at", "updated_at", "valid_from", "valid_until", "score",
             "rank", "trust", "hit")


def item_document(record: ItemRecord) -> Document:
    """A search hit or item record as a ``Document``: the memory text, and its id, theme, kind, dates, score."""
    return Document(page_content=record["description"], id=record["id"],
                    metadata={key: record[key] for key in _DOC_KEYS if key in record})


class MemoryRetriever(BaseRetriever):
    """A ``BaseRetriever`` over one user's memory: ``MemoryAPI.search`` as Documents, best first.

    Attributes:
        api: any ``MemoryAPI`` (embedded, distributed, HTTP).
        user_id: whose memory.
        k: results per query (1..100).
        filters: as ``MemoryAPI.search`` (theme, kind, status, since, until).
        threshold: drop hits scoring below it.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    api: Any
    user_id: str
    k: int = 5
    filters: dict[str, Any] | None = None
    threshold: float | None = None

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        hits = self.api.search(query, user_id=self.user_id, k=self.k, filters=self.filters,
                               threshold=self.threshold)
        return [item_document(r) for r in hits]


def _answer(call: Any) -> Any:
    """Run a tool's call; a Gulfstream error becomes text the model can read and act on."""
    try:
        return call()
    except GulfstreamError as exc:
        return f"error ({type(exc).__name__}): {exc}"


def memory_tools(api: MemoryAPI, user_id: str, *, k: int = 5) -> list[StructuredTool]:
    """Four structured tools on one user's memory, for a tool-calling model.

    ``search_memory(query)`` → hits as JSON lines (id, text, theme, kind, score);
    ``save_memory(text, theme?)`` → the new item's id (stored as given);
    ``update_memory(item_id, text)`` and ``delete_memory(item_id)`` → what changed.
    A bad call (unknown id, empty text) answers with the error's text instead of raising,
    so the model can correct itself; nothing is changed by it.
    """

    def search_memory(query: str) -> str:
        """Search the user's long-term memory; returns the best matching memories with their ids."""
        hits = _answer(lambda: api.search(query, user_id=user_id, k=k))
        if isinstance(hits, str):
            return hits
        if not hits:
            return "no memory matches"
        return "\n".join(json.dumps({"id": h["id"], "text": h["description"], "theme": h["theme"],
                                     "kind": h["kind"], "score": round(h["score"], 4)}, ensure_ascii=False)
                         for h in hits)

    def save_memory(text: str, theme: str | None = None) -> str:
        """Save a new long-term memory about the user (a fact, preference or plan), as given."""
        out = _answer(lambda: api.add(text, user_id=user_id, infer=False, theme=theme))
        return out if isinstance(out, str) else f"saved {out['results'][0]['id']}"

    def update_memory(item_id: str, text: str) -> str:
        """Replace the text of one memory (by its id); the old text stays in its history."""
        out = _answer(lambda: api.update(item_id, text, user_id=user_id, reason="corrected by the assistant"))
        return out if isinstance(out, str) else f"updated {item_id}: {out['description']}"

    def delete_memory(item_id: str) -> str:
        """Delete one memory (by its id) that is wrong or no longer wanted."""
        out = _answer(lambda: api.delete(item_id, user_id=user_id, reason="deleted by the assistant"))
        return out if isinstance(out, str) else f"deleted {item_id}"

    return [StructuredTool.from_function(fn) for fn in (search_memory, save_memory, update_memory, delete_memory)]


_ROLE_OF = {"human": "user", "ai": "assistant", "system": "system", "tool": "tool"}
#: The meta entry of the system turn ``TurnChatHistory.clear`` appends; ``messages`` starts after the last one.
CLEARED = ("chat_history", "cleared")
_MESSAGE_OF = {"user": HumanMessage, "assistant": AIMessage, "system": SystemMessage}


class TurnChatHistory(BaseChatMessageHistory):
    """A LangChain chat history of one session, kept as turns in the turn store (the episodic record).

    Messages added are ingested as turns (so the write pipeline also learns
    from them); ``messages`` reads the session's turns back in order. A
    ``SystemMessage`` is kept as a system turn of the session: read back as
    one, never a memory (system text becomes no event, fact or rule).
    ``clear`` starts the history afresh without erasing anything: the turns
    stay in the episodic record and long-term memory keeps what it learned.

    Args:
        memory: an ``EmbeddedMemory`` (the turns are read from its SQL store).
        user_id, session_id: whose conversation.
        wait: apply each added message before returning (read-your-writes).
    """

    def __init__(self, memory: Any, user_id: str, session_id: str, *, wait: bool = True) -> None:
        self.memory, self.user_id, self.session_id, self.wait = memory, user_id, session_id, wait

    @property
    def messages(self) -> list[BaseMessage]:  # type: ignore[override]
        """The session's turns as messages, oldest first."""
        turns = self.memory.memory.store.list_turns(self.user_id)
        out: list[BaseMessage] = []
        for turn in turns:
            if turn.session_id != self.session_id:
                continue
            if turn.role == "system" and turn.meta.get(CLEARED[0]) == CLEARED[1]:
                out = []  # the history was cleared here: what came before is no longer its conversation
                continue
            if turn.role == "tool":
                out.append(ToolMessage(turn.text, tool_call_id=turn.meta.get("tool_call_id", turn.turn_id)))
            else:
                out.append(_MESSAGE_OF[turn.role](turn.text, id=turn.turn_id))
        return out

    def add_messages(self, messages: Sequence[BaseMessage]) -> None:
        """Ingest the messages as turns of the session, in order.

        Raises:
            InvalidField: a message of an unknown type or without text content.
        """
        turns = []
        for msg in messages:
            role = _ROLE_OF.get(msg.type)
            if role is None or not isinstance(msg.content, str):
                raise InvalidField(f"a {msg.type} message with {type(msg.content).__name__} content cannot be a turn")
            turns.append({"user_id": self.user_id, "turn_id": msg.id or f"t-{secrets.token_hex(8)}",
                          "session_id": self.session_id, "role": role, "text": msg.content})
        self.memory.ingest(turns, wait=self.wait)

    def clear(self) -> None:
        """Start the history afresh: ``messages`` is empty until new messages are added.

        Appends a system turn marked ``CLEARED`` ("[chat history cleared]") to the session; ``messages`` lists
        only the turns after the last mark, for this object and any later one on the session (as
        ``RunnableWithMessageHistory`` makes one per call). Nothing is erased: the turns stay in the turn
        store (the session window, ``session_context``, still shows them, with the mark), and every memory
        learned from them stays. ``MemoryAPI.delete_all`` or ``reset`` forgets the user's memories.
        """
        self.memory.ingest([{"user_id": self.user_id, "turn_id": f"t-{secrets.token_hex(8)}",
                             "session_id": self.session_id, "role": "system", "text": "[chat history cleared]",
                             "meta": dict([CLEARED])}], wait=self.wait)
