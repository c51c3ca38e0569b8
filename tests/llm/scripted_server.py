"""A local OpenAI-compatible HTTP server that answers ``/v1/chat/completions`` from a script.

Tests push replies; each request pops the next one. A reply is a ``Reply``
(assistant text, tool calls, token usage), an ``HttpError`` (status 429/500
with an optional ``Retry-After``), a ``Stall`` (sleeps past the client's
timeout) or a callable taking the request body and returning one of those.
Every request body is kept in ``requests`` so tests can read the prompts
the client sent. An empty script answers HTTP 500 "script exhausted", so a
test that calls the model more than it planned fails loudly.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["HttpError", "Reply", "ScriptedServer", "Stall", "call", "scripted_server"]


@dataclass
class Reply:
    """One assistant message: ``content`` and/or ``tool_calls`` [(name, args dict or raw JSON str)]."""

    content: str | None = None
    tool_calls: list[tuple[str, dict[str, Any] | str]] = field(default_factory=list)
    usage: tuple[int, int] = (100, 20)


@dataclass
class HttpError:
    """An HTTP error answer (429, 500 ...); ``retry_after_ms`` sets the header the client honours."""

    status: int
    retry_after_ms: int | None = 1


@dataclass
class Stall:
    """Sleep ``seconds`` before answering ``then`` (past the client's timeout, for timeout tests)."""

    seconds: float
    then: Reply = field(default_factory=lambda: Reply("[]"))


Step = Reply | HttpError | Stall | Callable[[dict[str, Any]], "Reply | HttpError | Stall"]


def call(name: str, **args: Any) -> tuple[str, dict[str, Any]]:
    """Shorthand for one tool call in ``Reply.tool_calls``."""
    return (name, args)


class ScriptedServer:
    """The server object tests drive: ``push`` replies, read ``requests``, use ``base_url``."""

    def __init__(self) -> None:
        self.script: deque[Step] = deque()
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    @property
    def base_url(self) -> str:
        """The ``/v1`` base URL to give ChatOpenAI."""
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    def push(self, *steps: Step) -> None:
        """Append replies to the script, in order."""
        with self._lock:
            self.script.extend(steps)

    def remaining(self) -> int:
        """Replies not yet consumed."""
        with self._lock:
            return len(self.script)

    def user_prompts(self) -> list[str]:
        """The text of every message of every request, joined per request."""
        return ["\n".join(str(m.get("content") or "") for m in r["messages"]) for r in self.requests]

    def _next(self, body: dict[str, Any]) -> Reply | HttpError | Stall:
        with self._lock:
            self.requests.append(body)
            step = self.script.popleft() if self.script else HttpError(500, None)
        if callable(step) and not isinstance(step, Reply | HttpError | Stall):
            step = step(body)
        return step

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                step = server._next(body)
                if isinstance(step, Stall):
                    time.sleep(step.seconds)
                    step = step.then
                if isinstance(step, HttpError):
                    payload = json.dumps({"error": {"message": f"scripted {step.status}", "type": "scripted"}})
                    self.send_response(step.status)
                    if step.retry_after_ms is not None:
                        self.send_header("retry-after-ms", str(step.retry_after_ms))
                else:
                    payload = json.dumps(server._completion(body, step))
                    self.send_response(200)
                data = payload.encode()
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                with suppress(BrokenPipeError, ConnectionResetError):
                    self.wfile.write(data)

        return Handler

    def _completion(self, body: dict[str, Any], reply: Reply) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": reply.content}
        if reply.tool_calls:
            message["tool_calls"] = [
                {"id": f"call_{len(self.requests)}_{i}", "type": "function",
                 "function": {"name": name, "arguments": args if isinstance(args, str)
                              else json.dumps(args, ensure_ascii=False)}}
                for i, (name, args) in enumerate(reply.tool_calls)
            ]
        prompt, completion = reply.usage
        return {
            "id": f"chatcmpl-{len(self.requests)}", "object": "chat.completion", "created": int(time.time()),
            "model": body.get("model", "scripted"),
            "choices": [{"index": 0, "message": message,
                         "finish_reason": "tool_calls" if reply.tool_calls else "stop"}],
            "usage": {"prompt_tokens": prompt, "completion_tokens": completion,
                      "total_tokens": prompt + completion},
        }

    def start(self) -> ScriptedServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@contextmanager
def scripted_server() -> Iterator[ScriptedServer]:
    """Run a ``ScriptedServer`` for the duration of the block."""
    server = ScriptedServer().start()
    try:
        yield server
    finally:
        server.stop()
