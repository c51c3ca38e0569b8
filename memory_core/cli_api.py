"""``gulfstream add | get | update | delete | chat | mcp``: the Memory API at the shell, in an agent, for MCP hosts.

They run embedded (``EmbeddedMemory`` on ``--db`` or the settings'
database). Item commands print the item as JSON; errors the core raises on
purpose exit 2 with ``error: ...`` (``memory_core.cli.main``).

A reason is optional for ``update`` and ``delete``, as for the embedded Memory API the CLI stands for (it opens
the store in process, as its owner): left out, the history records "corrected from the CLI" / "deleted from
the CLI". The remote transports (HTTP, the Python client over it) require one, since the edit comes from
another party and the audit trail must say why. A ``--reason`` given blank is refused (exit 2), never
replaced by the default: a reason is 1 to 1,000 characters.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from memory_core.cli_output import RevealOption, fail, require_store, stored_json, stored_text
from memory_core.errors import InvalidInput, LLMUnavailable
from memory_core.log_lines import one_line_logging
from memory_core.validation import check_reason

if TYPE_CHECKING:  # the API (and the service and write path behind it) loads when a command runs, not for --help
    from memory_core.api import MemoryAPI
    from memory_core.embedded import EmbeddedMemory

__all__ = ["register", "run_chat", "run_mcp"]

console = Console(soft_wrap=True)  # one printed line stays one line when piped (cli_output)
log = logging.getLogger(__name__)
DbOption = Annotated[str | None, typer.Option("--db", help="Database URL (default: GULFSTREAM_DATABASE_URL, "
                                              "else SQLite gulfstream.sqlite3 in $XDG_DATA_HOME/gulfstream "
                                              "(default ~/.local/share/gulfstream)).")]
UserOption = Annotated[str, typer.Option("--user", "-u", help="User id.")]
ItemArg = Annotated[str, typer.Argument(help="Memory item id.")]


@contextmanager
def _api(db: str | None, *, read: bool = False) -> Iterator[EmbeddedMemory]:
    from memory_core.embedded import EmbeddedMemory

    if read:  # a command that reads or changes what is stored never creates a store (``cli_output.require_store``)
        from memory_core.settings import load_settings

        require_store(db or load_settings().database_url)
    api = EmbeddedMemory.open(**({"database_url": db} if db else {}))
    try:
        yield api
    finally:
        api.close()


def _given_reason(reason: str) -> str:
    """``--reason`` as given, refused (exit 2, ``error: …``) when blank or over 1,000 characters: leaving the option
    out gives the default."""
    if not reason.strip():
        raise fail("--reason must not be blank (1 to 1000 characters); leave it out for the default")
    try:
        return check_reason(reason)
    except InvalidInput as exc:
        raise fail(f"--reason: {exc}") from None


def _item_id(api: EmbeddedMemory, user: str, given: str) -> str:
    """The id ``given`` names among ``user``'s items (a unique prefix works), or an ``error: …`` line saying it is
    too short, ambiguous or unknown and what to do (``cli_ids``; exit 2, nothing on stdout)."""
    from memory_core.cli_ids import given_item_id

    return given_item_id(api.memory.store, api.memory.require_user(user), given)


def _show(value: Any) -> None:
    stored_json(value)  # controls escaped, DEL and C1 too


def add(user: UserOption, text: Annotated[str, typer.Argument(help="The memory (or, with --infer, a message).")],
        theme: Annotated[str | None, typer.Option(help="Theme (default: chosen from the words).")] = None,
        kind: Annotated[str | None, typer.Option(help="fact, preference, event, todo, procedure, summary.")] = None,
        infer: Annotated[bool, typer.Option("--infer", help="Run the write pipeline on TEXT as a user "
                                            "message instead of storing it as given.")] = False,
        db: DbOption = None) -> None:
    """Add a memory item for USER, as given (or curated with --infer); print what was stored."""
    from memory_core.api_base import check_add

    check_add(text, user_id=user, infer=infer, theme=theme, kind=kind)  # refused input creates no store
    with _api(db) as api:
        _show(api.add(text, user_id=user, infer=infer, theme=theme, kind=kind)["results"])


def get(item_id: ItemArg, user: UserOption, db: DbOption = None, reveal: RevealOption = False) -> None:
    """Print one memory item of USER (any status); sensitive values masked unless --reveal."""
    with _api(db, read=True) as api:
        _show(api.get(_item_id(api, user, item_id), user_id=user, reveal=reveal))


def update(item_id: ItemArg, user: UserOption,
           text: Annotated[str | None, typer.Argument(help="The new text.")] = None,
           theme: Annotated[str | None, typer.Option(help="A new theme.")] = None,
           reason: Annotated[str, typer.Option(help="Why (kept in the item's history); optional, unlike over "
                                               "HTTP.")] = "corrected from the CLI",
           db: DbOption = None) -> None:
    """Correct an item's text and/or theme; the old ones stay in its history."""
    reason = _given_reason(reason)
    with _api(db, read=True) as api:
        _show(api.update(_item_id(api, user, item_id), text, user_id=user, theme=theme, reason=reason))


