"""Episode and month summaries: what a stretch of conversation was about, linked to its turns.

Seed 002 §3.3 (情节记忆的压缩与摘要) and seed 001 §8.5.2: a finished episode
becomes one ``summary`` item whose ``source`` is the episode's turns (the
drill-down), and each finished month one more whose source is the first turn
of each of its episodes. Without an LLM the text is extractive: the
episode's most important memory items (by the value stage's importance;
chit-chat and near-repeats skipped), behind a dated header that
says what it is ("Conversation on 2025-03-04 …: we talked about …" /
"2025-03-04 的对话……：我们聊了……"), so broad questions find it. With a
``Summarizer`` (``memory_core.lifecycle.llm_summary``) the points are
rewritten abstractively; a failing model falls back to the extractive text.
A point shows its item's sensitive values masked ("User takes [health]"), as
the item's read view does: a recap is not asked for a health detail, and
the item itself answers the question that is.

An episode is a run of one session's turns with no gap longer than
``EPISODE_GAP``; it is finished once its last turn is ``EPISODE_GAP`` old.
An episode with fewer than ``MIN_EPISODE_USER_TURNS`` user turns gets no
summary of its own (``summarised``): a recap of one turn repeats that turn
(or the item it left) and, on a sparse store (a turn a day), doubles the
store with recaps that fill a specific question's results with noise. Its
items are folded into its month's summary instead, which names them, counts
them as conversations and links their first turn for the drill-down.
Summary items carry a key (``summary:episode:<session>:<first turn>``,
``summary:month:<YYYY-MM>``), so writing one twice is a no-op.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Protocol

from memory_core.context import query_lang
from memory_core.model import Actor, Kind, MemoryItem, Status, Turn
from memory_core.pipeline.sensitive import detect, mask
from memory_core.text.tokenize import tokenize

__all__ = ["EPISODE_GAP", "MIN_EPISODE_USER_TURNS", "REPLACED_MARK", "Episode", "Summarizer", "episode_summary",
           "episodes", "month_summary", "points_of", "replaced", "summarised"]

log = logging.getLogger(__name__)

EPISODE_GAP = timedelta(hours=6)
#: An episode with fewer user turns than this gets no summary of its own (its month's summary names its items).
MIN_EPISODE_USER_TURNS = 2
MAX_POINTS = 5
MAX_MONTH_POINTS = 12
MONTH_POINT_CHARS = 60
POINT_CHARS = 90
#: Items scored below this by the value stage (a short reply, chit-chat) are not summary points.
MIN_POINT_IMPORTANCE = 0.3
EPISODE_IMPORTANCE = 0.4
MONTH_IMPORTANCE = 0.7
_MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
              "October", "November", "December")


class Summarizer(Protocol):
    """Rewrites extracted points into a short summary (an LLM); the extractive text is the fallback."""

    def summarize(self, header: str, points: Sequence[str], lang: str) -> str:
        """Return the summary text for ``points`` under ``header`` in ``lang`` ("en"/"zh").

        Raises:
            Exception: any failure; the caller falls back to the extractive text.
        """
        ...


@dataclass(slots=True)
class Episode:
    """A run of one session's turns without a long gap.

    Attributes:
        session_id: the session.
        turns: its turns in time order.
    """

    session_id: str
    turns: list[Turn]

    @property
    def key(self) -> str:
        """The summary item's key: ``summary:episode:<session>:<first turn id>``."""
        return f"summary:episode:{self.session_id}:{self.turns[0].turn_id}"

    @property
    def start(self) -> datetime:
        """Time of the first turn."""
        return self.turns[0].timestamp

    @property
    def end(self) -> datetime:
        """Time of the last turn."""
        return self.turns[-1].timestamp


def episodes(turns: Iterable[Turn], gap: timedelta = EPISODE_GAP) -> list[Episode]:
    """Split ``turns`` (any order, one user) into episodes; ordered by start time."""
    by_session: dict[str, list[Turn]] = {}
    for turn in turns:
        by_session.setdefault(turn.session_id, []).append(turn)
    out: list[Episode] = []
    for session_id, group in by_session.items():
        group.sort(key=lambda t: (t.timestamp, t.seq))
        current = [group[0]]
        for turn in group[1:]:
            if turn.timestamp - current[-1].timestamp > gap:
                out.append(Episode(session_id, current))
                current = []
            current.append(turn)
        out.append(Episode(session_id, current))
    return sorted(out, key=lambda e: (e.start, e.session_id))


