"""What a worker's reply becomes on the caller's side: values, ``RecallReply``, exceptions.

Shared by ``MemoryClient`` and the HTTP shim's event-loop recall, so the two
read replies the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from api_shim.errors import RemoteError
from memory_core import wire

__all__ = ["RecallReply", "recall_reply", "remote_error", "reply_value"]


@dataclass(slots=True)
class RecallReply:
    """What ``recall`` returns.

    Attributes:
        results: ranked items, best first: ``{"item": {...}, "score", "bm25", "rank", "turn_ids"}``.
        context: the packed context block as a dict (``context["text"]`` is the text).
        timings_ms: where the answering side spent its time, in milliseconds,
            plus ``"round_trip"`` measured by the client.
        degraded: True when the answer did not come from the recall worker.
        reason: why it is degraded ("" otherwise).
    """

    results: list[dict[str, Any]]
    context: dict[str, Any]
    timings_ms: dict[str, float] = field(default_factory=dict)
    degraded: bool = False
    reason: str = ""

    @property
    def context_text(self) -> str:
        """The context block's text, ready to put in a prompt."""
        return str(self.context.get("text", ""))


def remote_error(body: Mapping[str, Any]) -> Exception:
    """The exception for a worker's error reply: the core's class its code names, else ``RemoteError``.

    Reads the stable ``code`` (``memory_core.wire.errors``), or the class name
    (``error_type``) of a reply from a worker older than the codes.
    """
    message = str(body.get("error", ""))
    cls = wire.reply_error_class(dict(body))
    if cls is not None:
        return cls(message)
    return RemoteError(str(body.get("code") or body.get("error_type") or "unknown_error"), message)


def recall_reply(value: Mapping[str, Any]) -> RecallReply:
    """A ``RecallReply`` from a recall payload (``wire.recall_payload`` as JSON)."""
    return RecallReply(list(value["results"]), dict(value["context"]),
                       {k: float(v) for k, v in value.get("timings_ms", {}).items()},
                       bool(value.get("degraded", False)), str(value.get("reason", "")))


def reply_value(raw: bytes | str) -> Any:
    """The value of a worker's RPC reply (``wire.encode_reply``), or its error raised.

    Raises:
        GulfstreamError subclasses, RemoteError: the worker's error (``remote_error``).
    """
    body = wire.decode_reply(raw)
    if body["ok"]:
        return body["value"]
    raise remote_error(body)
