"""The work said to go on, with no word of the job itself: the profession the user held is restated (issue 13).

"我是一名药剂师，在华西医院上班" … "辞职了" … "今天去重医附一院报到了，还是做门诊药房": a pharmacist who changed
hospitals is still a pharmacist. The job's end may have ended the title with the employer (``people.job_gone``: a
quit that names no employer, "辞职了", "got laid off"); a later turn saying the same work goes on ("还是做…",
"same job, different hospital", "老本行", the cues of ``data/same_work.yaml``) names no job word a slot cue reads.
``same_work`` then reinstates the user's last ended occupation as a statement of the turn, so the title is current
again and its history names both. A turn that states an occupation itself, a user with a current one, and a user
with none ended change nothing.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from memory_core.model import Kind, MemoryItem, Turn
from memory_core.pipeline.own_words import speaker_qualifier
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped
from memory_core.store.write_ops import AddOp, Op

__all__ = ["OCCUPATION", "same_work", "says_same_work", "with_earlier_sources"]

#: The key of the user's title.
OCCUPATION = "fact:occupation"
# the text of an ended title as rendered (slots.yaml, occupation: en_neg, zh_neg, …): no title to reinstate
_NEGATIVE = re.compile(r"no\s+longer|doesn't|不再|不做|已离开", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _cues() -> tuple[dict[str, re.Pattern[str]], re.Pattern[str]]:
    raw = load_shipped("data", "same_work.yaml") or {}

    def joined(items: object) -> re.Pattern[str]:
        said = [str(p) for p in (items or ())] if isinstance(items, list) else []
        return re.compile("|".join(f"(?:{p})" for p in said) or "(?!)", re.IGNORECASE)

    return {lang: joined(raw.get(lang)) for lang in ("en", "zh")}, joined(raw.get("not"))


def says_same_work(text: str) -> bool:
    """True when ``text`` says the user's work goes on unchanged ("还是做门诊药房", "same job, different hospital")
    and does not deny it ("not the same job", "换工作了")."""
    said, denied = _cues()
    return any(p.search(text) for p in said.values()) and not denied.search(text)


def same_work(turn: Turn, cands: list[Candidate], active: list[tuple[str, str, str]],
              superseded: Callable[[str], list[MemoryItem]]) -> MemoryItem | None:
    """Add the user's last ended occupation as restated by ``turn`` (module docstring); changes ``cands`` in place.

    Returns:
        The ended item restated (its turns are sources of the new one: ``with_earlier_sources``), else None.

    Args:
        turn: a user turn (text as the rules read it).
        cands: the turn's candidates.
        active: ``(id, key, description)`` of the user's active statements (those under ``OCCUPATION`` are read).
        superseded: ``key -> [items]``, the user's superseded items under a key (read only for a turn that says
            the same work goes on and gives no title).

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user" or not says_same_work(turn.text):
        return None
    key = OCCUPATION + speaker_qualifier(turn.speaker)
    if any(c.key == key and not c.is_event for c in cands) or any(k == key for _, k, _ in active):
        return None  # a title said in the turn, or one still held: nothing to restate
    ended = [i for i in superseded(key) if not _NEGATIVE.search(i.description)]
    if not ended:
        return None
    last = max(ended, key=lambda i: (i.valid_until or i.updated_at, i.updated_at))
    lang = "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in last.description) else "en"
    claim = last.description.removeprefix("用户").removeprefix("User ").strip()
    cands.append(Candidate(
        kind=Kind.FACT, description=last.description, theme=last.theme, key=key, polarity=1, single_valued=True,
        confidence=0.8, valid_from=turn.timestamp, speaker=turn.speaker.strip() or turn.role, lang=lang, claim=claim,
        evidence=turn.text, notes=["the same work goes on: the title held before"]))
    return last


def with_earlier_sources(ops: list[Op], restated: MemoryItem | None) -> list[Op]:
    """``ops`` with the item added for ``restated``'s title given its turns first among its sources: the turn that
    said "我是药剂师" states the current title again, so it is no turn every fact of which was superseded
    (``retrieval.index.RecallResult.outdated``). ``ops`` itself when nothing was restated."""
    if restated is None:
        return ops
    for op in ops:
        if isinstance(op, AddOp) and op.item.key == restated.key and op.item.description == restated.description:
            op.item.source[:0] = [t for t in restated.source if t not in op.item.source]
    return ops
