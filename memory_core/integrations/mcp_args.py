"""The MCP tools' argument checks: strict types, and a validation error as one readable line per field.

The SDK reads a string argument as JSON before validating it when the field is not a plain ``str``
(``pre_parse_json``, for clients that send objects as JSON text), so ``{"k": "3"}`` became ``k=3`` and
``{"infer": "false"}`` came close to being read as a flag. A tool's arguments are checked here first, in
pydantic's strict mode against the tool's own argument model: an integer argument takes a JSON integer
only (not ``"3"``, ``3.0`` or ``true``), a boolean a JSON boolean, a text a JSON string. An object argument
(``filters``, ``metadata``) given as JSON text of an object is checked as that object, which the SDK reads.

A refused call is one tool error whose text names the tool and then one line per field, e.g.::

    Error executing tool search_memories: InvalidField: k: Input should be a valid integer (got str '3')

(several fields: one such line each, after the first line's ``InvalidField:``), instead of pydantic's
report (a title, three lines per error and a documentation link).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ValidationError

__all__ = ["field_lines", "one_error", "strict_error"]

#: How much of a rejected value the error shows (it is the caller's own, but may be long).
_SHOWN_CHARS = 40


#: What an object argument given as something else should look like, named in its error.
_SHAPES = {"filters": ' such as {"theme": "places"} (the user goes in user_id)',
           "metadata": ' such as {"category": "movies"}'}


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _SHOWN_CHARS else text[:_SHOWN_CHARS - 1] + "…"


def _json_object(value: Any) -> bool:
    """True for a string that is JSON text of an object or list (the SDK parses such a string itself)."""
    if not isinstance(value, str) or value.lstrip()[:1] not in ("{", "["):
        return False
    try:
        return isinstance(json.loads(value), (dict, list))
    except (ValueError, RecursionError):
        return False


def field_lines(exc: ValidationError, arguments: dict[str, Any] | None = None) -> list[str]:
    """One line per argument ``exc`` refused, in the order of its errors: ``"<name>: <pydantic's message>
    (got <type> <value>)"``; a refused entry of an object argument is named ``<name>.<key>``. Only the first
    error of a field is shown (a union type reports one per alternative). ``arguments``: the call's, to tell
    an entry's key from pydantic's names of union alternatives."""
    lines: dict[str, str] = {}
    for err in exc.errors():
        loc = [str(part) for part in err["loc"]]
        name = loc[0] if loc else "arguments"
        given = (arguments or {}).get(name)
        if isinstance(given, dict) and len(loc) > 1 and loc[-1] in given:
            name = f"{name}.{loc[-1]}"
        if name in lines:
            continue
        if err["type"] == "missing":
            lines[name] = f"{name}: required"
        else:
            value = err.get("input")
            hint = _SHAPES.get(name, "") if err["type"] == "dict_type" else ""
            lines[name] = f"{name}: {err['msg']}{hint} (got {type(value).__name__} {_shown(value)})"
    return list(lines.values())


def strict_error(tool: str, model: type[BaseModel], arguments: dict[str, Any]) -> str | None:
    """The tool error text for ``arguments`` that ``model`` (the tool's argument model) refuses in strict mode,
    or None when it takes them. An object argument given as JSON text of an object is checked as that object
    (the SDK parses it); unknown names are refused before this (``mcp_server.unknown_arguments``)."""
    try:
        model.model_validate(arguments, strict=True)
        return None
    except ValidationError as exc:
        refused = {str(err["loc"][0]) for err in exc.errors() if err["loc"]}
        error = exc
    parsed = {k: json.loads(v) if k in refused and _json_object(v) else v for k, v in arguments.items()}
    if parsed != arguments:  # an object given as JSON text: checked as the object the SDK will read
        try:
            model.model_validate(parsed, strict=True)
            return None
        except ValidationError as exc:
            error = exc
    return one_error(tool, field_lines(error, parsed))


def one_error(tool: str, lines: list[str]) -> str:
    """``"Error executing tool <tool>: InvalidField: <line>"``, further lines after it, one per field."""
    return f"Error executing tool {tool}: InvalidField: " + "\n".join(lines)