def summarised(episode: Episode) -> bool:
    """True when ``episode`` gets a summary of its own: it holds ``MIN_EPISODE_USER_TURNS`` user turns or more."""
    return sum(t.role == "user" for t in episode.turns) >= MIN_EPISODE_USER_TURNS


_ROLE_PREFIX = re.compile(r"^(?:user|assistant|system|tool)\s*[:：]\s*", re.IGNORECASE)


def _clip(text: str, chars: int = POINT_CHARS) -> str:
    """``text`` as a summary's point: its sensitive values masked as its item's read view masks them ("User
    takes [health]", 用户有[health]; ``memory_core.shown``), so a recap shows no value its items withhold,
    then at most ``chars`` characters."""
    found = detect(text)
    text = mask(text, found) if found else text
    flat = _ROLE_PREFIX.sub("", " ".join(text.split())).rstrip("。.;；")
    return flat if len(flat) <= chars else flat[: chars - 1].rstrip() + "…"


#: What a summary's point copied from a value since replaced says after it, per language ("no longer" and 已不 are
#: also what the behaviour checks read as a value said to be over, ``eval.behaviour_checks.PAST_MARKERS``).
REPLACED_MARK = {"en": " (no longer current)", "zh": "（已不是现在的情况）"}


def replaced(items: Sequence[MemoryItem], unreplaced: Collection[str] = ()) -> set[str]:
    """Ids of the ``items`` no longer true: superseded items, and raw turns (events) each of whose source turns
    produced, among ``items``, a superseded fact or preference and no active one (the turn said a value since
    replaced, as recall's stale turns in ``retrieval.hybrid_state``).

    A summary is an active item: a point copied from a value the user later changed or cancelled ("we plan to go
    to Yunnan", then "the trip is off") must not read as current, so its point carries ``REPLACED_MARK``.
    A superseded item in ``unreplaced`` (ids: nothing current replaced it, ``replaced_by.stands_replaced``) may
    be the current state: it carries no mark.
    """
    superseded: set[str] = set()
    current: set[str] = set()
    for item in items:
        if item.kind in (Kind.FACT, Kind.PREFERENCE) and item.status in (Status.SUPERSEDED, Status.ACTIVE):
            (superseded if item.status == Status.SUPERSEDED else current).update(item.source)
    return {i.id for i in items if (i.status == Status.SUPERSEDED and i.id not in unreplaced) or (
        i.kind == Kind.EVENT and i.source and all(t in superseded and t not in current for t in i.source))}


def _point(item: MemoryItem, gone: set[str], lang: str, chars: int = POINT_CHARS) -> str:
    return _clip(item.description, chars) + (REPLACED_MARK[lang] if item.id in gone else "")


def points_of(items: Iterable[MemoryItem], limit: int) -> list[MemoryItem]:
    """The items a summary names: by importance, then hits; near-repeats skipped.

    Two items repeat each other when their token sets overlap by more than
    half (Jaccard); summaries are never points of summaries; items below
    ``MIN_POINT_IMPORTANCE`` (chit-chat: "haha ok") are left out unless
    nothing else is there.
    """
    pool = [i for i in items if i.kind != Kind.SUMMARY]
    pool = [i for i in pool if i.importance >= MIN_POINT_IMPORTANCE] or pool[:1]
    ranked = sorted(pool, key=lambda i: (-i.importance, -i.hit, i.valid_from or i.created_at))
    chosen: list[MemoryItem] = []
    seen: list[set[str]] = []
    for item in ranked:
        terms = set(tokenize(item.description))
        if not terms or any(len(terms & s) > 0.5 * len(terms | s) for s in seen):
            continue
        chosen.append(item)
        seen.append(terms)
        if len(chosen) >= limit:
            break
    return chosen


def _lang(texts: Sequence[str]) -> str:
    zh = sum(query_lang(t) == "zh" for t in texts)
    return "zh" if texts and 2 * zh >= len(texts) else "en"


def _text(header: str, points: Sequence[str], lang: str, summarizer: Summarizer | None) -> str:
    extractive = header + ("；".join(points) + "。" if lang == "zh" else "; ".join(points) + ".")
    if summarizer is None or not points:
        return extractive
    try:
        text = " ".join(str(summarizer.summarize(header, points, lang)).split())
    except Exception as exc:
        log.warning("abstractive summary failed, kept the extractive one: %r", exc)
        return extractive
    return text if text else extractive


