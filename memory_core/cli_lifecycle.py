"""``gulfstream maintain``, ``apply-policy``, ``restore``, ``expire`` and ``session``: the lifecycle commands.

Registered on the Typer app by ``memory_core.cli`` (``register``), so the
main CLI module only gains one call.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from memory_core.cli_output import DbOption, console, stored_text
from memory_core.validation import check_timestamp

if TYPE_CHECKING:  # the service (and the write path behind it) loads when a command runs, not for ``--help``
    from memory_core.service import Memory

__all__ = ["register"]



def register(app: typer.Typer, memory_of: Callable[..., AbstractContextManager[Memory]]) -> None:
    """Add the lifecycle commands to ``app``; ``memory_of(db, read=True)`` opens the memory of a ``--db`` URL,
    refusing a store that does not exist (every command here reads or changes what is stored)."""

    @app.command()
    def maintain(user: Annotated[str | None, typer.Option("--user", "-u", help="One user (default: all).")] = None,
                 now: Annotated[str | None, typer.Option(help="Run as of this ISO time (default: the clock).")]
                 = None,
                 light: Annotated[bool, typer.Option(help="Expiry and decay only: no summaries, no merging.")]
                 = False,
                 db: DbOption = None) -> None:
        """Run the maintenance job: summaries, merging of duplicates, expiry, archiving of faded items."""
        when = check_timestamp(now, "now") if now else None

        with memory_of(db, read=True) as memory:
            if user is not None:
                user = memory.require_user(user)
            reports = memory.maintain(user, when, summarize=not light, consolidate=not light)
        table = Table("user", "as of", "summaries", "merged", "expired", "archived", "sessions purged",
                      "skipped", "active", title="maintenance")
        for r in reports:
            note = " (busy)" if r.busy else " (clock went back)" if r.clock_backwards else ""
            table.add_row(r.user_id + note, r.now.isoformat(timespec="seconds"), *(str(n) for n in (
                r.summaries, r.merged, r.expired, r.archived, r.purged_sessions, r.skipped_ops, r.active)))
        console.print(table)

    @app.command("apply-policy")
    def apply_policy_cmd(user: Annotated[str | None, typer.Option("--user", "-u", help="One user (default: all).")]
                         = None, db: DbOption = None) -> None:
        """Apply the current sensitive-data policy (GULFSTREAM_SENSITIVE_POLICY) to stored turns and items.

        After a switch from keep to mask or drop: values in clear are masked (a turn keeps the SHA-256 of
        its original text), under drop items holding one end deleted. Idempotent; one line per user.
        """
        from memory_core.lifecycle.policy_apply import apply_policy

        with memory_of(db, read=True) as memory:
            if user is not None:
                users = [memory.require_user(user)]
            else:
                found = set(memory.store.users())
                log = memory.store.turn_log()
                users = sorted(found | set(log.turn_users()) if log is not None else found)
            for u in users:
                r = apply_policy(memory, u)
                note = " (busy: run again)" if r.busy else ""
                console.print(f"{u}: {r.policy}: {r.turns} turn(s) masked, {r.masked} item(s) masked, "
                              f"{r.dropped} item(s) dropped{note}", highlight=False, markup=False)

    @app.command()
    def restore(item_id: Annotated[str, typer.Argument(help="Archived memory item id.")],
                user: Annotated[str, typer.Option("--user", "-u", help="Owner.")],
                reason: Annotated[str, typer.Option(help="Why it comes back.")] = "restored by hand",
                db: DbOption = None) -> None:
        """Bring an archived item back to active (its history keeps the archive and the restore)."""
        from memory_core.cli_ids import given_item_id
        from memory_core.shown import shown_text

        with memory_of(db, read=True) as memory:
            owner = memory.require_user(user)
            item = memory.restore(owner, given_item_id(memory.store, owner, item_id), reason)
        console.print(stored_text(f"restored {item.id}: {shown_text(item.description)}"), highlight=False)

    @app.command()
    def expire(item_id: Annotated[str, typer.Argument(help="Memory item id.")],
               user: Annotated[str, typer.Option("--user", "-u", help="Owner.")],
               at: Annotated[str | None, typer.Option(help="ISO time it stops holding; omit with --clear.")] = None,
               clear: Annotated[bool, typer.Option(help="Remove the item's expiry.")] = False,
               reason: Annotated[str, typer.Option(help="Why.")] = "expiry set by hand",
               db: DbOption = None) -> None:
        """Give an active item an expiry (after it, maintenance archives the item), or clear it."""
        from memory_core.cli_ids import given_item_id

        if clear == (at is not None):
            raise typer.BadParameter("give either --at or --clear")
        when = check_timestamp(at, "at") if at else None
        with memory_of(db, read=True) as memory:
            owner = memory.require_user(user)
            item = memory.set_expiry(owner, given_item_id(memory.store, owner, item_id), when, reason)
        shown = item.valid_until.isoformat() if item.valid_until else "none"
        console.print(f"{item.id} expires: {shown}", highlight=False, markup=False)

    @app.command("session")
    def session_cmd(session_id: Annotated[str, typer.Argument(help="Session id.")],
                    user: Annotated[str, typer.Option("--user", "-u", help="Owner.")],
                    budget: Annotated[int | None, typer.Option(help="Window budget in tokens.")] = None,
                    db: DbOption = None) -> None:
        """Show a session's short-term memory (rolling summary, recent turns) and working memory."""
        from memory_core.local_time import local_clock
        from memory_core.session.tool_turns import quoted_text, trust_label

        with memory_of(db, read=True) as memory:
            user = memory.require_user(user)
            window = memory.session_context(user, session_id, budget)
            working = memory.working_memory(user, session_id)
        if window.summary:
            console.print(stored_text(window.summary), highlight=False)
        for turn in window.turns:  # a tool's words quoted and labelled, as in the prompt block
            trust = trust_label(turn, "en")
            line = (f"{local_clock(turn.timestamp, turn.meta)} {turn.speaker or turn.role}: {quoted_text(turn)}"
                    + (f" ({trust})" if trust else ""))
            console.print(stored_text(line), highlight=False)
        console.print(f"({len(window.turns)} recent turns, {window.older_turns} older, {window.tokens} tokens)")
        if working is not None:
            console.print(f"working memory: goal {working.goal!r}, {len(working.steps)} steps, "
                          f"{len(working.scratch)} notes, until {working.expires_at}", highlight=False,
                          markup=False)
