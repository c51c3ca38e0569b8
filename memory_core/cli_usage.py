"""How the CLI tells a person what went wrong with a command line: the ``--help`` hint.

- ``usage_hint``: every usage error ends with ``(see '<command> --help')``.
  Typer's parser raises some (an option given a value it takes none of:
  ``--infer=false``; a surplus argument) without the context that names the
  command; the command is then read off the command line as the parser would.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

__all__ = ["command_path", "program_name", "usage_hint"]


def program_name() -> str:
    """How the CLI was started, as help and usage lines name it: ``gulfstream`` (the script, or any file run
    directly: its file name) or ``python -m memory_core`` (a package run with ``-m``)."""
    main = sys.modules.get("__main__")
    package = getattr(main, "__package__", None)
    name = os.path.splitext(os.path.basename(sys.argv[0] if sys.argv else ""))[0]
    if not package:
        return os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "gulfstream"
    return f"python -m {package if name == '__main__' else f'{package}.{name}'}"


def command_path(root: Any, args: Sequence[str], prog: str) -> str:
    """``prog`` and the (sub)command names ``args`` select from ``root`` (a Typer group), up to the first word that
    names no subcommand: ``["eval", "behaviour", "x.yaml"]`` gives ``"gulfstream eval behaviour"``."""
    words, command = [prog], root
    for word in args:
        lookup = getattr(command, "get_command", None)
        found = lookup(None, word) if lookup is not None and not word.startswith("-") else None
        if found is None:
            break
        words.append(word)
        command = found
    return " ".join(words)


def usage_hint(exc: Any, root: Any, args: Sequence[str]) -> str:
    """The `` (see '<command> --help')`` ending of a usage error's line ("" for an error of another exit code).

    Args:
        exc: the Typer usage error (``ctx`` names the command when the parser gave it one).
        root: the CLI's top command (``typer.main.get_command(app)``).
        args: the command line after the program name, to name the command when ``exc`` has no ``ctx``.
    """
    if getattr(exc, "exit_code", None) != 2:
        return ""
    ctx = getattr(exc, "ctx", None)
    path = ctx.command_path if ctx is not None else command_path(root, args, program_name())
    return f" (see '{path} --help')"

