"""The behaviour suite: does memory stay true when the user's life changes?

For each case (``behaviour_cases``) a ``Backend`` ingests the case's dated
conversation for a user of its own, then the case's checks judge what a
user of the service can observe: the items and their statuses, kinds, hit
counts and histories (read once, right after ingest, before any recall), and
the top-k of recall. ``EmbeddedBackend`` opens a fresh embedded ``Memory``
on a temporary SQLite file per case; the distributed workers plug in
through the same protocol (``tests/workers/test_behaviour_distributed.py``).

"Memory items" below are items whose kind is not ``event`` or ``summary``
(the curated memory: facts, preferences, todos ...); events and the dated
summaries of past conversations are the episodic record.
A check's ``kinds: all`` widens it to every item.

Checks (issue 13 §5, §8; DESIGN invariant 9):

- ``current_first``: in recall's top-k (default 5) for ``query`` some result
  states ``current``, and it ranks above every result that states ``old``
  as holding now (without stating ``current``, and unless ``past_ok: false``
  without a ``PAST_MARKERS`` word such as "no longer", 以前, 已不).
- ``no_stale_active``: no active memory item states ``old`` as holding now
  (same rule).
- ``context_first``: the same rule over the lines of the packed context
  block (what the agent reads, grouped by theme) instead of recall's order.
- ``no_repeat``: no two of recall's top-k (default 5) share a source turn or
  say nearly the same thing (equal or contained normalised text, or a
  ``difflib`` ratio >= 0.85).
- ``hits``: exactly one (at most ``max_items``, default 1, at least one)
  active memory item states ``match``, and the highest hit count among them
  is >= ``min`` (default 1). An item's hit counts the times it was confirmed
  after the statement that created it: a fact said twice has hit 1, said
  three times hit 2.
- ``history``: some active item states ``current`` and either its own
  history holds a text stating ``old``, or an item stating ``old`` was
  superseded by it (a supersede revision naming it). With ``date``
  (YYYY-MM-DD, the changing turn's own day) the change must be dated that
  day: history shows when it happened, not when it was ingested.
- ``absent``: no active memory item (``kinds: all``: no active item) states
  ``text``; with a ``query``, neither does any result of its top-k.
- ``active_contains``: some active memory item states ``text``.

Pass rates are over checks (a case of three checks counts three), per
category, per split (dev / test) and overall.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC
from pathlib import Path
from typing import Any, Protocol

from memory_core.eval.behaviour_cases import BEHAVIOUR_DIR, CATEGORIES, Case, CaseTurn, load_cases
from memory_core.eval.behaviour_checks import CheckResult, ItemView, Recalled, RevisionView, run_checks
from memory_core.model import Turn
from memory_core.service import Memory, open_memory
from memory_core.settings import load_settings

__all__ = [
    "DEV_PATH",
    "TEST_PATH",
    "Backend",
    "CaseResult",
    "CheckResult",
    "EmbeddedBackend",
    "ItemView",
    "Recalled",
    "evaluate_behaviour",
    "format_report",
    "run_case",
    "run_checks",
]

DEV_PATH = BEHAVIOUR_DIR / "dev.yaml"
TEST_PATH = BEHAVIOUR_DIR / "test.yaml"


class Backend(Protocol):
    """Where a case runs: ingest its turns, then show its items and recall."""

    def open_case(self, case: Case) -> str:
        """Prepare a fresh memory for ``case``; return the user id to use."""

    def ingest(self, user_id: str, turns: Sequence[CaseTurn]) -> None:
        """Store and apply the turns, in order; return once all are applied."""

    def items(self, user_id: str) -> list[ItemView]:
        """Every item of the user (any status but deleted), with history."""

    def recall(self, user_id: str, query: str, k: int) -> list[Recalled]:
        """Recall's top-k for ``query``, best first."""

    def context(self, user_id: str, query: str, k: int) -> str:
        """The packed context block's text for ``query`` over the top-k."""

    def close_case(self) -> None:
        """Release what ``open_case`` made."""


def to_turn(user_id: str, turn: CaseTurn) -> Turn:
    """The ``Turn`` a case turn is ingested as."""
    return Turn(user_id, turn.turn_id, turn.session, turn.role, turn.text, turn.at, speaker=turn.speaker)


