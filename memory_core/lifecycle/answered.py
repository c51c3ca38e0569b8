"""Questions the user answered: decay keeps the assistant's question while the user's reply stays (``fading``).

A user often states a value by answering a question that named it: the
assistant asks "Did you end up buying the Tesla Model 3?" (上次你说去试驾了比亚迪汉，
最后买了吗？) and the user says "Yes! Picked it up yesterday" (买了！昨天刚提的车).
The value is in the question, the reply only confirms it, and the write path
reads the reply alone ("User sold the Civic", or nothing). Raw assistant
turns fade in days; archiving the question while its answer stays leaves
recall the reply without what it answers, and the value itself unfound:
the maintained store answers "which car?" worse than the store that never
ran the job (the two-turn question/answer unit of conversational memory,
seed 001 §8.4: episodic context kept with the statement it gives meaning to).

So an assistant (or tool) turn that asks a question is kept from decay as
long as the user turn that directly answers it (the next raw turn, a user
statement, said within ``ANSWER_WINDOW``) is not archived, and while it is
the last turn and not ``ANSWER_WINDOW`` old (the answer may still come; a
job run after every turn would otherwise end it before the reply arrives).
Bounded: at most one question per kept user turn, plus the last turn; it
fades with its answer.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta

from memory_core.model import Kind, MemoryItem, Trust

__all__ = ["ANSWER_WINDOW", "answered_questions", "asks"]

#: Longest time between a question and the user turn read as its answer.
ANSWER_WINDOW = timedelta(minutes=30)
_QUESTION_END = re.compile(r"(?:[?？]|[吗呢吧][。.!！~～]?)[\"'”’)）]*\s*$")


def asks(text: str) -> bool:
    """True when ``text`` (a raw turn, its "speaker: " prefix harmless) ends in a question (EN "?", ZH "？",
    or a final 吗/呢/吧)."""
    return _QUESTION_END.search(text) is not None


def _said(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


def _assistant(item: MemoryItem) -> bool:
    return item.trust != Trust.USER or item.speaker.casefold() in ("assistant", "system")


def answered_questions(active: Sequence[MemoryItem], ending: Iterable[str], now: datetime) -> set[str]:
    """Ids of assistant questions (raw turns) the user answered in a raw turn that stays active, and of the
    last raw turn when it is a question asked less than ``ANSWER_WINDOW`` before ``now`` (its answer may follow).

    Args:
        active: the user's active items (raw turns are events with one source turn).
        ending: ids of the items this run ends (a reply among them does not keep its question).
        now: the run's time (aware).

    Returns:
        the question events' ids (module docstring), whatever their strength; the caller keeps those it would
        otherwise archive.
    """
    gone = set(ending)
    turns = sorted((i for i in active if i.kind == Kind.EVENT and len(i.source) == 1),
                   key=lambda i: (_said(i), i.source[0]))
    kept: set[str] = set()
    for question, reply in itertools.pairwise(turns):
        if _assistant(question) and not _assistant(reply) and reply.id not in gone \
                and timedelta(0) <= _said(reply) - _said(question) <= ANSWER_WINDOW \
                and asks(question.description) and not asks(reply.description):
            kept.add(question.id)
    if turns and _assistant(turns[-1]) and now - _said(turns[-1]) <= ANSWER_WINDOW and asks(turns[-1].description):
        kept.add(turns[-1].id)  # not answered yet: a run right after the question must not end it
    return kept
