"""The behaviour suite's checks: what each judges, from an item snapshot and a recall function.

The checks themselves are described in ``memory_core.eval.behaviour``; this
module holds the views they read (``ItemView``, ``Recalled``) and the judge.
"Memory items" are items whose kind is not ``event``; ``kinds: all`` widens a
check to every item.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from memory_core.errors import InvalidInput
from memory_core.eval.behaviour_cases import Check, Pattern

__all__ = ["NEAR_DUPLICATE_RATIO", "PAST_MARKERS", "CheckResult", "ItemView", "Recalled", "RevisionView", "run_checks"]

NEAR_DUPLICATE_RATIO = 0.85
#: Words saying a value no longer holds, EN and ZH: an item holding one of them next to an old value
#: reports the change rather than the stale value (``past_ok``, on by default). Cases whose old value
#: is itself a negation (a reversal of a reversal) set ``past_ok: false``.
PAST_MARKERS = re.compile(
    r"no longer|not any ?more|n't\b.{0,30}\bany ?more|\bused to\b|\bformerly\b|\bformer\b|\bpreviously\b"
    r"|\b(quit|left|gave up|stopped|moved (away )?from)\b|\bex-"
    r"|不再|已不|不在|以前|之前|曾经|原来|离职|辞职|离开|戒了|戒掉|搬离|前任|不.{0,4}了",
    re.IGNORECASE)
_PUNCT = re.compile(r"[\s\W_]+", re.UNICODE)


@dataclass(frozen=True, slots=True)
class RevisionView:
    """One history entry as the checks see it: op, texts before and after, its day, the other item."""

    op: str
    old: str
    new: str
    day: str  # "YYYY-MM-DD" of the revision's time (UTC)
    other_id: str = ""

    @classmethod
    def from_mapping(cls, rev: dict[str, Any]) -> RevisionView:
        """Build from a ``Revision`` as a mapping (``at`` a datetime or an ISO string)."""
        at = rev.get("at")
        day = at.astimezone(UTC).date().isoformat() if isinstance(at, datetime) else \
            datetime.fromisoformat(str(at)).astimezone(UTC).date().isoformat() if at else ""
        return cls(str(rev.get("op") or ""), str(rev.get("old_description") or ""),
                   str(rev.get("new_description") or ""), day, str(rev.get("other_id") or ""))


@dataclass(frozen=True, slots=True)
class ItemView:
    """What the checks see of one item.

    Attributes:
        id: item id (only used to link a supersede revision to its successor).
        description, status, kind, trust: as stored.
        hit: hit count.
        source: source turn ids.
        revisions: its history, oldest first.
    """

    id: str
    description: str
    status: str
    kind: str
    trust: str
    hit: int
    source: tuple[str, ...]
    revisions: tuple[RevisionView, ...] = ()

    @property
    def active(self) -> bool:
        """True for status active."""
        return self.status == "active"

    @property
    def superseded_by(self) -> tuple[str, ...]:
        """Ids named by its supersede revisions."""
        return tuple(r.other_id for r in self.revisions if r.op == "supersede" and r.other_id)

    @classmethod
    def from_parts(cls, item: dict[str, Any], history: Iterable[dict[str, Any]]) -> ItemView:
        """Build from an item mapping (``MemoryItem`` fields) and its revisions as mappings."""
        revs = tuple(RevisionView.from_mapping(r) for r in history)
        return cls(str(item["id"]), str(item["description"]), str(item["status"]), str(item["kind"]),
                   str(item.get("trust", "")), int(item.get("hit", 0)), tuple(item.get("source") or ()),
                   tuple(sorted(revs, key=lambda r: r.day)))


@dataclass(frozen=True, slots=True)
class Recalled:
    """One recall result: the item and its source turn ids, best first."""

    item: ItemView
    turn_ids: tuple[str, ...]


@dataclass(slots=True)
class CheckResult:
    """The outcome of one check: its name, label, pass/fail, and a detail line for failures."""

    name: str
    label: str
    passed: bool
    detail: str = ""


#: The episodic record: what happened and what was said when (events, and the dated summaries of
#: past conversations), never a claim about the present.
EPISODIC = frozenset({"event", "summary"})


def _memory_items(items: Sequence[ItemView], kinds: str) -> list[ItemView]:
    return [i for i in items if i.active and (kinds == "all" or i.kind not in EPISODIC)]


def _states_old(text: str, old: Pattern, current: Pattern | None, past_ok: bool = True) -> bool:
    """True when ``text`` states the old value as holding now.

    Not when it also states the current value, nor (``past_ok``) when it says
    the old value is over ("no longer works at X", "以前住在X", "已从X离职").
    """
    if not old.matches(text) or (current is not None and current.matches(text)):
        return False
    return not (past_ok and PAST_MARKERS.search(text))


def _norm(text: str) -> str:
    return _PUNCT.sub("", text.lower())


def _near_same(a: str, b: str) -> bool:
    x, y = _norm(a), _norm(b)
    if not x or not y:
        return False
    if x == y or (min(len(x), len(y)) >= 6 and (x in y or y in x)):
        return True
    return difflib.SequenceMatcher(None, x, y).ratio() >= NEAR_DUPLICATE_RATIO


def _short(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n - 1] + "…"


def _ranked(results: Sequence[Recalled]) -> str:
    return "; ".join(f"{n}. {_short(r.item.description, 40)}" for n, r in enumerate(results, 1)) or "(nothing)"


def _judge(check: Check, items: Sequence[ItemView], recall: Callable[[str, int], list[Recalled]]) -> tuple[bool, str]:
    a = check.args
    kinds = a.get("kinds", "memory")
    if check.name == "current_first":
        results = recall(a["query"], a.get("k", 5))
        cur = next((n for n, r in enumerate(results) if a["current"].matches(r.item.description)), None)
        old = a.get("old")
        stale = next((n for n, r in enumerate(results) if old is not None
                      and _states_old(r.item.description, old, a["current"], a.get("past_ok", True))), None)
        if cur is None:
            return False, f"no result states the current value: {_ranked(results)}"
        if stale is not None and stale < cur:
            return False, f"old value at rank {stale + 1} above current at {cur + 1}: {_ranked(results)}"
        return True, ""
    if check.name == "no_stale_active":
        stale_items = [i for i in _memory_items(items, kinds)
                       if _states_old(i.description, a["old"], a.get("current"), a.get("past_ok", True))]
        return not stale_items, "; ".join(f"active {i.kind}: {_short(i.description)}" for i in stale_items)
    if check.name == "no_repeat":
        results = recall(a["query"], a.get("k", 5))
        for x in range(len(results)):
            for y in range(x + 1, len(results)):
                rx, ry = results[x].item, results[y].item
                if set(rx.source) & set(ry.source) or _near_same(rx.description, ry.description):
                    return False, f"ranks {x + 1} and {y + 1} say the same: {_short(rx.description, 40)} | " \
                                  f"{_short(ry.description, 40)}"
        return True, ""
    if check.name == "hits":
        found = [i for i in _memory_items(items, kinds) if a["match"].matches(i.description)]
        most = a.get("max_items", 1)
        if not found or len(found) > most:
            return False, f"{len(found)} active item(s) state it (want 1..{most}): " \
                          + "; ".join(_short(i.description) for i in found)
        best = max(i.hit for i in found)
        return best >= a.get("min", 1), f"hit {best} < {a.get('min', 1)}: {_short(found[0].description)}"
    if check.name == "history":
        current = [i for i in _memory_items(items, "memory") if a["current"].matches(i.description)]
        if not current:
            return False, "no active memory item states the current value"
        ids = {i.id for i in current}
        # the change as recorded: a revision of the current item from the old text, or the old item's
        # supersede naming the current one (a merge keeps the old item's own create revision too)
        changes = [r for i in current for r in i.revisions if r.op != "create" and a["old"].matches(r.old)]
        changes += [r for i in items if i.status == "superseded" and a["old"].matches(i.description)
                    for r in i.revisions if r.op == "supersede" and r.other_id in ids]
        kept = changes or [r for i in current for r in i.revisions if a["old"].matches(r.old or r.new)]
        if not kept:
            return False, "the current item's history does not hold the old value: " + _short(current[0].description)
        if "date" in a and not any(r.day == a["date"] for r in changes):
            if not changes:
                return False, "the old value is in the history but no revision records the change"
            days = ", ".join(sorted({r.day for r in changes}))
            return False, f"the change is dated {days}, not the turn's own day {a['date']}"
        return True, ""
    if check.name == "absent":
        hits = [f"active {i.kind}: {_short(i.description)}" for i in _memory_items(items, kinds)
                if a["text"].matches(i.description)]
        if "query" in a:
            ranked = recall(a["query"], a.get("k", 5))
            hits += [f"recalled #{n}: {_short(r.item.description)}"
                     for n, r in enumerate(ranked, 1) if a["text"].matches(r.item.description)]
        return not hits, "; ".join(hits)
    if check.name == "active_contains":
        ok = any(a["text"].matches(i.description) for i in _memory_items(items, kinds))
        shown = "; ".join(_short(i.description, 40) for i in _memory_items(items, kinds)[:6])
        return ok, f"no active item states it; active: {shown or '(none)'}"
    raise AssertionError(f"unknown check {check.name}")  # load_cases refuses unknown names


def _context_first(check: Check, context: Callable[[str, int], str]) -> tuple[bool, str]:
    """``context_first``: in the packed context block, a line stating the current value comes first."""
    a = check.args
    lines = [line for line in context(a["query"], a.get("k", 5)).splitlines() if line.strip()]
    cur = next((n for n, line in enumerate(lines) if a["current"].matches(line)), None)
    old = a.get("old")
    stale = next((n for n, line in enumerate(lines) if old is not None
                  and _states_old(line, old, a["current"], a.get("past_ok", True))), None)
    shown = " / ".join(_short(line, 50) for line in lines[:8])
    if cur is None:
        return False, f"no line of the context block states the current value: {shown}"
    if stale is not None and stale < cur:
        return False, f"the old value's line comes first in the context block: {shown}"
    return True, ""


def run_checks(checks: Sequence[Check], items: Sequence[ItemView], recall: Callable[[str, int], list[Recalled]],
               context: Callable[[str, int], str] | None = None) -> list[CheckResult]:
    """Judge ``checks`` against a snapshot of the items, a recall function and a context-block function.

    Args:
        recall: ``(query, k) -> results``, best first.
        context: ``(query, k) -> the packed context block's text`` (needed by ``context_first`` only).

    Returns:
        one ``CheckResult`` per check, in order (detail empty when passed).

    Raises:
        InvalidInput: a ``context_first`` check without a ``context`` function.
    """
    out = []
    for check in checks:
        if check.name == "context_first":
            if context is None:
                raise InvalidInput("context_first needs a context-block function")
            ok, detail = _context_first(check, context)
        else:
            ok, detail = _judge(check, items, recall)
        out.append(CheckResult(check.name, check.label(), ok, "" if ok else detail))
    return out
