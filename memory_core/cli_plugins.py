"""Commands other packages mount onto ``gulfstream`` through the ``gulfstream.cli`` entry-point group.

The core names no package above it: a package that brings commands (the
workers' ``dlq``, later others) declares, in its ``pyproject.toml``::

    [project.entry-points."gulfstream.cli"]
    dlq = "workers.dlq_cli:app"

and ``mount_plugins`` adds each such Typer app as a sub-command named after
its entry point. A plugin whose extra is not installed (its import fails) is
left out, logged; the core's own commands always work.
"""

from __future__ import annotations

import logging
from importlib.metadata import entry_points

import typer

__all__ = ["GROUP", "mount_plugins"]

log = logging.getLogger(__name__)

#: The entry-point group whose members are Typer apps mounted under their entry point's name.
GROUP = "gulfstream.cli"


def mount_plugins(app: typer.Typer) -> list[str]:
    """Mount every ``gulfstream.cli`` entry point that loads onto ``app``; return the names mounted.

    Each entry point must name a ``typer.Typer``; its own ``help`` is shown.
    One that fails to import (its extra is missing) or names something else
    is skipped with a line in the log (info for a missing extra, a warning for
    anything else), so a broken plugin never takes the
    core's commands down with it.
    """
    mounted: list[str] = []
    seen: set[str] = set()
    for ep in entry_points(group=GROUP):
        if ep.name in seen:  # the same distribution seen twice on sys.path
            continue
        seen.add(ep.name)
        try:
            sub = ep.load()
        except ImportError as exc:
            # a base install lacks the extras some plugins need: expected, so not a warning
            log.info("gulfstream command %r not mounted: %s (is its extra installed?)", ep.name, exc)
            continue
        if not isinstance(sub, typer.Typer):
            log.warning("gulfstream command %r not mounted: %s is a %s, not a typer.Typer",
                        ep.name, ep.value, type(sub).__name__)
            continue
        app.add_typer(sub, name=ep.name)
        mounted.append(ep.name)
    return mounted