def delete(item_id: ItemArg, user: UserOption,
           reason: Annotated[str, typer.Option(help="Why (kept in the item's history); optional, unlike over "
                                               "HTTP.")] = "deleted from the CLI",
           purge: Annotated[bool, typer.Option("--purge", help="Remove the item's words for good: its text, "
                                               "history texts and source turns become \\[purged].")] = False,
           db: DbOption = None) -> None:
    """Delete an item: soft (its text stays on disk, in its history and the turn it came from) unless --purge."""
    reason = _given_reason(reason)
    with _api(db, read=True) as api:
        _show(api.delete(_item_id(api, user, item_id), user_id=user, reason=reason, purge=purge))


def run_chat(api: MemoryAPI, user: str, *, session: str = "chat", model: str | None = None,
             base_url: str | None = None, budget: int = 800, wait_writes: bool = True) -> None:
    """Read lines from stdin and answer each through the agent graph on ``api`` (``chat``'s loop).

    Raises:
        typer.BadParameter: no chat model configured.
        LLMUnavailable: the model did not answer a line (the line is kept in memory first; the CLI prints
            one ``error:`` line and exits 2).
    """
    from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

    from memory_core.integrations.agent_graph import build_agent_graph
    from memory_core.llm.chat import build_chat_model, transport_errors
    from memory_core.settings import load_settings

    overrides: dict[str, Any] = {k: v for k, v in (("llm_model", model), ("llm_base_url", base_url)) if v}
    chat_model = build_chat_model(load_settings(**overrides))
    if chat_model is None:
        raise typer.BadParameter("no chat model: pass --model (and --base-url) or set GULFSTREAM_LLM_MODEL")
    graph = build_agent_graph(api, chat_model, budget_tokens=budget, wait_writes=wait_writes)
    history: list[BaseMessage] = []
    interactive = sys.stdin.isatty()
    while True:
        if interactive:
            console.print("[bold]you>[/bold] ", end="")
        text = sys.stdin.readline().strip()
        if not text or text == "/exit":
            break
        try:
            state = graph.invoke({"user_id": user, "session_id": session,
                                  "messages": [*history, HumanMessage(text)]})
        except transport_errors() as exc:  # the model is down: keep what the user said, then say so in one line
            log.warning("chat: the model did not answer (%s); the user's message is kept", type(exc).__name__)
            api.add([{"role": "user", "content": text}], user_id=user, session_id=session, wait=wait_writes)
            where = base_url or load_settings().llm_base_url or "the configured endpoint"
            raise LLMUnavailable(f"the chat model at {where} did not answer ({type(exc).__name__}: "
                                 f"{str(exc)[:200]}); your message was kept in memory") from exc
        reply = state["messages"][-1]
        history += [HumanMessage(text), AIMessage(str(reply.content))]
        console.print(stored_text(str(reply.content)), highlight=False)  # a reply may quote a stored control


def run_mcp(api: MemoryAPI, user: str | None, transport: str, host: str, port: int) -> None:
    """Serve the MCP tools on ``api`` over stdio or streamable HTTP (``mcp``'s server), logging one line per event
    on stderr (``log_lines``).

    Raises:
        typer.BadParameter: an unknown transport.
    """
    from memory_core.integrations.mcp_server import build_mcp_server

    if transport not in ("stdio", "http"):
        raise typer.BadParameter(f"transport must be stdio or http; got {transport!r}")
    one_line_logging()  # before the server: its library would otherwise wrap each event over several lines
    server = build_mcp_server(api, user_id=user)
    if transport == "stdio":
        server.run("stdio")
    else:
        server.run("streamable-http", host=host, port=port)


SessionOption = Annotated[str, typer.Option(help="Session id of this conversation.")]
ModelOption = Annotated[str | None, typer.Option(help="Chat model (default: GULFSTREAM_LLM_MODEL).")]
BaseUrlOption = Annotated[str | None, typer.Option(help="OpenAI-compatible endpoint (default: "
                                                   "GULFSTREAM_LLM_BASE_URL).")]
BudgetOption = Annotated[int, typer.Option(help="Context block budget in tokens.")]
McpUserOption = Annotated[str | None, typer.Option("--user", "-u", help="Default user of every tool "
                                                   "(else each call names its user).")]
TransportOption = Annotated[str, typer.Option(help="stdio or http (streamable HTTP at /mcp).")]
HostOption = Annotated[str, typer.Option(help="HTTP host.")]
PortOption = Annotated[int, typer.Option(help="HTTP port.")]


def chat(user: UserOption, session: SessionOption = "chat", model: ModelOption = None,
         base_url: BaseUrlOption = None, budget: BudgetOption = 800, db: DbOption = None) -> None:
    """Chat with USER's memory: each line you type is answered by the model with what it remembers.

    Runs the agent graph (recall → agent → write) against any OpenAI-compatible
    endpoint; every finished turn is written to long-term memory. End with an
    empty line, Ctrl-D or "/exit". ``gulfstream remote chat`` runs it on the
    distributed system or over HTTP.
    """
    with _api(db) as api:
        run_chat(api, user, session=session, model=model, base_url=base_url, budget=budget)


def mcp(user: McpUserOption = None, transport: TransportOption = "stdio", host: HostOption = "127.0.0.1",
        port: PortOption = 8765, db: DbOption = None) -> None:
    """Serve the memory tools to MCP hosts (add_memory, search_memories, recall_context, ...).

    ``gulfstream remote mcp`` serves them from the distributed system or over HTTP.
    """
    with _api(db) as api:
        run_mcp(api, user, transport, host, port)


def register(app: typer.Typer) -> None:
    """Mount the commands on the ``gulfstream`` app."""
    for fn in (add, get, update, delete, chat, mcp):
        app.command(fn.__name__)(fn)
