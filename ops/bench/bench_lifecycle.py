"""Benchmark: a simulated year of daily chats with the lifecycle job, and broad questions answered from summaries.

Part 1 (a year): one user, 365 daily sessions (``lifecycle_world``, over
30,000 turns, facts that change, chit-chat, todos given an expiry through
the API) ingested embedded on SQLite with an injected clock; the
maintenance job (``Memory.maintain``) runs after each day. Prints the
active set over the year (bounded, unlike the total), the end state by
status and kind, and checks that every archived item keeps its history,
every merged-in item is named by its survivor, every summary's source
turns exist, and ``self_check`` is OK. Maintenance time is shown as a
ratio to the day's ingest time (same run).

Part 2 (broad questions): 38 questions ("What did we talk about in March?",
"3月我们聊了什么？", "last month", …; both languages; a dev half of odd
months and a held-out test half of even months and relative dates) are
recalled with summaries (the default) and without them (summary items
filtered out and archived items searched as if active, i.e. recall as it
was before this job existed), k=8, a 500
token block. Scores: topic recall (share of the month's topics named in
the block) and how often the top result is a summary of the asked month.

Run: ``.venv/bin/python ops/bench/bench_lifecycle.py [--days 365] [--json out.json]``.
Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lifecycle_world import TOPICS, World, build_world

from memory_core.lifecycle import ManualClock
from memory_core.model import Kind, Status
from memory_core.retrieval.recall import RecallFilters
from memory_core.service import Memory
from memory_core.settings import load_settings
from memory_core.store.sql import SqlStore

MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December"]
NOT_SUMMARY = [Kind.FACT, Kind.PREFERENCE, Kind.EVENT, Kind.TODO, Kind.PROCEDURE]


def run_year(memory: Memory, clock: ManualClock, world: World) -> dict[str, Any]:
    """Ingest the year day by day, maintaining after each; return the figures."""
    user = world.user_id
    curve: list[tuple[int, int, int]] = []
    ratios: list[float] = []
    ingest_s = maint_s = 0.0
    for n, day in enumerate(world.days):
        clock.set(day.date.replace(hour=23, minute=30))
        t0 = time.perf_counter()
        memory.ingest(day.turns)
        if day.todo is not None:
            memory.store.add(user, day.todo[0], "时效待办" if day.lang == "zh" else "todo", kind=Kind.TODO,
                             valid_from=day.turns[0].timestamp, expires_at=day.todo[1], importance=0.6)
        t1 = time.perf_counter()
        memory.maintain(user)
        t2 = time.perf_counter()
        ingest_s += t1 - t0
        maint_s += t2 - t1
        ratios.append((t2 - t1) / (t1 - t0))
        if (n + 1) % 30 == 0 or n + 1 == len(world.days):
            statuses = Counter(str(i.status) for i in memory.store.list_items(user, statuses=None))
            curve.append((n + 1, statuses[Status.ACTIVE], sum(statuses.values())))
    items = memory.store.list_items(user, statuses=None)
    by_id = {i.id: i for i in items}
    problems: list[str] = []
    for item in items:
        if item.status == Status.ARCHIVED and not any(r.op == "archive" for r in item.history):
            problems.append(f"{item.id}: archived without an archive revision")
        if item.status == Status.DELETED and item.history[-1].other_id:
            survivor = by_id.get(item.history[-1].other_id)
            if survivor is None or not any(r.other_id == item.id for r in survivor.history):
                problems.append(f"{item.id}: merged into an item that does not name it")
    turn_ids = {t.turn_id for t in memory.store.list_turns(user)}
    summaries = [i for i in items if i.kind == Kind.SUMMARY]
    problems += [f"{s.id}: source turn missing" for s in summaries if not set(s.source) <= turn_ids]
    check = memory.store.self_check(repair=False)
    return {
        "turns": len(turn_ids), "curve": curve, "problems": problems, "self_check": check.status,
        "status": dict(Counter(str(i.status) for i in items)),
        "active_kinds": dict(Counter(str(i.kind) for i in items if i.status == Status.ACTIVE)),
        "merged": sum(1 for i in items for r in i.history if r.op == "merge" and r.actor == "system"),
        "expired": sum(1 for i in items if i.status == Status.ARCHIVED and i.history[-1].reason.startswith("expired")),
        "summaries": {"episode": sum(1 for s in summaries if (s.key or "").startswith("summary:episode:")),
                      "month": sum(1 for s in summaries if (s.key or "").startswith("summary:month:"))},
        "maint_over_ingest": {"total": maint_s / ingest_s, "median_day": statistics.median(ratios),
                              "p95_day": sorted(ratios)[int(0.95 * (len(ratios) - 1))]},
    }


def questions(world: World) -> list[dict[str, Any]]:
    """The broad questions: month ones (odd months dev, even months test) and relative ones (test)."""
    out = []
    months = sorted(world.month_topics)
    for n, month in enumerate(months):
        mon = int(month[5:])
        half = "dev" if mon % 2 == 1 else "test"
        en = ["What did we talk about in {m}?", "What happened in {m}?", "Can you recap what I did in {m}?"][n % 3]
        zh = ["{n}月我们聊了什么？", "{n}月发生了什么？", "回顾一下我{n}月做了什么"][n % 3]
        out.append({"q": en.format(m=MONTHS_EN[mon - 1]), "month": month, "lang": "en", "half": half})
        out.append({"q": zh.format(n=mon), "month": month, "lang": "zh", "half": half})
    last = months[-2]
    out += [{"q": "What did we talk about last month?", "month": last, "lang": "en", "half": "test"},
            {"q": "上个月我们聊了什么？", "month": last, "lang": "zh", "half": "test"}]
    for month in months[2:9:3]:
        mon = int(month[5:])
        out.append({"q": f"What was I up to in {MONTHS_EN[mon - 1]}?", "month": month, "lang": "en", "half": "test"})
        out.append({"q": f"我{mon}月都忙了些什么？", "month": month, "lang": "zh", "half": "test"})
    return out


def score(memory: Memory, world: World, qs: list[dict[str, Any]], summaries: bool) -> list[dict[str, Any]]:
    rows = []
    for q in qs:
        # without summaries: every other item, archived ones included, as recall saw them before this job
        filters = None if summaries else RecallFilters(kinds=NOT_SUMMARY, statuses=[Status.ACTIVE, Status.ARCHIVED])
        response = memory.recall(world.user_id, q["q"], k=8, filters=filters, budget_tokens=500)
        text = response.context.text
        gold = world.month_topics[q["month"]]
        named = [t for t in gold if TOPICS[t][2] in text or TOPICS[t][3] in text]
        top = response.results[0].item if response.results else None
        from_summary = bool(top is not None and top.kind == Kind.SUMMARY
                            and (top.valid_from or top.created_at).strftime("%Y-%m") == q["month"])
        rows.append({**q, "topic_recall": len(named) / len(gold), "from_summary": from_summary,
                     "tokens": response.context.tokens})
    return rows


def table(headers: list[str], rows: list[list[Any]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    world = build_world(days=args.days)
    with tempfile.TemporaryDirectory() as tmp:
        clock = ManualClock(world.days[0].date)
        store = SqlStore(f"sqlite:///{tmp}/year.sqlite3", migrate=True)
        memory = Memory(store, settings=load_settings(maintain_every_turns=0), clock=clock)
        started = time.perf_counter()
        year = run_year(memory, clock, world)
        year["wall_s"] = round(time.perf_counter() - started, 1)
        qs = questions(world)
        with_s = score(memory, world, qs, summaries=True)
        without = score(memory, world, qs, summaries=False)
        memory.close()
    print(f"\n### A simulated year: {len(world.days)} days, {year['turns']} turns, one user\n")
    print(table(["day", "active items", "all items"], [list(row) for row in year["curve"]]))
    print(f"\nEnd state by status: {year['status']}; active by kind: {year['active_kinds']}")
    print(f"Summaries: {year['summaries']}; merged by maintenance: {year['merged']}; expired: {year['expired']}")
    print(f"Reachability problems: {len(year['problems'])} {year['problems'][:5]}; self_check: {year['self_check']}")
    m = year["maint_over_ingest"]
    print(f"Maintenance time / the day's ingest time: total {m['total']:.2f}, median day {m['median_day']:.2f}, "
          f"p95 day {m['p95_day']:.2f}")
    print("\n### Broad questions: with summaries vs without (k=8, 500-token block)\n")
    rows = []
    for half in ("dev", "test", "all"):
        for lang in ("en", "zh", "both"):
            pick = [i for i, q in enumerate(qs) if (half == "all" or q["half"] == half)
                    and (lang == "both" or q["lang"] == lang)]
            if not pick:
                continue
            rows.append([half, lang, len(pick),
                         f"{statistics.mean(with_s[i]['topic_recall'] for i in pick):.3f}",
                         f"{statistics.mean(without[i]['topic_recall'] for i in pick):.3f}",
                         f"{statistics.mean(with_s[i]['from_summary'] for i in pick):.2f}"])
    print(table(["half", "lang", "questions", "topic recall, summaries", "topic recall, no summaries",
                 "top result = that month's summary"], rows))
    if args.json:
        args.json.write_text(json.dumps({"year": year, "with": with_s, "without": without}, indent=1,
                                        ensure_ascii=False, default=str))


if __name__ == "__main__":
    main()
