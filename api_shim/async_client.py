"""``AsyncMemoryClient``: ``MemoryClient`` for asyncio backends, built from the sync client's own methods.

``recall`` runs on the event loop (``RecallRpc.acall``, the same RPC as the
sync client and the HTTP shim); every other call is the sync method run off
the loop (``memory_core.twin.OffLoop``), so no call is written twice.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from concurrent.futures import Executor
from typing import Any

from api_shim.client import MemoryClient
from api_shim.replies import RecallReply
from memory_core.twin import OffLoop

__all__ = ["AsyncMemoryClient"]


class AsyncMemoryClient:
    """The same client for asyncio backends, built from ``MemoryClient``'s own methods: ``recall`` on the
    event loop (``RecallRpc.acall``), every other call the sync method run in ``executor`` (``OffLoop``).

    Args:
        client: a ``MemoryClient`` to share, or the broker URL of a new one.
        executor: where the blocking calls run (default: the loop's default executor).
        options: ``MemoryClient``'s keyword arguments, when ``client`` is a URL.
    """

    publish_turn = OffLoop(MemoryClient.publish_turn)
    add_item = OffLoop(MemoryClient.add_item)
    update_item = OffLoop(MemoryClient.update_item)
    delete_item = OffLoop(MemoryClient.delete_item)
    merge_items = OffLoop(MemoryClient.merge_items)
    import_items = OffLoop(MemoryClient.import_items)
    erase_user = OffLoop(MemoryClient.erase_user)
    erase_scopes = OffLoop(MemoryClient.erase_scopes)
    list_items = OffLoop(MemoryClient.list_items)
    item_history = OffLoop(MemoryClient.item_history)
    hit_item = OffLoop(MemoryClient.hit_item)
    get_item = OffLoop(MemoryClient.get_item)
    turn_status = OffLoop(MemoryClient.turn_status)
    ping = OffLoop(MemoryClient.ping)
    prepare_fallback = OffLoop(MemoryClient.prepare_fallback)

    def __init__(self, client: MemoryClient | str, *, executor: Executor | None = None, **options: Any) -> None:
        self.sync = client if isinstance(client, MemoryClient) else MemoryClient(client, **options)
        self.executor = executor
        self._replies: Any = None  # redis.asyncio connections of the loop that recalls, made at the first recall

    async def recall(self, user_id: str, query: str, k: int = 10, *, filters: Mapping[str, Any] | None = None,
                     budget_tokens: int | None = None, timeout_ms: int | None = None) -> RecallReply:
        """``MemoryClient.recall`` on the event loop (same arguments, answer and errors).

        Use one ``AsyncMemoryClient`` per event loop: its reply connections belong to the first loop that recalls.
        """
        if self._replies is None:
            self._replies = self.sync.recall_rpc.loop_replies()
        return await self.sync.recall_rpc.acall(self._replies, user_id, query, k, filters=filters,
                                                budget_tokens=budget_tokens, timeout_ms=timeout_ms)

    async def close_loop(self) -> None:
        """Release the reply connections of the event loop that recalled (the sync client stays open)."""
        if self._replies is not None:
            replies, self._replies = self._replies, None
            await replies.aclose(close_connection_pool=True)

    async def close(self) -> None:
        """``close_loop``, then ``MemoryClient.close`` (off the loop)."""
        await self.close_loop()
        await asyncio.get_running_loop().run_in_executor(self.executor, self.sync.close)
