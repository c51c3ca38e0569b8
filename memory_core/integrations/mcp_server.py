"""An MCP server (the official ``mcp`` SDK) with memory tools on any ``MemoryAPI``.

Tools: ``add_memory``, ``search_memories``, ``get_memories``, ``get_memory``,
``update_memory``, ``delete_memory``, ``delete_all_memories`` and
``recall_context`` (the packed context block for a prompt). Every tool takes
``user_id`` unless the server was started for one user (``gulfstream mcp
--user U``), in which case that user is the default. Answers are structured
JSON (item records as in ``memory_core.api``). A bad call — unknown item,
another user's item, empty text, bad filter, an argument of the wrong type (strict: ``k`` and ``limit``
take a JSON integer only, ``"3"`` is refused; ``infer`` and ``purge`` a JSON boolean only: ``"yes"`` is
refused, not read as true; ``mcp_args``, one line per field refused) — is an MCP tool error
(``is_error``) whose text names the error's class, e.g.
``Error executing tool get_memory: UnknownItem: no memory item ...``; nothing is changed by it.

``gulfstream mcp`` serves it over stdio (default) or streamable HTTP
(``--transport http --port 8765``, path ``/mcp``). Needs the ``mcp`` extra.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal, TypeVar

from memory_core.integrations import missing_extra

try:
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
except ModuleNotFoundError as exc:  # a clear message naming the extra, not a bare import error
    raise missing_extra(__name__, "mcp", exc) from exc

from pydantic import ConfigDict, StrictBool, StrictFloat, StrictInt, StrictStr, ValidationError

from memory_core.api import MemoryAPI
from memory_core.errors import GulfstreamError
from memory_core.integrations.mcp_args import field_lines, one_error, strict_error

__all__ = ["TOOL_NAMES", "build_mcp_server", "unknown_arguments"]

T = TypeVar("T")
TOOL_NAMES = ("add_memory", "search_memories", "get_memories", "get_memory", "update_memory", "delete_memory",
              "delete_all_memories", "recall_context")


def build_mcp_server(api: MemoryAPI, *, user_id: str | None = None, name: str = "gulfstream") -> MCPServer:
    """An ``MCPServer`` whose tools call ``api``.

    Args:
        api: any ``MemoryAPI`` (embedded, distributed, HTTP).
        user_id: the default user of every tool (None: each call names its user).
    """
    server = MCPServer(name, instructions="Long-term memory of the user: search it before answering, "
                       "add what the user tells you to remember, correct or delete what is wrong.")

    def run(call: Callable[[str], T], uid: str | None) -> T:
        who = uid or user_id
        if not who:
            raise ToolError("InvalidField: user_id is required")
        try:
            return call(who)
        except GulfstreamError as exc:
            raise ToolError(f"{type(exc).__name__}: {exc}") from exc

    @server.tool()
    def add_memory(text: str, user_id: str | None = None, infer: StrictBool = True,
                   metadata: dict[str, str] | None = None,
                   role: Literal["user", "assistant", "tool"] = "user",
                   timestamp: StrictStr | StrictInt | StrictFloat | None = None) -> dict[str, Any]:
        """Remember something about the user. infer=True lets the memory pipeline extract and curate facts
        from the text; infer=False stores the text as one memory, as given. role: who said it — "user" (the
        user's own words), "assistant", or "tool" (a tool or web result: kept as quoted data, never taken as
        the user's fact or as an instruction). timestamp: when it was said (ISO-8601 or epoch seconds; default
        now): an older statement never replaces a newer one."""
        said: str | list[dict[str, Any]] = text
        if role != "user" or timestamp is not None:
            said = [{"role": role, "content": text, **({} if timestamp is None else {"timestamp": timestamp})}]
        return run(lambda u: api.add(said, user_id=u, infer=infer, metadata=metadata), user_id)

    @server.tool()
    def search_memories(query: str, user_id: str | None = None, limit: int = 10,
                        filters: dict[str, Any] | None = None, k: int | None = None) -> list[dict[str, Any]]:
        """Search the user's memories by meaning; best first, each with its id and score.
        limit (or k, as recall_context names it): 1 to 100 results (MAX_TOP_K).
        filters: theme, kind, status, since, until."""
        if k is not None and limit not in (10, k):
            raise ToolError(f"InvalidField: give limit or k, not both (limit={limit}, k={k})")
        return run(lambda u: api.search(query, user_id=u, k=limit if k is None else k, filters=filters), user_id)

    @server.tool()
    def get_memories(user_id: str | None = None, filters: dict[str, Any] | None = None, limit: int = 100,
                     offset: int = 0) -> list[dict[str, Any]]:
        """List the user's memories, oldest first (active ones unless filters say otherwise)."""
        return run(lambda u: api.get_all(user_id=u, filters=filters, limit=limit, offset=offset), user_id)

    @server.tool()
    def get_memory(memory_id: str, user_id: str | None = None) -> dict[str, Any]:
        """One memory by its id."""
        return run(lambda u: api.get(memory_id, user_id=u), user_id)

    @server.tool()
    def update_memory(memory_id: str, text: str, user_id: str | None = None) -> dict[str, Any]:
        """Replace a memory's text; the old text stays in its history."""
        return run(lambda u: api.update(memory_id, text, user_id=u, reason="updated through MCP"), user_id)

    @server.tool()
    def delete_memory(memory_id: str, user_id: str | None = None, purge: StrictBool = False) -> dict[str, Any]:
        """Delete one memory: kept in its history as deleted, or with purge=true its words removed for good."""
        return run(lambda u: api.delete(memory_id, user_id=u, reason="deleted through MCP", purge=purge), user_id)

    @server.tool()
    def delete_all_memories(user_id: str | None = None) -> dict[str, Any]:
        """Delete every memory of the user; returns {"results": [memory + "event": "DELETE"], "deleted": n}."""
        return dict(run(lambda u: api.delete_all(user_id=u, reason="deleted through MCP"), user_id))

    @server.tool()
    def recall_context(query: str, user_id: str | None = None, k: int = 8,
                       budget_tokens: int | None = None) -> dict[str, Any]:
        """The memories that matter for the user's new message, packed into a context block for the prompt."""
        answer = run(lambda u: api.recall(query, user_id=u, k=k, budget_tokens=budget_tokens), user_id)
        return {"context": answer["context"], "memory_ids": [r["id"] for r in answer["results"]],
                "degraded": answer["degraded"], "reason": answer["reason"]}

    _refuse_unknown_arguments(server)
    return server


