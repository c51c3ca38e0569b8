"""The behaviour suite's case format: short dated conversations plus checks, read from YAML.

A case file (``memory_core/data/behaviour/dev.yaml`` or ``test.yaml``) is a
YAML mapping ``{"cases": [case, ...]}``. One case::

    id: dev-zh-home-move          # unique in the file
    category: change              # one of CATEGORIES
    lang: zh                      # en, zh or mixed
    speaker: 林晓                  # optional: the user's display name (default "user")
    note: why the case exists     # optional, shown when it fails
    turns:                        # in publish order (an "older turn arriving late" is a turn
                                  # whose time is before the one above it)
      - {at: 2025-03-02T09:15, text: 我住在杭州。}            # role user, speaker "user" by default
      - {at: 2025-03-02T09:16, role: assistant, text: 好的。}
      - {at: 2025-03-02T09:20, role: tool, speaker: web, text: ...}
      - {filler: 45, lang: zh}    # 45 unrelated chit-chat turns from FILLER_PATH, after the turn above
      - {at: 2025-06-10T20:00, text: 上个月搬到成都了。}
    checks:
      - {check: current_first, query: 我住在哪里？, current: [成都], old: [杭州]}
      - {check: no_stale_active, old: [杭州], current: [成都]}

Patterns (``current``, ``old``, ``text``, ``match``) are lists; an item
"states" a pattern list when its description contains any entry
(case-insensitive substring) or matches any entry written ``re:<regex>``.
The checks and what each judges are in ``memory_core.eval.behaviour``.

Turn ids are ``<case id>-<n>`` (n from 1, filler included); a turn's session
is ``s<date>`` unless it names one. Filler turns are drawn deterministically
(seeded by the case id) from the pool for their language, a user line
followed by an assistant line, seven minutes apart.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import yaml

from memory_core.errors import InvalidInput

__all__ = [
    "BEHAVIOUR_DIR",
    "CATEGORIES",
    "CHECKS",
    "FILLER_PATH",
    "Case",
    "CaseTurn",
    "Check",
    "Pattern",
    "load_cases",
    "load_filler",
]

BEHAVIOUR_DIR = Path(__file__).resolve().parent.parent / "data" / "behaviour"
FILLER_PATH = BEHAVIOUR_DIR / "filler.yaml"

#: Case categories and what each tries (issue 13 §2, §8).
CATEGORIES: dict[str, str] = {
    "change": "a single-valued fact changes (home, employer, job title, school, partner, pet ...)",
    "cessation": "a preference is negated or given up (no longer, quit, 不再, 戒了, 改喝)",
    "reversal": "a given-up preference is taken up again (a reversal of a reversal)",
    "temporary": "a trip, hotel or visit must not replace a lasting fact",
    "other_people": "facts about other people must not touch the user's",
    "non_assertion": "questions, hypotheticals and reported speech change nothing",
    "restatement": "a fact said again is a hit, not a duplicate",
    "detail_added": "a detail added later revises the same item",
    "paraphrase": "different phrasings of one fact, in either language, are one item",
    "late_turn": "an older turn arriving late does not override a newer one",
    "long_gap": "40+ unrelated turns between a fact and its change",
    "evidence": "assistant small talk and tool text are evidence, not user memory or rules",
    "indirect": "indirect phrasings (a brand inside Chinese, 'my office is at', 我在腾讯上班)",
}

#: Check names and the fields each takes (required first).
CHECKS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "current_first": (("query", "current"), ("old", "k", "past_ok")),
    "context_first": (("query", "current"), ("old", "k", "past_ok")),
    "no_stale_active": (("old",), ("current", "kinds", "past_ok")),
    "no_repeat": (("query",), ("k",)),
    "hits": (("match",), ("min", "max_items", "kinds")),
    "history": (("current", "old"), ("date",)),
    "absent": (("text",), ("query", "k", "kinds")),
    "active_contains": (("text",), ("kinds",)),
}

LANGS = ("en", "zh", "mixed")
ROLES = ("user", "assistant", "tool")
FILLER_GAP = timedelta(minutes=7)


@dataclass(frozen=True, slots=True)
class Pattern:
    """Any-of text patterns: substrings (case-insensitive) or ``re:`` regexes."""

    entries: tuple[str, ...]

    @classmethod
    def parse(cls, raw: object, where: str) -> Pattern:
        """Build from a string or a list of strings. Raises InvalidInput (empty, bad regex)."""
        values = [raw] if isinstance(raw, str) else raw
        if not isinstance(values, list) or not values or not all(isinstance(v, str) and v for v in values):
            raise InvalidInput(f"{where}: expected a non-empty string or list of strings, got {raw!r}")
        for value in values:
            if value.startswith("re:"):
                try:
                    re.compile(value[3:])
                except re.error as exc:
                    raise InvalidInput(f"{where}: bad regex {value!r}: {exc}") from None
        return cls(tuple(values))

    def matches(self, text: str) -> bool:
        """True when ``text`` contains any substring entry or matches any regex entry."""
        low = text.lower()
        for entry in self.entries:
            if entry.startswith("re:"):
                if re.search(entry[3:], text, re.IGNORECASE):
                    return True
            elif entry.lower() in low:
                return True
        return False


@dataclass(frozen=True, slots=True)
class CaseTurn:
    """One turn of a case, after filler expansion: id, role, speaker, text, time (UTC), session."""

    turn_id: str
    role: str
    speaker: str
    text: str
    at: datetime
    session: str
    filler: bool = False


@dataclass(frozen=True, slots=True)
class Check:
    """One check of a case: its name and its parsed arguments (patterns as ``Pattern``)."""

    name: str
    args: dict[str, Any]

    def label(self) -> str:
        """A short readable form for reports: ``current_first("我住在哪里？")``."""
        shown = self.args.get("query") or ", ".join(
            self.args[key].entries[0] for key in ("current", "old", "text", "match") if key in self.args)
        return f"{self.name}({shown})"


@dataclass(slots=True)
class Case:
    """One behaviour case: a dated conversation and the checks run after it is ingested."""

    id: str
    category: str
    lang: str
    turns: list[CaseTurn]
    checks: list[Check]
    note: str = ""
    split: str = ""
    filler_turns: int = field(default=0)


def load_filler(path: Path = FILLER_PATH) -> dict[str, list[tuple[str, str]]]:
    """Return the filler pool: ``{"en": [(user line, assistant line), ...], "zh": [...]}``.

    Raises:
        InvalidInput: the file is not such a mapping.
        OSError: it cannot be read.
    """
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    pool: dict[str, list[tuple[str, str]]] = {}
    for lang in ("en", "zh"):
        pairs = raw.get(lang) if isinstance(raw, dict) else None
        if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
            raise InvalidInput(f"{path}: {lang!r} must be a list of [user line, assistant line] pairs")
        pool[lang] = [(str(u), str(a)) for u, a in pairs]
    return pool


def _time(raw: object, where: str) -> datetime:
    if isinstance(raw, datetime):
        when = raw
    elif isinstance(raw, str):
        try:
            when = datetime.fromisoformat(raw)
        except ValueError:
            raise InvalidInput(f"{where}: 'at' must be an ISO time like 2025-03-02T09:15, got {raw!r}") from None
    else:
        raise InvalidInput(f"{where}: 'at' must be an ISO time like 2025-03-02T09:15, got {raw!r}")
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def _turns(case_id: str, raw: object, pool: dict[str, list[tuple[str, str]]],
           where: str, user_name: str = "user") -> tuple[list[CaseTurn], int]:
    if not isinstance(raw, list) or not raw:
        raise InvalidInput(f"{where}: 'turns' must be a non-empty list")
    rng = random.Random(case_id)
    out: list[CaseTurn] = []
    fillers = 0
    for number, entry in enumerate(raw, 1):
        here = f"{where} turn {number}"
        if not isinstance(entry, dict):
            raise InvalidInput(f"{here}: expected a mapping, got {entry!r}")
        if "filler" in entry:
            count, lang = entry["filler"], entry.get("lang", "en")
            if not isinstance(count, int) or count < 1 or lang not in pool or not out:
                raise InvalidInput(f"{here}: filler needs a positive count, lang en or zh, and a dated turn before it")
            when = out[-1].at
            for i in range(count):
                user, assistant = rng.choice(pool[lang])
                when += FILLER_GAP
                who, line = ("user", user) if i % 2 == 0 else ("assistant", assistant)
                out.append(CaseTurn(f"{case_id}-{len(out) + 1}", who, user_name if who == "user" else who, line, when,
                                    f"s{when.date().isoformat()}", filler=True))
            fillers += count
            continue
        unknown = set(entry) - {"at", "role", "speaker", "text", "session"}
        if unknown:
            raise InvalidInput(f"{here}: unknown field(s) {', '.join(sorted(unknown))}")
        role = entry.get("role", "user")
        text = entry.get("text")
        if role not in ROLES:
            raise InvalidInput(f"{here}: role must be one of {', '.join(ROLES)}, got {role!r}")
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput(f"{here}: 'text' must be a non-empty string")
        when = _time(entry.get("at"), here)
        session = str(entry.get("session") or f"s{when.date().isoformat()}")
        speaker = entry.get("speaker") or (user_name if role == "user" else role)
        out.append(CaseTurn(f"{case_id}-{len(out) + 1}", role, str(speaker), text.strip(), when, session))
    return out, fillers


def _check(raw: object, where: str) -> Check:
    if not isinstance(raw, dict) or raw.get("check") not in CHECKS:
        raise InvalidInput(f"{where}: expected a mapping with 'check' one of {', '.join(CHECKS)}, got {raw!r}")
    name = raw["check"]
    required, optional = CHECKS[name]
    missing = [key for key in required if key not in raw]
    unknown = set(raw) - {"check", *required, *optional}
    if missing or unknown:
        takes = ", ".join(optional) or "nothing else"
        raise InvalidInput(f"{where}: {name} needs {', '.join(required)} and takes {takes}"
                           f" (missing {missing or 'none'}, unknown {sorted(unknown) or 'none'})")
    args: dict[str, Any] = {}
    for key, value in raw.items():
        if key in ("current", "old", "text", "match"):
            args[key] = Pattern.parse(value, f"{where} {key}")
        elif key in ("k", "min", "max_items"):
            if not isinstance(value, int) or value < 0:
                raise InvalidInput(f"{where}: {key} must be a whole number >= 0, got {value!r}")
            args[key] = value
        elif key == "past_ok":
            if not isinstance(value, bool):
                raise InvalidInput(f"{where}: past_ok must be true or false, got {value!r}")
            args[key] = value
        elif key == "kinds":
            if value not in ("memory", "all"):
                raise InvalidInput(f"{where}: kinds must be 'memory' (items other than events) or 'all'")
            args[key] = value
        elif key == "date":
            day = value.isoformat() if isinstance(value, date) else str(value)
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", day):
                raise InvalidInput(f"{where}: date must be a day like 2025-06-10, got {value!r}")
            args[key] = day
        elif key == "query":
            if not isinstance(value, str) or not value.strip():
                raise InvalidInput(f"{where}: query must be a non-empty string")
            args[key] = value
    return Check(name, args)


def load_cases(path: Path, pool: dict[str, list[tuple[str, str]]] | None = None) -> list[Case]:
    """Read and check a case file; return its cases with filler expanded.

    Args:
        path: a YAML case file (see the module docstring).
        pool: filler pool (default: ``load_filler()``).

    Raises:
        InvalidInput: naming the file, case and field of the first problem
            (unknown category, check or field; bad time, pattern or role; duplicate id).
        OSError: the file cannot be read.
    """
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise InvalidInput(f"{path}: not valid YAML: {exc}") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("cases"), list):
        raise InvalidInput(f"{path}: expected a mapping with a 'cases' list")
    pool = pool if pool is not None else load_filler()
    cases: list[Case] = []
    seen: set[str] = set()
    for number, entry in enumerate(raw["cases"], 1):
        where = f"{path.name} case {number}"
        if not isinstance(entry, dict):
            raise InvalidInput(f"{where}: expected a mapping")
        case_id = entry.get("id")
        if not isinstance(case_id, str) or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,80}", case_id):
            raise InvalidInput(f"{where}: 'id' must be letters, digits, '-', '_' or '.', got {case_id!r}")
        where = f"{path.name} case {case_id}"
        if case_id in seen:
            raise InvalidInput(f"{where}: duplicate id")
        seen.add(case_id)
        unknown = set(entry) - {"id", "category", "lang", "speaker", "note", "turns", "checks"}
        if unknown:
            raise InvalidInput(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        if entry.get("category") not in CATEGORIES:
            raise InvalidInput(f"{where}: category must be one of {', '.join(CATEGORIES)}, "
                               f"got {entry.get('category')!r}")
        if entry.get("lang") not in LANGS:
            raise InvalidInput(f"{where}: lang must be one of {', '.join(LANGS)}, got {entry.get('lang')!r}")
        checks = entry.get("checks")
        if not isinstance(checks, list) or not checks:
            raise InvalidInput(f"{where}: 'checks' must be a non-empty list")
        turns, fillers = _turns(case_id, entry.get("turns"), pool, where, str(entry.get("speaker") or "user"))
        cases.append(Case(case_id, entry["category"], entry["lang"], turns,
                          [_check(c, f"{where} check {i}") for i, c in enumerate(checks, 1)],
                          str(entry.get("note") or ""), path.stem, fillers))
    return cases
