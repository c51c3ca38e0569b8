"""``gulfstream dlq``: list, retry and drop dead-lettered turns.

Mounted in the main CLI as a Typer sub-app (``app``). It reads
``GULFSTREAM_DATABASE_URL`` (or ``--db`` / ``--database-url``).

``retry`` replays a dead-lettered turn now, in this process, under the
user's lock: the turn is planned against the user's current memory and
applied (its ``seq`` was already marked applied when it was dead-lettered,
so it is replayed out of order). On success the row becomes "retried"; on
failure it stays "dead" with the new error. ``drop`` marks a row "dropped"
(kept for the record; the turn stays in the event store).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from workers.dead_status import STATUSES

if TYPE_CHECKING:  # the table code (SQLAlchemy) loads when a command runs, not when ``gulfstream`` mounts this app
    from workers.bootstrap import Context
    from workers.deadletter import DeadLetter

__all__ = ["app", "retry_letter"]

app = typer.Typer(help="Dead-lettered turns: list, retry, drop.", no_args_is_help=True)

DbOption = Annotated[str | None, typer.Option("--db", "--database-url", help="default: GULFSTREAM_DATABASE_URL")]


def _context(database_url: str | None) -> Context:
    from workers.bootstrap import build
    from workers.settings import WorkerSettings

    settings = WorkerSettings.load(database_url=database_url) if database_url else WorkerSettings.load()
    return build(settings)


def retry_letter(ctx: Context, letter: DeadLetter) -> str:
    """Replay one dead letter under its user's lock; return "retried" or the new error.

    Raises:
        StoreLocked: a curator holds the user's lock (try again).
    """
    with ctx.store.user_lock(letter.user_id, timeout_s=10.0):
        try:
            turn = ctx.store.get_turn(letter.user_id, letter.turn_id)
            ops = ctx.pipeline.plan(turn, ctx.store)
            ctx.store.apply(letter.user_id, ops)
        except Exception as exc:  # CLI edge: report it and keep the row dead
            ctx.dead_letters.record(letter.user_id, letter.turn_id, letter.seq, letter.task, exc,
                                    letter.attempts + 1)
            return f"{type(exc).__name__}: {exc}"
        ctx.dead_letters.set_status(letter.id, "retried")
    return "retried"


@app.command("list")
def list_cmd(
    status: Annotated[str, typer.Option(help=f"one of {', '.join(STATUSES)} or 'all'")] = "dead",
    user: Annotated[str | None, typer.Option(help="only this user's")] = None,
    limit: Annotated[int, typer.Option(min=1)] = 100,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object per line")] = False,
    database_url: DbOption = None,
) -> None:
    """List dead letters, oldest first."""
    if status != "all" and status not in STATUSES:
        raise typer.BadParameter(f"status must be one of {', '.join(STATUSES)} or 'all'")
    ctx = _context(database_url)
    try:
        letters = ctx.dead_letters.list(None if status == "all" else status, user, limit)
    finally:
        ctx.close()
    if as_json:
        from workers.deadletter import DeadLetter

        for d in letters:
            typer.echo(json.dumps({**{k: getattr(d, k) for k in DeadLetter.__slots__},
                                   "created_at": d.created_at.isoformat(),
                                   "updated_at": d.updated_at.isoformat()}, ensure_ascii=False))
        return
    if not letters:
        typer.echo("no dead letters")
        return
    typer.echo(f"{'id':>6}  {'status':8} {'user':20} {'turn':24} {'seq':>6} {'tries':>5}  error")
    for d in letters:
        typer.echo(f"{d.id:>6}  {d.status:8} {d.user_id[:20]:20} {d.turn_id[:24]:24} {d.seq:>6} "
                   f"{d.attempts:>5}  {d.error_type}: {d.error[:80]}")


@app.command("retry")
def retry_cmd(
    ids: Annotated[list[int] | None, typer.Argument(help="dead letter ids")] = None,
    all_dead: Annotated[bool, typer.Option("--all", help="every dead letter")] = False,
    database_url: DbOption = None,
) -> None:
    """Replay dead-lettered turns now (out of order); failures stay dead with the new error."""
    ctx = _context(database_url)
    failed = 0
    try:
        letters = ctx.dead_letters.list("dead", None, 10_000) if all_dead else \
            [d for d in (ctx.dead_letters.get(i) for i in ids or []) if d is not None]
        if not letters:
            typer.echo("nothing to retry")
        for letter in letters:
            outcome = retry_letter(ctx, letter)
            failed += outcome != "retried"
            typer.echo(f"{letter.id}: {outcome}")
    finally:
        ctx.close()
    if failed:
        raise typer.Exit(1)


@app.command("drop")
def drop_cmd(
    ids: Annotated[list[int], typer.Argument(help="dead letter ids")],
    database_url: DbOption = None,
) -> None:
    """Mark dead letters dropped (the row and the stored turn are kept for the record)."""
    ctx = _context(database_url)
    missing = 0
    try:
        for letter_id in ids:
            found = ctx.dead_letters.set_status(letter_id, "dropped")
            missing += not found
            typer.echo(f"{letter_id}: {'dropped' if found else 'no such dead letter'}")
    finally:
        ctx.close()
    if missing:
        raise typer.Exit(1)
