"""Structured output: ask for JSON matching a pydantic schema, repair what is harmless, retry the rest.

Models wrap JSON in prose or code fences, write ``\\d`` inside strings, or
answer with the wrong shape. ``parse_json`` accepts the first three
(counted as "<stage>.repaired"); an answer that is still not valid against
the schema is sent back to the model with the validation error
("<stage>.malformed"), up to ``attempts`` answers in all, and then
``LLMOutputError`` is raised: the turn is dead-lettered, never stored as an
empty success (issue 4, DESIGN invariant 7).

The schema is requested with ``response_format`` (``json_schema`` or
``json_mode``) or as a forced tool (``function_calling``). The response
format is bound as a plain dict on purpose: given a pydantic class, the
openai client validates the content itself and raises without handing back
the raw text, so there would be nothing to repair and no error to show.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError

from memory_core.errors import LLMOutputError
from memory_core.llm.chat import invoke_model
from memory_core.llm.metrics import LLMMetrics

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage, BaseMessage
    from langchain_core.runnables import Runnable

__all__ = ["MalformedOutput", "bind_schema", "parse_json", "structured_call"]

M = TypeVar("M", bound=BaseModel)

_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.DOTALL)
_BAD_ESCAPE = re.compile(r'(?<!\\)((?:\\\\)*)\\(?!["\\/bfnrtu])')


class MalformedOutput(ValueError):
    """Raised inside this package when one answer cannot be used; the message is shown to the model."""


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return json.loads(_BAD_ESCAPE.sub(r"\1\\\\", text))


def parse_json(text: str | None) -> tuple[Any, bool]:
    """Read a JSON value out of a model answer.

    Tries, in order: the whole text; the body of a code fence; the first
    ``{`` or ``[`` to the end of the value it opens (prose before or after).
    Each try also retries with invalid backslash escapes doubled.

    Returns:
        (value, repaired): repaired is True when the text was not clean JSON.

    Raises:
        MalformedOutput: no JSON value could be read.
    """
    if text is None or not text.strip():
        raise MalformedOutput("the answer was empty; reply with the JSON object only")
    raw = text.strip()
    try:
        return json.loads(raw), False
    except json.JSONDecodeError:
        pass
    tries = [m.group(1).strip() for m in _FENCE.finditer(raw)] + [raw]
    for chunk in tries:
        try:
            return _loads(chunk), True
        except json.JSONDecodeError:
            pass
        for opener in ("{", "["):
            start = chunk.find(opener)
            if start < 0:
                continue
            body = chunk[start:]
            for candidate in (body, _BAD_ESCAPE.sub(r"\1\\\\", body)):
                try:
                    value, _ = json.JSONDecoder().raw_decode(candidate)
                    return value, True
                except json.JSONDecodeError:
                    continue
    raise MalformedOutput("the answer is not valid JSON; reply with one JSON object and nothing else")


def bind_schema(model: BaseChatModel, schema: type[BaseModel], method: str = "json_schema") -> Runnable[Any, Any]:
    """Return ``model`` bound to answer ``schema`` by ``method``; build it once and reuse it across calls.

    Binding builds the schema's JSON with pydantic (about a millisecond of
    CPU); the binding holds no per-call state, so one may serve every turn
    and thread.

    Args:
        model: the chat model (unbound).
        schema: the pydantic model of the answer.
        method: "json_schema" (``response_format`` with the schema), "json_mode"
            (``response_format`` json_object) or "function_calling" (a forced tool).
    """
    name = schema.__name__
    if method == "function_calling":
        return model.bind_tools([schema], tool_choice=name)
    if method == "json_mode":
        return model.bind(response_format={"type": "json_object"})
    return model.bind(response_format={"type": "json_schema", "json_schema": {
        "name": name, "schema": schema.model_json_schema(), "strict": False}})


def _answer_value(message: AIMessage, method: str) -> tuple[Any, bool]:
    if method == "function_calling":
        if message.tool_calls:
            return message.tool_calls[0]["args"], False
        if message.invalid_tool_calls:
            return parse_json(message.invalid_tool_calls[0].get("args"))
    content = message.content if isinstance(message.content, str) else json.dumps(message.content)
    return parse_json(content)


def _error_text(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        parts = [f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors()[:8]]
        return "; ".join(parts)
    return str(exc)


def structured_call(model: BaseChatModel, messages: Sequence[BaseMessage], schema: type[M], *, stage: str,
                    metrics: LLMMetrics, method: str = "json_schema", attempts: int = 3,
                    check: Callable[[M], None] | None = None, turn_id: str | None = None,
                    retry_prompt: Callable[[str], str] | None = None, bound: Runnable[Any, Any] | None = None) -> M:
    """Call ``model`` until it answers a valid ``schema`` object, showing it each error.

    Args:
        model: the chat model (unbound).
        messages: system and user messages of the request.
        schema: the pydantic model of the answer.
        stage: metrics key ("extract").
        metrics: records calls and counts "<stage>.repaired", "<stage>.malformed", "<stage>.failed".
        method: "json_schema", "function_calling" or "json_mode".
        attempts: answers read at most (>= 1).
        check: extra validation on the parsed object; raise ``MalformedOutput``
            (or ``ValueError``) with a message for the model.
        turn_id: the turn being written.
        retry_prompt: builds the corrective user message from the error text
            (in the prompt's language); default English.
        bound: ``bind_schema(model, schema, method)`` built beforehand, to reuse
            across calls; None binds here.

    Returns:
        The validated ``schema`` instance.

    Raises:
        LLMOutputError: every answer was malformed.
        LLMUnavailable: the endpoint failed.
    """
    bound = bound or bind_schema(model, schema, method)
    history = list(messages)
    error = ""
    for attempt in range(1, max(1, attempts) + 1):
        message = invoke_model(bound, history, stage=stage, metrics=metrics, turn_id=turn_id)
        try:
            value, repaired = _answer_value(message, method)
            parsed = schema.model_validate(value)
            if check is not None:
                check(parsed)
        except (MalformedOutput, ValidationError, ValueError) as exc:
            error = _error_text(exc)
            metrics.count(f"{stage}.malformed")
            if attempt >= attempts:
                break
            from langchain_core.messages import AIMessage, HumanMessage

            text = message.content if isinstance(message.content, str) else str(message.content)
            history.append(AIMessage(content=text or "(empty)"))
            history.append(HumanMessage(content=(retry_prompt or _default_retry)(error)))
            continue
        if repaired:
            metrics.count(f"{stage}.repaired")
        return parsed
    metrics.count(f"{stage}.failed")
    raise LLMOutputError(stage, max(1, attempts), error)


def _default_retry(error: str) -> str:
    return (f"Your answer could not be used: {error}. Answer again with one JSON object that matches "
            "the schema exactly, and nothing else.")
