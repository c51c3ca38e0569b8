"""Benchmark: both walks embedded, in one process: turns → items, then queries → context blocks.

Stores ``--turns`` synthetic turns (English and Chinese statements of where
someone lives, family, trips, tastes, their boss) for five users through
``Memory.ingest`` on a fresh SQLite file, then answers ``--recalls``
recalls in both languages, each encoded and decoded as the recall worker's
reply (``wire.recall_payload`` → ``encode_reply`` → ``decode_reply``). It
prints the CPU seconds (``time.process_time``) of each walk. Meant to be run
from two trees in turn (``PYTHONPATH=<tree> python ops/bench/bench_embedded_walks.py``)
and compared as ratios: structural changes should leave both walks' CPU alone.

Run: ``.venv/bin/python ops/bench/bench_embedded_walks.py [--turns 300] [--recalls 600]``.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta

EN = ["I live in Berlin", "my sister plays violin", "we went hiking in May", "I like green tea", "my boss is Anna"]
ZH = ["我住在杭州", "我女儿学钢琴", "我们五月去爬山", "我喜欢喝绿茶", "我的老板叫小王"]
QUERIES = ["where do I live", "我住在哪里", "what tea do I like", "女儿学什么", "who is my boss", "hiking"]


def main() -> None:
    """Run both walks and print a Markdown table of their CPU time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--recalls", type=int, default=600)
    args = parser.parse_args()
    os.environ.setdefault("GULFSTREAM_EMBEDDER", "none")
    from memory_core import wire
    from memory_core.model import Turn
    from memory_core.service import open_memory

    rng = random.Random(7)
    folder = tempfile.mkdtemp()
    memory = open_memory(database_url=f"sqlite:///{folder}/walks.db")
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    turns = [Turn(f"u{n % 5}", f"t{n}", "s1", "user", f"{rng.choice(EN + ZH)} ({n})", t0 + timedelta(minutes=n))
             for n in range(args.turns)]
    started = time.process_time()
    memory.ingest(turns)
    ingest_s = time.process_time() - started
    started = time.process_time()
    for i in range(args.recalls):
        response = memory.recall(f"u{i % 5}", QUERIES[i % len(QUERIES)], k=10)
        body = wire.decode_reply(wire.encode_reply(True, wire.recall_payload(response, raw=True)))
        assert body["ok"], body
    recall_s = time.process_time() - started
    memory.close()
    print("| walk | count | CPU s | CPU ms each |\n|---|---:|---:|---:|")
    print(f"| turn → item (Memory.ingest) | {args.turns} | {ingest_s:.2f} | {ingest_s * 1e3 / args.turns:.2f} |")
    print(f"| query → context block + reply codec | {args.recalls} | {recall_s:.2f} | "
          f"{recall_s * 1e3 / args.recalls:.2f} |")


if __name__ == "__main__":
    main()