def _view(item: Any) -> ItemView:
    return ItemView(item.id, item.description, str(item.status), str(item.kind), str(item.trust), item.hit,
                    tuple(item.source),
                    tuple(RevisionView(r.op, r.old_description, r.new_description,
                                       r.at.astimezone(UTC).date().isoformat(), r.other_id or "")
                          for r in item.history))


class EmbeddedBackend:
    """A fresh embedded ``Memory`` per case on a temporary SQLite file.

    The database is migrated once into a template file, which each case copies
    (a fresh store without paying the migration per case). Settings come from
    the environment as for any embedded use (``GULFSTREAM_*``), with the
    database URL replaced.
    """

    def __init__(self) -> None:
        self._dir = tempfile.TemporaryDirectory(prefix="gulfstream-behaviour-")
        self._template = Path(self._dir.name) / "template.sqlite3"
        open_memory(load_settings(database_url=f"sqlite:///{self._template}")).close()
        self._memory: Memory | None = None
        self._count = 0

    def open_case(self, case: Case) -> str:
        """Copy the migrated template into a new file and open a ``Memory`` on it; the user is "u"."""
        self._count += 1
        path = Path(self._dir.name) / f"case{self._count}.sqlite3"
        path.write_bytes(self._template.read_bytes())
        self._memory = open_memory(load_settings(database_url=f"sqlite:///{path}"))
        return "u"

    def _mem(self) -> Memory:
        assert self._memory is not None, "open_case first"
        return self._memory

    def ingest(self, user_id: str, turns: Sequence[CaseTurn]) -> None:
        """``Memory.ingest`` of all turns (recorded in one transaction, applied in order)."""
        self._mem().ingest([to_turn(user_id, t) for t in turns])

    def items(self, user_id: str) -> list[ItemView]:
        """Items of every status but deleted, with history."""
        return [_view(i) for i in self._mem().store.list_items(user_id, statuses=("active", "superseded", "archived"))]

    def recall(self, user_id: str, query: str, k: int) -> list[Recalled]:
        """``Memory.recall`` with default settings."""
        return [Recalled(_view(r.item), tuple(r.turn_ids)) for r in self._mem().recall(user_id, query, k=k).results]

    def context(self, user_id: str, query: str, k: int) -> str:
        """The context block ``Memory.recall`` packs (default budget)."""
        return self._mem().recall(user_id, query, k=k).context.text

    def close_case(self) -> None:
        """Close this case's store and remove its file."""
        if self._memory is not None:
            url = self._memory.settings.database_url
            self._memory.close()
            self._memory = None
            Path(url.removeprefix("sqlite:///")).unlink(missing_ok=True)

    def close(self) -> None:
        """Remove the temporary folder."""
        self.close_case()
        self._dir.cleanup()


@dataclass(slots=True)
class CaseResult:
    """One case's outcome: id, split, category, lang, check results, ingest and check time (ms)."""

    id: str
    split: str
    category: str
    lang: str
    checks: list[CheckResult] = field(default_factory=list)
    ingest_ms: float = 0.0
    check_ms: float = 0.0

    @property
    def passed(self) -> bool:
        """True when every check passed."""
        return all(c.passed for c in self.checks)


def run_case(backend: Backend, case: Case) -> CaseResult:
    """Ingest ``case`` into a fresh memory of ``backend`` and run its checks.

    An exception from the backend is not caught (a broken write path must not
    look like a failed check).
    """
    result = CaseResult(case.id, case.split, case.category, case.lang)
    user = backend.open_case(case)
    try:
        started = time.perf_counter()
        backend.ingest(user, case.turns)
        ingested = time.perf_counter()
        items = backend.items(user)  # one snapshot, before any recall could count hits
        result.checks = run_checks(case.checks, items, lambda q, k: backend.recall(user, q, k),
                                   lambda q, k: backend.context(user, q, k))
        result.ingest_ms = (ingested - started) * 1e3
        result.check_ms = (time.perf_counter() - ingested) * 1e3
    finally:
        backend.close_case()
    return result


def _rate(results: Iterable[CaseResult]) -> dict[str, Any]:
    rs = list(results)
    checks = [c for r in rs for c in r.checks]
    passed = sum(c.passed for c in checks)
    return {"cases": len(rs), "cases_passed": sum(r.passed for r in rs), "checks": len(checks),
            "checks_passed": passed, "pass_rate": round(passed / len(checks), 4) if checks else None}


