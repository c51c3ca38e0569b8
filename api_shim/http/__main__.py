"""``python -m api_shim.http``: serve the shim, manage API keys, write the OpenAPI schema.

Examples::

    python -m api_shim.http keys create acme --name chat-backend --rate 100 --burst 200
    python -m api_shim.http keys list --tenant acme
    python -m api_shim.http keys revoke 3f2a9c0d1b7e
    python -m api_shim.http serve --host 0.0.0.0 --port 8080
    python -m api_shim.http openapi > api_shim/http/openapi.json
"""

from __future__ import annotations

import importlib.util
import sys
from typing import Annotated

import typer
from sqlalchemy import create_engine

from api_shim.http.auth import KeyStore
from api_shim.http.settings import HttpSettings
from memory_core.errors import GulfstreamError
from memory_core.store.migrate import upgrade

__all__ = ["cli", "main"]

cli = typer.Typer(help="Gulfstream HTTP shim", no_args_is_help=True, add_completion=False)
keys = typer.Typer(help="API keys: each belongs to one tenant", no_args_is_help=True)
cli.add_typer(keys, name="keys")

DbUrl = Annotated[str | None, typer.Option("--database-url", help="default: GULFSTREAM_DATABASE_URL")]


def _keys(url: str | None) -> KeyStore:
    """The key store of the database, migrated first (a fresh SQLite or PostgreSQL database works).

    Raises:
        StoreError: the database cannot be reached or migrated (printed as ``error: ...``, exit 2).
    """
    engine = create_engine(url or HttpSettings.load().database_url)
    upgrade(engine)
    return KeyStore(engine, cache_ttl_s=0)


@keys.command("create")
def create_key(tenant: str, name: Annotated[str, typer.Option(help="a label for the key")] = "",
               rate: Annotated[float, typer.Option(help="requests per second")] = 50.0,
               burst: Annotated[int, typer.Option(help="requests at once")] = 100,
               database_url: DbUrl = None) -> None:
    """Create a key for TENANT and print it (it is shown only this once)."""
    try:
        text, key = _keys(database_url).create(tenant, name, rate_per_s=rate, burst=burst)
    except GulfstreamError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    typer.echo(text)
    typer.echo(f"key id {key.key_id}, tenant {key.tenant}, {key.rate_per_s:g}/s burst {key.burst}", err=True)


@keys.command("list")
def list_keys(tenant: Annotated[str | None, typer.Option()] = None, database_url: DbUrl = None) -> None:
    """List keys (never their secrets)."""
    for k in _keys(database_url).list(tenant):
        state = f"revoked {k.revoked_at:%Y-%m-%d}" if k.revoked_at else "live"
        typer.echo(f"{k.key_id}  {k.tenant:<16} {k.name or '-':<20} {k.rate_per_s:g}/s burst {k.burst}  {state}")


@keys.command("revoke")
def revoke_key(key_id: str, database_url: DbUrl = None) -> None:
    """Revoke a key by its id (shim processes stop accepting it within their key cache TTL)."""
    if not _keys(database_url).revoke(key_id):
        typer.echo(f"no live key {key_id!r}", err=True)
        raise typer.Exit(1)
    typer.echo(f"revoked {key_id}")


@cli.command()
def serve(host: str = "127.0.0.1", port: int = 8080, workers: int = 1,
          access_log: Annotated[bool, typer.Option(help="log every request (the metrics count them anyway)")]
          = False) -> None:
    """Run the shim with uvicorn (settings from GULFSTREAM_* variables).

    Without ``--access-log`` requests are not logged one by one (uvicorn's
    access line cost ~0.4 ms of every request here); ``/metrics`` counts and
    times them by route and status, and errors are logged either way.
    """
    import uvicorn

    from api_shim.http.server import MAX_REQUEST_HEAD_BYTES, H11OneWrite

    uvicorn.run("api_shim.http.app:create_app", factory=True, host=host, port=port, workers=workers,
                log_level="info", access_log=access_log,
                http=H11OneWrite, loop="asyncio",  # H11OneWrite wraps asyncio transports
                h11_max_incomplete_event_size=MAX_REQUEST_HEAD_BYTES)


@cli.command()
def openapi() -> None:
    """Print the OpenAPI schema (the committed api_shim/http/openapi.json)."""
    from api_shim.http.app import openapi_json

    typer.echo(openapi_json(), nl=False)


#: what the shim needs beyond the core: the ``http`` extra (it serves the distributed stack, hence ``workers``)
_EXTRA_HINT = "pip install -e '.[workers,http]'"


def missing_extra() -> str | None:
    """The first module of the ``http`` extra that is not installed (None: all are)."""
    for module in ("fastapi", "uvicorn", "celery", "redis"):
        if importlib.util.find_spec(module) is None:
            return module
    return None


def main() -> None:
    """Run the command line; an error the core raises on purpose (a database that cannot be
    reached or migrated, a bad argument) is printed as ``error: ...`` with exit code 2, and so is a
    missing ``http`` extra (naming the module and the install line)."""
    if (missing := missing_extra()) is not None:
        typer.echo(f"error: the HTTP shim needs the http extra ({missing} is not installed): {_EXTRA_HINT}",
                   err=True)
        sys.exit(2)
    try:
        cli(standalone_mode=True)
    except GulfstreamError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)


if __name__ == "__main__":
    main()
