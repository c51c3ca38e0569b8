"""Assistant turns the user's later words refer to: kept from decay, and brought back if already archived.

The user often takes up what the assistant suggested days before without
naming it: "You could try the Couch to 5K app" (可以试试悦跑圈的新手计划), then two
weeks later "I downloaded that app you suggested, I'm in week two" (你推荐的那个新手
计划我已经跑到第二周了). The value is only in the assistant's turn. A raw
assistant turn is scored below the archive threshold and fades at the first
run; without the job it stays a recall candidate, and "which running app do I
use?" finds it. With the job, recall has the reply without what it refers to,
and the value is unfound (seed 001 §8.4: an episode's context kept with the
statement it gives meaning to).

So a user's raw turn that refers to the assistant's words (``refers_back``:
"you suggested", "your recommendation", 你推荐的, 你说的) keeps the latest
assistant turn said before it within ``REFER_WINDOW`` that shares a content
word with it (``referred_turns``); when that turn is already archived, the run
after the reply restores it (``restore_ops``). Bounded: one assistant turn per
such user turn, kept while that user turn is active.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta

from memory_core.model import Actor, Kind, MemoryItem, Status, Trust
from memory_core.store.base import MemoryStore
from memory_core.store.write_ops import RestoreOp
from memory_core.text.tokenize import tokenize

__all__ = ["REFER_WINDOW", "referred_turns", "refers_back", "restore_ops"]

#: Longest time between an assistant turn and the user turn that refers back to it.
REFER_WINDOW = timedelta(days=60)
_REFERS = re.compile(
    r"\byou(?:'ve| have)?\s+(?:suggested|recommended|mentioned|proposed|told me about|pointed me to)\b"
    r"|\byour\s+(?:suggestion|recommendation|advice|tip|idea)\b"
    r"|你(?:之前|上次)?(?:推荐|建议|提到|介绍|说过)过?的", re.IGNORECASE)


def refers_back(text: str) -> bool:
    """True when ``text`` refers to something the assistant said ("that app you suggested", 你推荐的那个)."""
    return _REFERS.search(text) is not None


def _said(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


def _assistant(item: MemoryItem) -> bool:
    return item.kind == Kind.EVENT and (item.trust != Trust.USER or item.speaker.casefold() in ("assistant", "system"))


def _words(item: MemoryItem) -> set[str]:
    text = item.description.split(":", 1)[1] if ":" in item.description[:40] else item.description
    return {w for w in tokenize(text) if len(w) > 1 or not w.isascii()}


def referred_turns(replies: Iterable[MemoryItem], said: Sequence[MemoryItem]) -> dict[str, str]:
    """Reply id → id of the assistant turn it refers to (module docstring).

    Args:
        replies: raw turns; those of the user that ``refers_back`` are read.
        said: raw turns that may be referred to (the assistant's are read).
    """
    theirs = sorted((i for i in said if _assistant(i)), key=lambda i: (_said(i), i.id), reverse=True)
    out: dict[str, str] = {}
    for reply in replies:
        if reply.kind != Kind.EVENT or _assistant(reply) or not refers_back(reply.description):
            continue
        words = _words(reply)
        at = _said(reply)
        for turn in theirs:  # newest first
            if timedelta(0) < at - _said(turn) <= REFER_WINDOW and words & _words(turn):
                out[reply.id] = turn.id
                break
    return out


def restore_ops(store: MemoryStore, user_id: str, active: Sequence[MemoryItem], since: str | None,
                now: datetime) -> list[RestoreOp]:
    """Restores of archived assistant turns that a user turn said after ``since`` (ISO time; None: any) refers to.

    Reads the user's archived items only when such a user turn is among ``active``.
    """
    after = datetime.fromisoformat(since) if since else None
    fresh = [i for i in active if i.kind == Kind.EVENT and not _assistant(i) and refers_back(i.description)
             and (after is None or _said(i) > after)]
    if not fresh:
        return []
    archived = [i for i in store.list_items_for_index(user_id, (Status.ARCHIVED,)) if _assistant(i)]
    ids = sorted(set(referred_turns(fresh, archived).values()))
    return [RestoreOp(i, "restored: a later turn of the user refers to it", Actor.SYSTEM, now) for i in ids]
