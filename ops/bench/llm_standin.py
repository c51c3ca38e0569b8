"""A stand-in chat model for benchmarks: an OpenAI-compatible server answering every call after a fixed delay.

Answers ``POST /v1/chat/completions`` after ``--latency-ms`` (300 by
default), each request on its own thread, so concurrent calls wait in
parallel as they would on a real endpoint. The answers are minimal and
valid for the write pipeline of ``memory_core/llm/``:

- a request with ``tools`` (the curation agent's tool loop) gets "DONE" and
  no tool calls, which ends the loop after one call;
- any other request (the extractor's structured output) gets an
  ``Extraction`` with ``--facts`` facts (1 by default, so the curation agent
  runs: two calls per turn; 0 skips it while the user has no facts), written
  in Chinese when the turn is.

``GET /stats`` returns ``{"calls": n, "extract": n, "curate": n}``.

Run: ``.venv/bin/python ops/bench/llm_standin.py [--port 0] [--latency-ms 300] [--facts 1]``;
it prints ``base_url=http://127.0.0.1:PORT/v1`` once it listens.
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import threading
import time
from contextlib import suppress
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["StandIn", "answer"]

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def _last_user_text(body: dict[str, Any]) -> str:
    for message in reversed(body.get("messages") or []):
        if message.get("role") == "user":
            content = message.get("content")
            return content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)
    return ""


def answer(body: dict[str, Any], facts: int) -> tuple[str, dict[str, Any]]:
    """Return (stage, assistant message) for one chat-completion request body."""
    if body.get("tools"):
        return "curate", {"role": "assistant", "content": "DONE"}
    zh = bool(_CJK.search(_last_user_text(body)))
    fact = {"description": "用户提到了一件日常小事" if zh else "The user mentioned an everyday matter",
            "kind": "fact", "theme": "identity", "importance": 0.3, "confidence": 0.8,
            "valid_from": None, "valid_until": None, "slot": "bench:note"}
    content = json.dumps({"facts": [fact] * facts}, ensure_ascii=False)
    return "extract", {"role": "assistant", "content": content}


class StandIn:
    """The server; ``base_url`` for ``GULFSTREAM_LLM_BASE_URL``."""

    def __init__(self, latency_s: float = 0.3, facts: int = 1, port: int = 0) -> None:
        self.latency_s = latency_s
        self.facts = facts
        self.stats = {"calls": 0, "extract": 0, "curate": 0}
        self._lock = threading.Lock()
        ThreadingHTTPServer.request_queue_size = 256
        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), self._handler())
        self.httpd.daemon_threads = True

    @property
    def base_url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as the openai client expects

            def setup(self) -> None:
                super().setup()
                # The head and the body go out as two writes; with Nagle on, the body waits for the
                # client's delayed ACK (~40 ms on Linux), which would add to every call's latency.
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload, ensure_ascii=False).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                with suppress(BrokenPipeError, ConnectionResetError):
                    self.wfile.write(data)

            def do_GET(self) -> None:
                with server._lock:
                    self._send(200, dict(server.stats))

            def do_POST(self) -> None:
                started = time.monotonic()
                length = int(self.headers.get("content-length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                stage, message = answer(body, server.facts)
                with server._lock:
                    server.stats["calls"] += 1
                    server.stats[stage] += 1
                    n = server.stats["calls"]
                time.sleep(max(0.0, server.latency_s - (time.monotonic() - started)))
                self._send(200, {
                    "id": f"chatcmpl-{n}", "object": "chat.completion", "created": int(time.time()),
                    "model": body.get("model", "stand-in"),
                    "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
                })

        return Handler

    def serve_forever(self) -> None:
        self.httpd.serve_forever(poll_interval=0.05)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--latency-ms", type=float, default=300.0)
    parser.add_argument("--facts", type=int, default=1)
    args = parser.parse_args()
    server = StandIn(args.latency_ms / 1e3, args.facts, args.port)
    print(f"base_url={server.base_url}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
