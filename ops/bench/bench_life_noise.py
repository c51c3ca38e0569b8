"""Life events among filler: do maintenance and ranking keep what a turn says about the person?

Usage: ``PYTHONPATH=. python ops/bench/bench_life_noise.py [--embedder none]``

Two invented lives (``life_noise_world``: EN and ZH, 20 life turns each among ~1,200 filler turns)
are ingested as ``gulfstream ingest`` does (200 turns a call, the after-ingest maintenance pass every
``maintain_every_turns``), then ``gulfstream maintain`` runs once a week after the last turn. Three arms
in one run: the life turns alone, with filler and no maintenance, with filler and maintenance. Prints,
per arm and split (dev / held-out test): questions whose top result holds an expected word (top-1),
or one of the top 3 (top-3), and how many life turns maintenance archived.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from life_noise_world import LIVES, QUESTIONS, turns_of

from memory_core.ingest_io import turn_from_mapping
from memory_core.model import Status
from memory_core.service import open_memory
from memory_core.settings import Settings


def _arm(filler: int, maintain: bool, embedder: str) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        memory = open_memory(Settings(database_url=f"sqlite:///{tmp}/m.sqlite3", embedder=embedder,
                                      maintain_every_turns=200 if maintain else 0))
        try:
            archived = 0
            for user in LIVES:
                rows = turns_of(user, filler_per_event=filler)
                turns = [turn_from_mapping(r, user) for r in rows]
                for start in range(0, len(turns), 200):
                    memory.ingest(turns[start:start + 200])
                if maintain:
                    last = datetime.fromisoformat(rows[-1]["timestamp"])
                    memory.maintain(user, last + timedelta(days=7))
                items = memory.store.list_items(user, statuses=None)
                life_ids = {f"{user}-{n:02d}" for n in range(len(LIVES[user]))}
                archived += sum(1 for i in items if i.status == Status.ARCHIVED and set(i.source) & life_ids
                                and not any(s for s in i.source if s not in life_ids))
            out: dict[str, list[int]] = {}
            for user, question, words, split in QUESTIONS:
                results = memory.recall(user, question, k=3).results
                texts = [r.item.description.casefold() for r in results]
                top1 = bool(texts) and any(w in texts[0] for w in words)
                top3 = any(w in t for t in texts for w in words)
                tally = out.setdefault(split, [0, 0, 0])
                tally[0] += top1
                tally[1] += top3
                tally[2] += 1
            return {"splits": out, "archived_life": archived,
                    "turns": sum(len(turns_of(u, filler_per_event=filler)) for u in LIVES)}
        finally:
            memory.close()


def main() -> None:
    """Run the three arms and print one markdown table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", default="none")
    parser.add_argument("--filler", type=int, default=30, help="filler exchanges after each life turn")
    args = parser.parse_args()
    arms = {"life turns only": _arm(0, False, args.embedder),
            "with filler, no maintenance": _arm(args.filler, False, args.embedder),
            "with filler and maintenance": _arm(args.filler, True, args.embedder)}
    print(f"embedder {args.embedder}; load average {os.getloadavg()[0]:.2f}\n")
    print("| arm | turns | dev top-1 | dev top-3 | test top-1 | test top-3 | life turns archived |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, arm in arms.items():
        s = arm["splits"]
        assert isinstance(s, dict)
        d, t = s["dev"], s["test"]
        print(f"| {name} | {arm['turns']} | {d[0]}/{d[2]} | {d[1]}/{d[2]} | {t[0]}/{t[2]} | {t[1]}/{t[2]} | "
              f"{arm['archived_life']}/{sum(len(v) for v in LIVES.values())} |")


if __name__ == "__main__":
    main()
