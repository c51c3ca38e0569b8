"""User affinity for recall: which recall worker queue holds a user's index, and which are alive.

With N recall workers, each consumes a queue of its own (``recall.0`` …
``recall.N-1``, ``shard_queues``). A client sends a user's recalls to the
first live queue of the user's preference list on a consistent-hash ring
(Karger et al., "Consistent hashing and random trees", STOC 1997; virtual
nodes as in Dynamo, DeCandia et al., SOSP 2007), so each user's index is
built and kept by one worker, and adding or losing a worker moves only that
worker's share of users (about 1/N) to the next worker on the ring.

Liveness: each recall worker refreshes ``heartbeat_key(queue)`` every
``HEARTBEAT_EVERY_S`` with a time-to-live of ``HEARTBEAT_TTL_S``, and deletes
it on a warm shutdown; a worker killed outright drops out when the key
expires. A client also skips a queue whose recall timed out, for
``SUSPECT_S``.
"""

from __future__ import annotations

import bisect
import hashlib
from collections.abc import Sequence

from memory_core.errors import InvalidField
from memory_core.wire.keys import KEY_PREFIX

__all__ = ["HEARTBEAT_EVERY_S", "HEARTBEAT_TTL_S", "RECALL_STATS", "SUSPECT_S", "HashRing", "heartbeat_key",
           "shard_queues"]

HEARTBEAT_EVERY_S = 1.0
HEARTBEAT_TTL_S = 3
SUSPECT_S = 5.0
RECALL_STATS = "gulfstream.recall_stats"  # a recall worker's cache: users held, builds, bytes (sent to one queue)
_SHARD_PREFIX = "recall."


def shard_queues(count: int) -> list[str]:
    """The queue names of ``count`` recall workers: ``recall.0`` … ``recall.{count-1}``.

    Raises:
        InvalidField: ``count`` below 1.
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InvalidField(f"the number of recall workers must be an integer >= 1; got {count!r}")
    return [f"{_SHARD_PREFIX}{i}" for i in range(count)]


def heartbeat_key(queue: str) -> str:
    """Redis key a live recall worker consuming ``queue`` keeps fresh."""
    return f"{KEY_PREFIX}recall:alive:{queue}"


def _point(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


class HashRing:
    """A consistent-hash ring of queue names with virtual nodes.

    Args:
        nodes: distinct queue names (at least one).
        vnodes: points per node on the ring (more: a more even share; 64 gives
            about ±15 % per node for a few nodes).

    Raises:
        InvalidField: no nodes, repeated nodes, or vnodes below 1.
    """

    def __init__(self, nodes: Sequence[str], vnodes: int = 64) -> None:
        if not nodes or len(set(nodes)) != len(nodes):
            raise InvalidField(f"a ring needs distinct nodes; got {list(nodes)!r}")
        if vnodes < 1:
            raise InvalidField(f"vnodes must be >= 1; got {vnodes!r}")
        self.nodes = list(nodes)
        points = sorted((_point(f"{node}#{v}"), node) for node in self.nodes for v in range(vnodes))
        self._hashes = [h for h, _ in points]
        self._owners = [n for _, n in points]

    def preference(self, key: str) -> list[str]:
        """Every node, in the order ``key`` should try them: its owner first, then clockwise."""
        start = bisect.bisect(self._hashes, _point(key)) % len(self._hashes)
        seen: list[str] = []
        for i in range(len(self._owners)):
            node = self._owners[(start + i) % len(self._owners)]
            if node not in seen:
                seen.append(node)
                if len(seen) == len(self.nodes):
                    break
        return seen

    def owner(self, key: str) -> str:
        """The node that holds ``key`` while every node is alive."""
        return self.preference(key)[0]