def episode_summary(user_id: str, episode: Episode, items: Sequence[MemoryItem], at: datetime,
                    summarizer: Summarizer | None = None) -> MemoryItem | None:
    """Build the summary item of ``episode`` from the items its turns produced; None when it has none.

    Args:
        user_id: the owner.
        episode: a finished episode.
        items: the user's items whose source includes one of the episode's turns.
        at: the maintenance run's time (the item's creation time).
        summarizer: optional abstractive rewriter.
    """
    chosen = points_of(items, MAX_POINTS)
    if not chosen:
        return None
    texts = [t.text for t in episode.turns]
    lang = _lang(texts)
    day = episode.start.astimezone(UTC).date().isoformat()
    n = len(episode.turns)
    header = (f"{day} 的对话（会话 {episode.session_id}，{n} 轮）：我们聊了" if lang == "zh"
              else f"Conversation on {day} (session {episode.session_id}, {n} turns): we talked about ")
    gone = replaced(items)
    text = _text(header, [_point(i, gone, lang) for i in chosen], lang, summarizer)
    return MemoryItem.create(
        user_id, text, "对话摘要" if lang == "zh" else "conversation summaries", actor=Actor.SYSTEM,
        reason="episode summary (maintenance)", at=at, kind=Kind.SUMMARY, key=episode.key,
        valid_from=episode.start, importance=EPISODE_IMPORTANCE,
        source=[t.turn_id for t in sorted(episode.turns, key=lambda t: t.seq)])


def month_key(month: str) -> str:
    """The month summary's key for ``YYYY-MM``."""
    return f"summary:month:{month}"


def month_summary(user_id: str, month: str, items: Sequence[MemoryItem], episode_summaries: Sequence[MemoryItem],
                  at: datetime, summarizer: Summarizer | None = None,
                  unreplaced: Collection[str] = ()) -> MemoryItem | None:
    """Build the summary of ``month`` ("YYYY-MM") from its items and its episode summaries; None when empty.

    Its header is in the language of the month's conversations, in both
    when the month held both (a bilingual user asks in either).

    Its source is the first source turn of each episode summary (drill down
    through them to the episodes) and, for the items of episodes too small
    for a summary of their own (``summarised``), the first turn of each day
    they were said on; the header counts both as conversations. ``unreplaced``: as in ``replaced``.
    """
    chosen = points_of(items, MAX_MONTH_POINTS)
    if not chosen:
        return None
    year, mon = int(month[:4]), int(month[5:7])
    summed = {t for s in episode_summaries for t in s.source}
    folded: dict[str, MemoryItem] = {}  # per day, the first item of a small episode (none of its turns summed up)
    for item in sorted(items, key=lambda i: (i.valid_from or i.created_at, i.id)):
        if item.source and not summed.intersection(item.source):
            folded.setdefault((item.valid_from or item.created_at).astimezone(UTC).date().isoformat(), item)
    langs = {query_lang(i.description) for i in episode_summaries}
    langs |= {_lang([i.description for i in folded.values()])} if folded else set()
    langs = langs or {_lang([i.description for i in chosen])}
    lang = "zh" if langs == {"zh"} else "en"
    count = len(episode_summaries) + len(folded)
    zh_header = f"{year}年{mon}月的对话摘要（{count} 次对话）：这个月我们聊了"
    many = "conversation" if count == 1 else "conversations"
    en_header = (f"Summary of our conversations in {_MONTHS_EN[mon - 1]} {year} ({count} {many}): "
                 "that month we talked about ")
    # a month held in both languages is named in both, so a question in either finds it
    header = zh_header if lang == "zh" else en_header if langs == {"en"} else f"{zh_header} / {en_header}"
    gone = replaced(items, unreplaced)  # the month's items of every status: a value replaced since is said to be
    text = _text(header, [_point(i, gone, lang, MONTH_POINT_CHARS) for i in chosen], lang, summarizer)
    firsts = [*episode_summaries, *folded.values()]
    source = [s.source[0] for s in sorted(firsts, key=lambda s: (s.valid_from or s.created_at, s.id)) if s.source]
    return MemoryItem.create(
        user_id, text, "对话摘要" if lang == "zh" else "conversation summaries", actor=Actor.SYSTEM,
        reason="month summary (maintenance)", at=at, kind=Kind.SUMMARY, key=month_key(month),
        valid_from=datetime(year, mon, 1, tzinfo=UTC), importance=MONTH_IMPORTANCE, source=source)
