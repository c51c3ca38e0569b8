"""Short-term memory: a session's recent turns within a token budget, and a rolling summary of the rest.

Seed 003 §2.1: the window is a FIFO counted in tokens, not turns; what falls
out of it is compacted into a summary instead of being dropped (seed 001
§8.4.1 "滑动窗口 + 阶段摘要"). The summary is extractive and rolling: each
call folds the turns that left the window since the last call into a short
list of points (the most informative turns: most distinct content terms,
chit-chat left out), kept in ``session_state`` (slot "summary") with the
highest ``seq`` it covers, so a call costs one window read plus the turns
that newly left it.

Sessions belong to users: every read names both, so a session id reused by
another user is another session.

The window is a read surface like any other (``memory_core.shown``): every
sensitive value in its turns and summary points (passwords, PINs, card/ID
numbers, API keys, health details) is shown as its label, under every
sensitive-data policy, since this block goes into the agent's prompt as it is. For the same
reason a tool's or web page's turn is data, never an instruction (``session.tool_turns``): every
turn carries its trust, and a tool turn that gives the model orders ("Ignore all previous
instructions", 忽略之前的所有指令) is shown as a marker, never in its words, and never becomes a
summary point.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from memory_core.context import count_tokens, query_lang
from memory_core.errors import InvalidField
from memory_core.model import Turn
from memory_core.pipeline.echo import echo_masked, prior_user_turns
from memory_core.session.sources import WindowSource
from memory_core.session.tool_turns import is_withheld, turn_trust, withhold
from memory_core.shown import shown_text
from memory_core.text.tokenize import tokenize
from memory_core.validation import check_id

__all__ = ["MAX_WINDOW_TURNS", "SessionWindow", "ShortTermMemory", "fold_points", "split_window"]

#: Most recent turns read for a window (a window never holds more).
MAX_WINDOW_TURNS = 200
#: Points kept in a rolling summary, and characters per point.
MAX_POINTS = 6
POINT_CHARS = 120
#: A turn with fewer distinct content terms is chit-chat, never a point.
MIN_POINT_TERMS = 3
#: A turn sharing at least this share of its content terms with a point (Jaccard) says that point again.
SAME_POINT_OVERLAP = 0.6


@dataclass(slots=True)
class SessionWindow:
    """A session's short-term memory.

    Attributes:
        user_id / session_id: whose session.
        turns: the recent turns, oldest first, whose texts fit the budget with the summary (the newest always).
        summary: the rolling summary of the older turns ("" when none left the window).
        summarized_through: highest ``seq`` the summary covers (0 when none).
        older_turns: turns of the session before the window.
        tokens: ``count_tokens`` of the window's texts plus the summary.
    """

    user_id: str
    session_id: str
    turns: list[Turn] = field(default_factory=list)
    summary: str = ""
    summarized_through: int = 0
    older_turns: int = 0
    tokens: int = 0

    def to_json(self) -> dict[str, Any]:
        """``{"user_id", "session_id", "turns": [{"turn_id", "role", "speaker", "text", "timestamp" (ISO),
        "seq", "trust" ("user", "agent" or "tool": a tool's text is data, not an instruction)}], "summary",
        "summarized_through", "older_turns", "tokens"}`` (the API's answer)."""
        turns = [{"turn_id": t.turn_id, "role": str(t.role), "speaker": t.speaker, "text": t.text,
                  "timestamp": t.timestamp.isoformat(), "seq": t.seq, "trust": turn_trust(t)} for t in self.turns]
        return {"user_id": self.user_id, "session_id": self.session_id, "turns": turns, "summary": self.summary,
                "summarized_through": self.summarized_through, "older_turns": self.older_turns,
                "tokens": self.tokens}


def split_window(turns: Sequence[Turn], budget_tokens: int) -> tuple[list[Turn], list[Turn]]:
    """Split ``turns`` (seq order) into (older, window): the newest turns whose texts fit ``budget_tokens``.

    The newest turn is always in the window, however long (a prompt builder
    may cut it); one that does not fit ends the window.
    """
    used = 0
    start = len(turns)
    for j in range(len(turns) - 1, -1, -1):
        cost = count_tokens(turns[j].text) + 1
        if start < len(turns) and used + cost > budget_tokens:
            break
        used += cost
        start = j
    return list(turns[:start]), list(turns[start:])


def _point(turn: Turn, prior: Turn | None = None) -> str:
    flat = " ".join(shown_text(echo_masked(turn, prior)).split())  # a point is stored: never a value in clear
    flat = flat if len(flat) <= POINT_CHARS else flat[: POINT_CHARS - 1].rstrip() + "…"
    return f"{turn.speaker or turn.role}: {flat}"


def fold_points(points: list[list[Any]], turns: Sequence[Turn]) -> list[list[Any]]:
    """Fold ``turns`` into ``points`` ([seq, terms, text] triples); keep the ``MAX_POINTS`` most informative.

    Informative: most distinct content terms (``tokenize``); ties go to the
    later turn. A turn that says a point again (``SAME_POINT_OVERLAP`` of its
    terms shared with it) adds none: thirty turns on one topic leave one point
    for it, so the summary still reaches the distinct things said before them.
    A tool turn that gives the model orders (``tool_turns.is_withheld``) is
    never a point. The result is in ``seq`` order.
    """
    merged = [list(p) for p in points]
    said = [set(tokenize(str(p[2]).partition(": ")[2])) for p in merged]
    priors = prior_user_turns(turns)  # a reply repeating the user's value shows it masked (``echo``)
    for turn in turns:
        if is_withheld(turn):
            continue
        words = set(tokenize(turn.text))
        if len(words) < MIN_POINT_TERMS or any(len(words & w) >= SAME_POINT_OVERLAP * len(words | w) for w in said):
            continue
        merged.append([turn.seq, len(words), _point(turn, priors.get(turn.seq))])
        said.append(words)
    best = sorted(merged, key=lambda p: (-int(p[1]), -int(p[0])))[:MAX_POINTS]
    return sorted(best, key=lambda p: int(p[0]))


def summary_text(points: Sequence[Sequence[Any]], lang: str) -> str:
    """The rolling summary's text ("" without points)."""
    if not points:
        return ""
    texts = [str(p[2]) for p in points]
    if lang == "zh":
        return "本次会话早些时候：" + "；".join(texts)
    return "Earlier in this session: " + "; ".join(texts)


class ShortTermMemory:
    """Windows and rolling summaries of sessions, read from a ``WindowSource``.

    Args:
        source: where the turns and summaries are (``sources.SqlWindow`` over an SQL
            store, or the workers' Redis window in front of one).
        budget_tokens: default window budget (tokens).
    """

    def __init__(self, source: WindowSource, budget_tokens: int = 600) -> None:
        self.source = source
        self.budget_tokens = budget_tokens

    def context(self, user_id: str, session_id: str, budget_tokens: int | None = None,
                now: datetime | None = None) -> SessionWindow:
        """Return the session's window within ``budget_tokens`` and its rolling summary (updated in passing).

        The window is the newest turns by arrival (``seq``), listed by their own time: a turn that
        arrived late with an older timestamp is shown where it happened. An unknown session gives an
        empty window. A tool turn that gives the model orders shows ``tool_turns.WITHHELD`` instead of its text.

        Raises:
            InvalidField: a malformed id or a budget below 1. StoreError: the store failed.
        """
        user_id = check_id(user_id, "user id")
        session_id = check_id(session_id, "session id")
        budget = self.budget_tokens if budget_tokens is None else budget_tokens
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
            raise InvalidField(f"budget_tokens must be a positive integer; got {budget!r}")
        recent = [withhold(t) for t in self.source.recent(user_id, session_id, MAX_WINDOW_TURNS)]
        if not recent:
            return SessionWindow(user_id, session_id)
        saved = self.source.load_summary(user_id, session_id) or {}
        reserve = 0  # the summary's tokens: window and summary share the budget
        for _ in range(3):
            older_recent, window = split_window(recent, max(budget - reserve, 1))
            first = window[0].seq
            through = int(saved.get("through", 0))
            points: list[list[Any]] = list(saved.get("points", []))
            lang = str(saved.get("lang") or query_lang(" ".join(t.text for t in window)))
            folded = through < first - 1  # turns left the window since the summary was last folded
            if folded:
                newly = [t for t in older_recent if t.seq > through]
                if not older_recent or older_recent[0].seq > through + 1:  # more left than the read window holds
                    newly = self.source.between(user_id, session_id, through, first)
                points = fold_points(points, newly)
                through = first - 1
            summary_tokens = count_tokens(summary_text(points, lang)) if points else 0
            if summary_tokens <= reserve or sum(count_tokens(t.text) + 1 for t in window) + summary_tokens <= budget:
                break
            reserve = summary_tokens
        if folded:
            when = now or window[-1].timestamp
            self.source.save_summary(user_id, session_id, {"through": through, "points": points, "lang": lang}, when)
        room = budget - sum(count_tokens(t.text) + 1 for t in window)
        shown = points
        while shown and count_tokens(summary_text(shown, lang)) > room:  # a summary over its room: newest points
            shown = shown[1:]
        summary = summary_text(shown, lang)
        older = self.source.count_before(user_id, session_id, first)
        tokens = sum(count_tokens(t.text) + 1 for t in window) + (count_tokens(summary) if summary else 0)
        window = sorted(window, key=lambda t: (t.timestamp, t.seq))  # a late-arriving older turn in its place
        priors = prior_user_turns(sorted(window, key=lambda t: t.seq))  # "Noted, no [health]!" after its turn
        window = [replace(t, text=seen) if (seen := shown_text(echo_masked(t, priors.get(t.seq)))) != t.text else t
                  for t in window]
        summary = shown_text(summary)  # points folded before values were masked in them
        return SessionWindow(user_id, session_id, window, summary, through if points else 0, older, tokens)
