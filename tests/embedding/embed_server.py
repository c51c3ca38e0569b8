"""A local OpenAI-compatible ``/v1/embeddings`` server for tests.

Each input text gets a deterministic vector: a bag of its lowercase words
hashed into ``dim`` buckets (so texts sharing words are similar). Requests
are kept in ``requests``; ``fail_next`` makes the next N requests answer
HTTP 500. Answers base64 when the client asks for it (the openai client does).
"""

from __future__ import annotations

import base64
import hashlib
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np

__all__ = ["EmbedServer", "bag_vector", "embed_server"]


def bag_vector(text: str, dim: int) -> np.ndarray:
    """Shape (dim,) float32: word counts hashed into buckets (not normalised)."""
    vec = np.zeros(dim, dtype=np.float32)
    for word in text.lower().split():
        vec[int(hashlib.md5(word.encode()).hexdigest(), 16) % dim] += 1.0
    return vec


class EmbedServer:
    """The server tests drive: ``base_url``, ``requests``, ``fail_next``."""

    def __init__(self, dim: int = 16) -> None:
        self.dim = dim
        self.requests: list[dict[str, Any]] = []
        self.fail_next = 0
        self._lock = threading.Lock()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with server._lock:
                    server.requests.append(body)
                    failing = server.fail_next > 0
                    server.fail_next -= failing
                if failing or not self.path.endswith("/embeddings"):
                    self._send(500, {"error": {"message": "scripted failure", "type": "server_error"}})
                    return
                texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
                data = []
                for i, text in enumerate(texts):
                    vec = bag_vector(str(text), server.dim)
                    value: Any = (base64.b64encode(vec.astype("<f4").tobytes()).decode()
                                  if body.get("encoding_format") == "base64" else vec.tolist())
                    data.append({"object": "embedding", "index": i, "embedding": value})
                self._send(200, {"object": "list", "data": data, "model": body.get("model"),
                                 "usage": {"prompt_tokens": 1, "total_tokens": 1}})

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                raw = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

        return Handler


@contextmanager
def embed_server(dim: int = 16) -> Iterator[EmbedServer]:
    """Run an ``EmbedServer`` for the block."""
    server = EmbedServer(dim)
    server.thread.start()
    try:
        yield server
    finally:
        server.httpd.shutdown()
        server.httpd.server_close()
