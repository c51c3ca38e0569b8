"""``gulfstream remote chat | mcp``: the agent graph and the MCP server on the distributed system or over HTTP.

Mounted onto ``gulfstream`` through the ``gulfstream.cli`` entry-point group
(``remote = "api_shim.integrations.cli:app"``). Pick the transport with
either ``--redis-url`` (the workers' broker; ``--database-url`` enables the
recall fallback) or ``--http-url`` with ``--api-key`` (the shim's ``/v1``
API, users inside the key's tenant); the environment's
``GULFSTREAM_REDIS_URL`` / ``GULFSTREAM_DATABASE_URL`` are the default. In
``chat`` the write node publishes each finished turn without waiting for
the curator (the reply never waits on the write pipeline).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated

import typer

from memory_core.cli_api import (
    BaseUrlOption,
    BudgetOption,
    HostOption,
    McpUserOption,
    ModelOption,
    PortOption,
    SessionOption,
    TransportOption,
    run_chat,
    run_mcp,
)

if TYPE_CHECKING:  # the clients load when a command runs: ``gulfstream --help`` mounts this app without them
    from memory_core.api_base import BaseMemoryAPI

__all__ = ["app", "open_remote"]

app = typer.Typer(help="Chat and MCP on the distributed system or over HTTP.", no_args_is_help=True)

RedisOption = Annotated[str | None, typer.Option("--redis-url", help="Broker of the workers (default: "
                                                 "GULFSTREAM_REDIS_URL).")]
DatabaseOption = Annotated[str | None, typer.Option("--database-url", help="Memory database, for the recall "
                                                    "fallback (default: GULFSTREAM_DATABASE_URL).")]
HttpOption = Annotated[str | None, typer.Option("--http-url", help="The HTTP shim, e.g. http://127.0.0.1:8080.")]
KeyOption = Annotated[str | None, typer.Option("--api-key", help="API key of the tenant (with --http-url; "
                                               "default: GULFSTREAM_API_KEY).")]


def open_remote(redis_url: str | None, database_url: str | None, http_url: str | None,
                api_key: str | None) -> BaseMemoryAPI:
    """The transport the options name: ``HttpMemory`` with ``--http-url``, else ``DistributedMemory``.

    Raises:
        typer.BadParameter: neither transport named, or an HTTP URL without a key.
    """
    from api_shim.api_client import DistributedMemory, HttpMemory

    if http_url:
        key = api_key or os.environ.get("GULFSTREAM_API_KEY")
        if not key:
            raise typer.BadParameter("--http-url needs --api-key (or GULFSTREAM_API_KEY)")
        return HttpMemory(http_url, key)
    broker = redis_url or os.environ.get("GULFSTREAM_REDIS_URL")
    if not broker:
        raise typer.BadParameter("name the system: --redis-url (or GULFSTREAM_REDIS_URL), or --http-url")
    return DistributedMemory(broker, database_url=database_url or os.environ.get("GULFSTREAM_DATABASE_URL"))


@app.command()
def chat(user: Annotated[str, typer.Option("--user", "-u", help="User id.")], session: SessionOption = "chat",
         model: ModelOption = None, base_url: BaseUrlOption = None, budget: BudgetOption = 800,
         redis_url: RedisOption = None, database_url: DatabaseOption = None, http_url: HttpOption = None,
         api_key: KeyOption = None) -> None:
    """Chat with USER's memory on the distributed system (or over HTTP); writes are published, not awaited."""
    api = open_remote(redis_url, database_url, http_url, api_key)
    try:
        run_chat(api, user, session=session, model=model, base_url=base_url, budget=budget, wait_writes=False)
    finally:
        api.close()


@app.command()
def mcp(user: McpUserOption = None, transport: TransportOption = "stdio", host: HostOption = "127.0.0.1",
        port: PortOption = 8765, redis_url: RedisOption = None, database_url: DatabaseOption = None,
        http_url: HttpOption = None, api_key: KeyOption = None) -> None:
    """Serve the memory tools to MCP hosts from the distributed system (or over HTTP)."""
    api = open_remote(redis_url, database_url, http_url, api_key)
    try:
        run_mcp(api, user, transport, host, port)
    finally:
        api.close()
