"""How ``python -m api_shim.http serve`` runs uvicorn: one write per response.

uvicorn's HTTP/1.1 protocol writes a response's status line and headers, and
then its body, as separate socket writes. Each write wakes the client, so on
a busy machine the client is often scheduled between the two only to wait
again for the body: one more context switch on every request's critical path.
``H11OneWrite`` buffers what the protocol writes while the event loop runs
one callback and sends it in one write as soon as the callback is done, so
a small response leaves in one segment; nothing is held past that one loop
iteration, and streamed bodies still leave chunk by chunk.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["MAX_REQUEST_HEAD_BYTES", "H11OneWrite", "OneWriteTransport"]

#: The largest request line and headers the shim reads (bytes; uvicorn's ``h11_max_incomplete_event_size``). The
#: items listing by turn takes up to 1,000 turn ids in its query string (``api_items.MAX_TURN_IDS``), far above
#: h11's default of 16 KiB: past that, uvicorn closes the connection while the client is still sending, and the
#: client sees a reset instead of the JSON error an over-long list gets.
MAX_REQUEST_HEAD_BYTES = 1 << 20


class OneWriteTransport:
    """A transport proxy that joins the writes made in one loop iteration into one ``write``.

    Args:
        transport: the connection's transport.
        loop: its event loop.
    """

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._pending: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        """Queue ``data``; it is sent when the current callback returns."""
        if not data:
            return
        if not self._pending:
            self._loop.call_soon(self.flush)
        self._pending.append(bytes(data))

    def flush(self) -> None:
        """Send what is queued, in one write."""
        if self._pending:
            data = b"".join(self._pending)
            self._pending.clear()
            if not self._transport.is_closing():
                self._transport.write(data)

    def get_write_buffer_size(self) -> int:
        """Bytes queued here and in the transport."""
        return sum(map(len, self._pending)) + self._transport.get_write_buffer_size()

    def close(self) -> None:
        """Send what is queued, then close the transport."""
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class H11OneWrite(H11Protocol):
    """uvicorn's h11 protocol, writing through ``OneWriteTransport``."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:  # type: ignore[override]
        """Wrap the transport, then set up the connection as uvicorn does."""
        assert isinstance(transport, asyncio.Transport)
        super().connection_made(OneWriteTransport(transport, self.loop))  # type: ignore[arg-type]
