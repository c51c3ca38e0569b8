"""What every ``gulfstream`` command shares: the consoles, error exit, progress bars and common options."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.highlighter import JSONHighlighter
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Column
from rich.text import Text

__all__ = ["LISTED_CHARS", "DbOption", "FullOption", "RevealOption", "UserOption", "check_output", "console", "err",
           "error_line", "fail", "listed", "plain_progress", "progress_bar", "progress_factory", "require_store",
           "stored_json", "stored_text", "text_column"]

# soft_wrap: a printed line is never broken at the console's width (80 columns when piped or written to a file),
# so "FILE:LINE: reason" lines and summaries stay one line for a script that parses them; tables keep their layout
console = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)

DbOption = Annotated[str | None, typer.Option("--db", help="Database URL (default: GULFSTREAM_DATABASE_URL, "
                                              "else SQLite gulfstream.sqlite3 in $XDG_DATA_HOME/gulfstream "
                                              "(default ~/.local/share/gulfstream)).")]
UserOption = Annotated[str, typer.Option("--user", "-u", help="User id.")]
RevealOption = Annotated[bool, typer.Option("--reveal", help="Show sensitive values (passwords, PINs, card and ID "
                                            "numbers, API keys, health details) as stored instead of masked.")]
FullOption = Annotated[bool, typer.Option("--full", help="Print long texts whole instead of shortened.")]

#: A listing shows this many characters of a text; the rest is counted (``listed``).
LISTED_CHARS = 300


def text_column(header: str) -> Column:
    """A table column for stored texts (a memory's description): wrapped at spaces where the text has them, and
    folded at the column's width where it has none, so a Chinese or Japanese sentence (double-width characters
    with no space between words) or a long URL is shown whole on several lines rather than cut to "…" (Rich's
    default overflow, which cut a CJK description to its first few characters at any terminal width).

    Returns:
        a ``rich.table.Column`` to pass to ``Table`` in the place of its header.
    """
    return Column(header, overflow="fold")


# C0 controls but tab and newline, DEL and C1 controls: a stored text holding an ANSI escape (ESC [ ... m) or a
# terminal title sequence must not drive the user's terminal when listed
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def stored_text(text: str) -> Text:
    """``text`` as stored, for the terminal: control characters shown as ``\\xNN`` escapes, and never read as
    Rich markup ("[health]", a masked value's placeholder, and "[red]" print as written).

    Returns:
        a ``rich.text.Text`` (a table cell or ``console.print`` argument).
    """
    return Text(_CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}", text))


# DEL and the C1 controls: JSON text may hold them raw (only C0 must be escaped), and a C1 CSI (U+009B) is an
# escape sequence's start to a terminal that honours 8-bit controls
_JSON_RAW = re.compile(r"[\x7f-\x9f]")


def stored_json(value: object) -> None:
    """Print ``value`` as indented, highlighted JSON (as ``console.print_json``), stored texts as written (CJK
    not escaped) but every control character escaped (``\\u001b``, ``\\u009b``): ``json.dumps`` escapes
    the C0 controls only, and ``print_json`` parses and dumps again, so DEL and the C1 controls reached the
    terminal raw. Still JSON: ``json.loads`` of the output gives ``value`` back."""
    text = _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(value, indent=2, ensure_ascii=False))
    shown = JSONHighlighter()(text)
    shown.no_wrap, shown.overflow = True, None
    console.print(shown, soft_wrap=True)


def listed(text: str, full: bool = False) -> str:
    """``text`` for a listing: whole with ``full`` or when short, else its first ``LISTED_CHARS`` characters
    and "… (+N chars; --full shows all)"."""
    if full or len(text) <= LISTED_CHARS:
        return text
    return f"{text[:LISTED_CHARS].rstrip()}… (+{len(text) - LISTED_CHARS} chars; --full shows all)"


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``error: message`` on stderr; return the ``typer.Exit(code)`` to raise."""
    error_line(message)
    return typer.Exit(code)


def error_line(message: str) -> None:
    """Print ``error: message`` on stderr as one line: never wrapped at the terminal's width (nor at 80
    columns when stderr is a file), its own line breaks made spaces, its text never read as Rich markup
    ("[health]" prints as written). A log parser reads one line per error."""
    err.print(Text.assemble(("error:", "red"), " ", " ".join(message.split())), highlight=False, soft_wrap=True)


#: The commands that may create a missing store: they write something new. Every other command reads or changes
#: what is stored (recall, memories, history, export, get, session, check, update, delete, erase, restore, expire,
#: maintain, apply-policy, reindex) and refuses a missing one (``require_store``).
CREATING_COMMANDS = ("ingest", "import", "add", "demo", "chat", "mcp")


def require_store(url: str) -> None:
    """Refuse a command that reads or changes what is stored (any but ``CREATING_COMMANDS``) on a store that does
    not exist, or on an empty (0-byte) SQLite file: it exits 2 naming the path, where opening would create a new
    empty store (a mistyped ``--db``) or turn the empty file into one. The file is left as it is.

    Raises:
        typer.Exit: code 2, after ``error: no store at PATH …`` or ``error: PATH is empty …`` on stderr.
    """
    from memory_core.store.factory import empty_store, missing_store

    if (path := missing_store(url)) is not None:
        raise fail(f"no store at {path} (only {', '.join(CREATING_COMMANDS)} create one; this command never "
                   "creates one): check --db or GULFSTREAM_DATABASE_URL, or add or ingest something first")
    if (path := empty_store(url)) is not None:
        raise fail(f"{path} is empty (0 bytes): not a Gulfstream store, and this command never makes one; it was "
                   f"left as it is. Check --db or GULFSTREAM_DATABASE_URL, or add or ingest something to start a "
                   f"store in it (only {', '.join(CREATING_COMMANDS)} initialise an empty file)")


def progress_factory(progress: Progress) -> Callable[[str, int], Callable[[int], None]]:
    """Adapt a rich ``Progress`` to the ``progress(label, total) -> advance(n)`` callback shape.

    When stderr is not a terminal (piped, logged), the bar is off and a plain
    ``label: done/total`` line is printed at each tenth instead, each a whole
    line, flushed at once (so it is out before the command's summary on
    stdout). On a terminal the bar is erased when the ``Progress`` stops,
    before the command prints its summary.
    """
    def start(label: str, total: int) -> Callable[[int], None]:
        if progress.disable:
            return plain_progress(label, total)
        task = progress.add_task(label, total=total)
        return lambda n: progress.advance(task, n)
    return start


#: A plain progress line is printed at least this often (seconds) while work goes on, between tenths.
PROGRESS_EVERY_S = 5.0


def plain_progress(label: str, total: int, every_s: float = PROGRESS_EVERY_S) -> Callable[[int], None]:
    """A progress callback printing ``label: done/total`` on stderr (for logs and pipes): at the first step, at
    each tenth, and whenever ``every_s`` seconds have passed since the last line, so a long first tenth (400 of
    3,000 turns) is never silent."""
    done, shown = 0, -1
    last = time.monotonic()

    def advance(n: int) -> None:
        nonlocal done, shown, last
        done += n
        tenth = 10 if done >= total else done * 10 // max(total, 1)
        now = time.monotonic()
        if tenth > shown or (done and now - last >= every_s):
            shown, last = max(tenth, shown, 0), now
            err.print(f"{label}: {done}/{total}", markup=False, highlight=False)
            err.file.flush()  # a whole line, out before anything the command prints on stdout after it
    return advance


def progress_bar() -> Progress:
    """A rich progress bar on stderr, off when stderr is not a terminal."""
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=err, transient=True, disable=not err.is_terminal)


def check_output(path: Path | None) -> None:
    """Refuse an output path whose folder does not exist, before any long work."""
    if path is not None and not path.parent.is_dir():
        raise fail(f"cannot write {path}: folder {path.parent} does not exist")