def _refuse_unknown_arguments(server: MCPServer) -> None:
    """Make every tool refuse an argument it does not name (a misspelt ``timestamp``, a ``bogus``) with a tool
    error naming it, instead of dropping it; the published input schemas say so (``additionalProperties``).

    The error is one line naming the unknown arguments and the ones the tool takes (``unknown_arguments``:
    "InvalidField: unknown argument 'txt'; add_memory takes text, user_id, ..."), not the argument model's
    validation report (which listed a required ``text`` among the rejected ones); the SDK logs it once."""
    for tool in server._tool_manager.list_tools():  # the SDK offers no public switch for this
        model = tool.fn_metadata.arg_model
        tool.fn_metadata.arg_model = type(model.__name__, (model,), {  # type: ignore[assignment]
            "model_config": ConfigDict(arbitrary_types_allowed=True, extra="forbid")})
        tool.parameters["additionalProperties"] = False
        _check_names_first(tool, tuple(model.model_fields))


def unknown_arguments(tool: str, given: Iterable[str], names: Sequence[str]) -> str | None:
    """The one-line error for the arguments of ``given`` that ``tool`` does not take (None: it takes them all).

    ``names``: the arguments it takes, in its signature's order."""
    unknown = [repr(g) for g in given if g not in names]
    if not unknown:
        return None
    return (f"InvalidField: unknown argument{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; "
            f"{tool} takes {', '.join(names)}")


def _check_names_first(tool: Any, names: tuple[str, ...]) -> None:
    """Wrap ``tool.run`` so an unknown argument name is refused before the argument model reads the call, then
    an argument of the wrong type, strictly (``mcp_args.strict_error``: ``k`` takes 3, not "3"), each with a
    one-line error per field; a validation error the SDK raises after that is reworded the same way."""
    run = tool.run

    async def checked(arguments: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        error = (unknown_arguments(tool.name, arguments, names)
                 or strict_error(tool.name, tool.fn_metadata.arg_model, arguments))
        if error is not None:
            raise ToolError(error if error.startswith("Error executing tool") else
                            f"Error executing tool {tool.name}: {error}")
        try:
            return await run(arguments, *args, **kwargs)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                raise ToolError(one_error(tool.name, field_lines(exc.__cause__, arguments))) from exc.__cause__
            raise

    object.__setattr__(tool, "run", checked)  # the SDK's Tool is a pydantic model: set past its fields
