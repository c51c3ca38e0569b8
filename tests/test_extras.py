"""Each installable part declares what it imports: the ``http`` extra covers every third-party
module the HTTP shim imports at module level, so ``pip install -e '.[workers,http]'`` serves.

A module missing from the extra (``httpx``, imported by the Mem0 routes) made the shim die at import
on an install that followed the README, while supervisord still showed it RUNNING.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, packages_distributions, requires
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: Import names that belong to the project itself.
_OWN = {"api_shim", "memory_core", "workers"}


def _requirement_names(requirements: list[str]) -> set[str]:
    """Distribution names of PEP 508 requirement strings, normalised ("psycopg[binary]>=3" -> "psycopg")."""
    return {re.split(r"[\[<>=!~; ]", r, maxsplit=1)[0].lower().replace("_", "-") for r in requirements}


def _with_dependencies(names: set[str]) -> set[str]:
    """``names`` and every distribution they require, transitively (as installed here; extras not followed)."""
    seen, todo = set(), list(names)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            reqs = requires(name) or []
        except PackageNotFoundError:
            continue
        todo.extend(_requirement_names([r for r in reqs if "extra ==" not in r]))
    return seen


def _module_level_imports(path: Path) -> set[str]:
    """Top-level package names imported at module level (not inside functions) by one file."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_http_extra_covers_the_shims_module_level_imports() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    http = project["dependencies"] + project["optional-dependencies"]["http"]
    declared = _with_dependencies(_requirement_names(http))
    # the shim serves with the core and the http extra; the integrations package has extras of its own
    files = [p for p in (REPO / "api_shim").rglob("*.py") if "integrations" not in p.parts]
    imported = set().union(*(_module_level_imports(p) for p in files)) - _OWN - set(sys.stdlib_module_names)
    dists = packages_distributions()
    missing = {}
    for name in sorted(imported):
        provided_by = {d.lower().replace("_", "-") for d in dists.get(name, [name])}
        if not provided_by & declared:
            missing[name] = sorted(provided_by)
    assert not missing, f"imported by api_shim but not in the core or 'http' extra: {missing}"
