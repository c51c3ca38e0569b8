"""The chat model: built from settings, called through one wrapper that meters and converts errors.

``build_chat_model(settings)`` returns a langchain ``ChatOpenAI`` pointed at
any OpenAI-compatible endpoint (OpenAI, vLLM, llama.cpp server, Ollama,
LiteLLM ...), or None when no model is configured: the caller then keeps the
mechanical pipeline, and a log line says so. The agents take a
``BaseChatModel``, so tests and other providers can hand in any model.

``invoke_model`` is the only place the agents call a model: it times the
call, records tokens in/out from ``AIMessage.usage_metadata`` into an
``LLMMetrics``, and turns client errors (timeouts, refused connections,
HTTP 429/5xx once the client's own retries are spent) into
``LLMUnavailable``.

The model built here sends the request's messages, tools and response
format as the openai client's ``extra_body``: the HTTP body is the same, but
the client no longer walks those parts against its typed parameter
definitions on every call. langchain has already made them plain JSON
values, and the walk (a few milliseconds of CPU per call with the curation
tools' schemas) was the largest CPU cost of a write-path turn. A response
format given this way is read as any chat completion (``create``, not
``parse``); the agents bind only plain-dict formats and parse the text
themselves (``structured``).
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from memory_core.errors import LLMUnavailable
from memory_core.llm.metrics import CallRecord, LLMMetrics
from memory_core.settings import Settings

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage, BaseMessage
    from langchain_core.runnables import Runnable

__all__ = ["JSON_READY_KEYS", "PLACEHOLDER_API_KEY", "build_chat_model", "invoke_model", "transport_errors"]

log = logging.getLogger(__name__)

PLACEHOLDER_API_KEY = "not-needed"
"""Sent when a base URL is configured without a key (local servers ignore the key)."""

JSON_READY_KEYS = ("messages", "tools", "response_format")
"""Request parameters sent as ``extra_body``, past the openai client's per-call typed walk."""


@functools.cache
def _chat_class() -> type[Any]:
    """``ChatOpenAI`` with its request's large, already JSON-ready parts sent as ``extra_body``."""
    from langchain_openai import ChatOpenAI

    class JsonReadyChatOpenAI(ChatOpenAI):
        """``ChatOpenAI`` whose messages, tools and response format skip the client's typed walk."""

        def _get_request_payload(self, input_: Any, *, stop: list[str] | None = None,
                                 **kwargs: Any) -> dict[str, Any]:
            payload: dict[str, Any] = super()._get_request_payload(input_, stop=stop, **kwargs)
            if "messages" not in payload:  # not a Chat Completions request: leave it alone
                return payload
            extra = dict(payload.pop("extra_body", None) or {})
            for key in JSON_READY_KEYS:
                if key in payload:
                    extra[key] = payload.pop(key)
            payload["messages"] = []  # required by the client's signature; extra_body's value is sent
            payload["extra_body"] = extra
            return payload

    return JsonReadyChatOpenAI


def build_chat_model(settings: Settings) -> BaseChatModel | None:
    """Return the configured chat model, or None (and log it) when ``settings.llm_model`` is unset.

    Args:
        settings: ``llm_base_url``, ``llm_api_key``, ``llm_model``,
            ``llm_timeout_s`` (seconds per request), ``llm_max_retries``
            (client retries on 429/5xx/timeouts), ``llm_temperature``.

    Returns:
        A ``ChatOpenAI`` (the subclass described in the module docstring) using
        the Chat Completions API, or None.

    Raises:
        ImportError: a model is configured but langchain-openai is not
            installed (``pip install 'gulfstream[llm]'``).
    """
    if not settings.llm_configured:
        log.info("no LLM configured (GULFSTREAM_LLM_MODEL unset): the mechanical write pipeline "
                 "and BM25 recall run")
        return None
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    if key is None and settings.llm_base_url:
        key = PLACEHOLDER_API_KEY
    kwargs: dict[str, Any] = {
        "model": settings.llm_model, "timeout": settings.llm_timeout_s,
        "max_retries": settings.llm_max_retries, "temperature": settings.llm_temperature,
        "use_responses_api": False,
    }
    if settings.llm_base_url:
        kwargs["base_url"] = settings.llm_base_url
    if key is not None:
        kwargs["api_key"] = key
    model: BaseChatModel = _chat_class()(**kwargs)
    log.info("LLM agents on: model %s at %s (timeout %.1f s, %d retries)", settings.llm_model,
             settings.llm_base_url or "the OpenAI API", settings.llm_timeout_s, settings.llm_max_retries)
    return model


def transport_errors() -> tuple[type[BaseException], ...]:
    """The exception types that mean "the endpoint failed", not "the answer was bad".

    openai's ``APIError`` family (timeouts, connection errors, HTTP status
    errors), langchain-core's ``ModelError`` family where present, httpx
    transport errors, and ``TimeoutError``/``ConnectionError``.
    """
    found: list[type[BaseException]] = [TimeoutError, ConnectionError]
    try:
        import openai

        found.append(openai.OpenAIError)
    except ImportError:  # pragma: no cover - langchain-openai depends on openai
        pass
    try:
        import httpx

        found.append(httpx.HTTPError)
    except ImportError:  # pragma: no cover
        pass
    try:
        from langchain_core.exceptions import ModelError  # type: ignore[attr-defined]

        found.append(ModelError)
    except ImportError:  # pragma: no cover - older langchain-core
        pass
    return tuple(found)


def invoke_model(model: BaseChatModel | Runnable[Any, Any], messages: Sequence[BaseMessage], *, stage: str,
                 metrics: LLMMetrics, turn_id: str | None = None) -> AIMessage:
    """Call ``model`` once, recording tokens and latency under ``stage``.

    Args:
        model: a chat model, possibly bound (``bind_tools``, ``bind(response_format=...)``).
        messages: the conversation to send.
        stage: "extract", "curate" or "recall" (the metrics key).
        metrics: where the call is recorded; failures also count "<stage>.unavailable".
        turn_id: the turn being written, if any.

    Returns:
        The model's ``AIMessage``.

    Raises:
        LLMUnavailable: the endpoint failed (after the client's own retries).
    """
    started = time.perf_counter()
    try:
        message = model.invoke(list(messages))
    except transport_errors() as exc:
        latency = (time.perf_counter() - started) * 1e3
        metrics.record_call(CallRecord(stage, 0, 0, latency, ok=False, turn_id=turn_id))
        metrics.count(f"{stage}.unavailable")
        log.warning("llm %s call failed after %.0f ms: %s", stage, latency, exc)
        raise LLMUnavailable(f"{stage}: the chat endpoint failed: {exc}") from exc
    latency = (time.perf_counter() - started) * 1e3
    usage = getattr(message, "usage_metadata", None) or {}
    metrics.record_call(CallRecord(stage, int(usage.get("input_tokens", 0)), int(usage.get("output_tokens", 0)),
                                   latency, ok=True, turn_id=turn_id))
    return message  # type: ignore[no-any-return]