def evaluate_behaviour(paths: Sequence[Path] = (DEV_PATH, TEST_PATH), backend: Backend | None = None,
                       progress: Callable[[str, int], Callable[[int], None]] | None = None) -> dict[str, Any]:
    """Run every case of ``paths`` and summarise.

    Args:
        paths: case files; each file's stem is its split name ("dev", "test").
        backend: where cases run (default: a new ``EmbeddedBackend``).
        progress: optional ``progress(label, total) -> advance(n)`` callback.

    Returns:
        ``{"splits": {split: {"overall": rate, "categories": {category: rate}}},
        "overall": rate, "languages": {lang: rate}, "checks": {check name: rate},
        "cases": [per-case results], "timing": {...}}`` where a rate is
        ``{"cases", "cases_passed", "checks", "checks_passed", "pass_rate"}`` (the
        per-check rates without the case counts).

    Raises:
        InvalidInput: a case file is malformed (before anything runs).
    """
    cases = [c for p in paths for c in load_cases(Path(p))]
    own = backend is None
    runner: Backend = EmbeddedBackend() if backend is None else backend
    advance = progress("behaviour", len(cases)) if progress else (lambda n: None)
    started = time.perf_counter()
    results: list[CaseResult] = []
    try:
        for case in cases:
            results.append(run_case(runner, case))
            advance(1)
    finally:
        if own:
            runner.close()  # type: ignore[attr-defined]
    wall = time.perf_counter() - started
    splits = {}
    for split in dict.fromkeys(r.split for r in results):
        mine = [r for r in results if r.split == split]
        splits[split] = {"overall": _rate(mine),
                         "categories": {c: _rate(r for r in mine if r.category == c)
                                        for c in CATEGORIES if any(r.category == c for r in mine)}}
    turns = sum(len(c.turns) for c in cases)
    by_check: dict[str, list[bool]] = {}
    for check in (c for r in results for c in r.checks):
        by_check.setdefault(check.name, []).append(check.passed)
    return {
        "splits": splits, "overall": _rate(results),
        "languages": {lang: _rate(r for r in results if r.lang == lang) for lang in ("en", "zh", "mixed")},
        "checks": {name: {"checks": len(v), "checks_passed": sum(v), "pass_rate": round(sum(v) / len(v), 4)}
                   for name, v in by_check.items()},
        "timing": {"wall_s": round(wall, 2), "turns": turns,
                   "ingest_ms_per_case": round(sum(r.ingest_ms for r in results) / max(1, len(results)), 1),
                   "checks_ms_per_case": round(sum(r.check_ms for r in results) / max(1, len(results)), 1)},
        "cases": [{"id": r.id, "split": r.split, "category": r.category, "lang": r.lang, "passed": r.passed,
                   "checks": [{"check": c.label, "passed": c.passed, "detail": c.detail} for c in r.checks]}
                  for r in results],
    }


def _pct(rate: dict[str, Any]) -> str:
    if not rate or rate["pass_rate"] is None:
        return "-"
    return f"{rate['pass_rate'] * 100:5.1f}% ({rate['checks_passed']}/{rate['checks']})"


def format_report(result: dict[str, Any], failures: bool = False) -> str:
    """The per-category table (checks passed per split), the overall line, optionally each failed check."""
    splits = list(result["splits"])
    width = max(len(c) for c in CATEGORIES) + 2
    lines = ["category".ljust(width) + "".join(s.ljust(22) for s in splits)]
    for cat in CATEGORIES:
        cells = [_pct(result["splits"][s]["categories"].get(cat, {})) for s in splits]
        if any(cell != "-" for cell in cells):
            lines.append(cat.ljust(width) + "".join(cell.ljust(22) for cell in cells))
    lines.append("overall".ljust(width) + "".join(_pct(result["splits"][s]["overall"]).ljust(22) for s in splits))
    overall = result["overall"]
    lines.append(f"\nall checks: {_pct(overall)}; cases fully passed {overall['cases_passed']}/{overall['cases']}")
    lines.append("by language: " + ", ".join(f"{lang} {_pct(rate)}" for lang, rate in result["languages"].items()
                                            if rate["checks"]))
    lines.append("by check: " + ", ".join(f"{name} {_pct(rate)}" for name, rate in result["checks"].items()))
    if failures:
        for case in result["cases"]:
            for check in case["checks"]:
                if not check["passed"]:
                    lines.append(f"FAIL {case['id']} [{case['category']}] {check['check']}: {check['detail']}")
    return "\n".join(lines)
