"""``gulfstream demo``: the embedded mode end to end on a bilingual sample.

Ingests ``memory_core/data/sample_conversation.jsonl`` (written for this
project: one user, four sessions in English and Chinese, a move, a reversed
preference and a tool turn that tries to plant a rule), then prints the
curated memory grouped by theme, a reversed item's history, recall results
for English and Chinese queries, the packed context block, and timings.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from memory_core.cli_output import text_column
from memory_core.ingest_io import read_jsonl
from memory_core.model import Status
from memory_core.service import open_memory
from memory_core.settings import Settings
from memory_core.shown import shown_text
from memory_core.text.tokenize import tokenize

__all__ = ["DEMO_QUERIES", "DEMO_USER", "SAMPLE_PATH", "run_demo"]

SAMPLE_PATH = Path(__file__).parent / "data" / "sample_conversation.jsonl"
DEMO_USER = "demo-mia"
DEMO_QUERIES = (
    "Where does Mia live now?",
    "What food should I cook for her tonight?",
    "她对什么过敏？",
    "生日快到了，送什么好？",
    "What is her dog called?",
    "东京旅行是什么时候？",
    "她养了什么宠物？",  # by meaning: the memory says "a dog named Pixel", in English
)


def run_demo(console: Console, db: str | None = None) -> None:
    """Run the demo on a fresh temporary SQLite database (or ``db`` if given).

    Raises:
        StoreError: the database cannot be opened.
    """
    with tempfile.TemporaryDirectory() as tmp:
        url = db or f"sqlite:///{tmp}/demo.sqlite3"
        memory = open_memory(Settings(database_url=url))
        try:
            parsed = read_jsonl(SAMPLE_PATH, DEMO_USER)
            started = time.perf_counter()
            tokenize("预热 warm-up")  # load the Chinese dictionary once, outside the timings
            console.print(f"Tokenizer ready in {(time.perf_counter() - started) * 1e3:.0f} ms")
            started = time.perf_counter()
            report = memory.ingest(parsed.turns)
            ingest_ms = (time.perf_counter() - started) * 1e3
            console.print(f"[bold]Ingested[/bold] {report.stored} turns ({report.applied} applied) "
                          f"in {ingest_ms:.1f} ms")

            console.print("\n[bold]Memory, grouped by theme[/bold]")
            for theme, items in memory.store.grouped(DEMO_USER).items():
                facts = [item for item in items if item.kind != "event"]
                if facts:
                    console.print(f"  [cyan]{theme}[/cyan]")
                for item in facts:
                    console.print(f"    [{item.kind}] {shown_text(item.description)}  (hit {item.hit})",
                                  markup=False, highlight=False)
            events = len(memory.store.list_items(DEMO_USER, kind="event"))
            console.print(f"  (+ {events} event items, one per turn)")

            superseded = memory.store.list_items(DEMO_USER, statuses=[Status.SUPERSEDED])
            if superseded:
                console.print("\n[bold]Superseded, kept with history[/bold]")
                for item in superseded:
                    console.print(f"  {shown_text(item.description)}", markup=False, highlight=False)
                    for rev in item.history_newest_first():
                        console.print(f"    {rev.at.date()} {rev.op}: {shown_text(rev.reason or rev.new_description)}",
                                      markup=False, highlight=False)

            timings = Table(text_column("query"), text_column("top items"), "recall ms")
            for query in DEMO_QUERIES:
                response = memory.recall(DEMO_USER, query, k=3)
                top = "\n".join(shown_text(r.item.description, query=query) for r in response.results) or "(nothing)"
                timings.add_row(query, top, f"{response.timings_ms['recall']:.2f}")
            console.print("\n[bold]Recall (top 3)[/bold]")
            console.print(timings)
            response = memory.recall(DEMO_USER, DEMO_QUERIES[0], k=5, budget_tokens=200)
            console.print(f"\n[bold]Context block for[/bold] {DEMO_QUERIES[0]!r} "
                          f"({response.context.tokens} of 200 tokens)")
            console.print(response.context.text, markup=False, highlight=False)
        finally:
            memory.close()
