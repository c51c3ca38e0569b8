"""One log line per event for the CLI's long-running servers (``gulfstream mcp``).

The MCP server library sets up a rich handler when logging has none: it
wraps a message to the terminal's width over several lines, each beside a
column of time and source file, so a log collector (or ``grep``) sees one
event as three lines and a traceback as dozens. ``one_line_logging`` sets
up the root logger first (the library then leaves it alone), with
``OneLineFormatter``: time, level, logger and message on one line, a line
break inside a message or traceback written as ``\\n``.

Example::

    one_line_logging()          # before the server is built
    logging.getLogger("x").info("session manager\\nstarted")
    # 2026-12-05 21:47:29,123 INFO x: session manager\\nstarted
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

__all__ = ["LINE_FORMAT", "OneLineFormatter", "one_line_logging"]

#: What each line holds: when, how bad, which logger, what.
LINE_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class OneLineFormatter(logging.Formatter):
    """A formatter whose every record is one line: line breaks in the message, traceback or stack are
    written as the two characters ``\\n`` (``\\r`` dropped)."""

    def format(self, record: logging.LogRecord) -> str:
        """The record formatted by ``logging.Formatter``, its line breaks escaped."""
        return super().format(record).replace("\r\n", "\n").replace("\r", "").replace("\n", "\\n")


def one_line_logging(level: int = logging.INFO, stream: TextIO | None = None) -> logging.Handler:
    """Send the root logger's records at ``level`` and above to ``stream`` (default: stderr, which an MCP stdio
    server leaves free: stdout carries the protocol) one line per record; return the handler.

    Replaces the root logger's handlers, so a library calling ``logging.basicConfig`` afterwards adds none.
    """
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(OneLineFormatter(LINE_FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    return handler
