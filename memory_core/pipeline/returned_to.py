"""A return to a value the user held before: "还是回美团了", "回腾讯上班了", "went back to Acme" (issue 13).

A user who changed employer, home or school and then goes back says so with the old value and a word of return:
"我又回美团跑了", "还是回美团了", "回腾讯上班了", "went back to my old job at Acme", "back at Nopa again", "I'm back
with Deloitte". No slot cue reads such a clause (回 names no slot, and "back at" is as often a visit), so the
return was kept in the user's own words ("用户又回美团跑了") beside the later value, which stayed current.

``returned_to`` reads the value after the word of return and looks it up among the user's *earlier* values of
the slots a place or an organisation may be the value of (``no_longer_at.SLOTS``: superseded items, the speaker's
own): when exactly one slot held it before and its current item does not hold it (another value, or "no longer
at" that very value), the turn states that value again. The earlier item's text is reinstated as a new
statement under the slot, so the resolver supersedes the current value with history, and the turn's own-words
candidates naming the value are dropped for it. A value the user never held ("回老家了", "went back to bed") and
a value still current change nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.model import Kind, MemoryItem, Turn
from memory_core.pipeline.no_longer_at import SLOTS, holds
from memory_core.pipeline.own_words import speaker_qualifier
from memory_core.pipeline.types import Candidate

__all__ = ["return_values", "returned_to"]

# the words after 回 up to the first verb, particle or stop ("回美团了", "又回腾讯上班了", "回到阿里干了")
_ZH = re.compile(r"(?:又|还是|重新|再|最后|最终|终于|已经|也)回(?:到|去|了)?\s*(?P<v>[^\s，,。！!？?~～]{2,16})"
                 r"|(?:^|[\s，,。！!？?我])回(?:到|去)?\s*(?P<w>[^\s，,。！!？?~～]{2,16}?)"
                 r"(?:上班|工作|干活|干了|跑单|跑了|打工|任职|上学|读书)")
_ZH_STOP = re.compile(r"(?:上班|工作|干|跑|打工|任职|上学|读书|住|了|啦|的|这边|那边|那里|这里)")
# "went back to (my old job at) Acme", "back at Nopa again", "I'm back with Deloitte", "returned to Acme",
# "rejoined Acme"
_NAME = r"(?P<v>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})"
_EN = re.compile(r"\b(?:(?:went|gone|go|going|came|come|moved|got)\s+back\s+to|back\s+(?:at|with|in)|returned\s+to|"
                 r"(?:re-?joined))\s+(?:(?:my|our)\s+(?:old\s+|former\s+)?(?:job|position|role|team|gig|place|"
                 r"apartment|flat|school|company|employer)\s+(?:at|with|in)\s+)?(?:the\s+)?" + _NAME)
_NEGATED = re.compile(r"不在|不再|离职|辞职|离开|no\s+longer|not\s+(?:at|with|in)\b|\bleft\b|\bquit\b", re.IGNORECASE)

def return_values(text: str) -> list[tuple[str, bool]]:
    """``(words after the return, zh)`` of each clause of ``text`` saying the speaker went back somewhere.

    The words may run past the value ("美团专送"); ``returned_to`` tries their prefixes. Never raises.
    """
    out = []
    for m in _ZH.finditer(text):
        said = m.group("v") or m.group("w") or ""
        stop = _ZH_STOP.search(said, 2)
        out.append((said[: stop.start()] if stop else said, True))
    out += [(m.group("v").strip(".'"), False) for m in _EN.finditer(text)]
    return [(v, zh) for v, zh in out if len(v) >= 2]


def _value_in(said: str, zh: bool, description: str) -> str:
    """The longest prefix of ``said`` (characters in Chinese, words in English) that ``description`` names."""
    parts = list(said) if zh else said.split()
    for n in range(len(parts), 0, -1):
        value = ("" if zh else " ").join(parts[:n])
        if len(value) >= 2 and holds(description, value):
            return value
    return ""


def returned_to(turn: Turn, cands: list[Candidate], active: list[tuple[str, str, str]],
                superseded: Callable[[str], list[MemoryItem]]) -> None:
    """Add the statement that the user is back at an earlier value of a slot (module docstring); changes
    ``cands`` in place.

    Args:
        turn: a user turn (text as the rules read it).
        cands: the turn's candidates.
        active: ``(id, key, description)`` of the user's active statements under ``no_longer_at.SLOTS``.
        superseded: ``key -> [items]``, the user's superseded items under a key (read only for a turn that says
            a return).

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user" or not ("回" in turn.text or re.search(r"\bback\b|returned|rejoin", turn.text, re.I)):
        return
    saids = return_values(turn.text)
    if not saids:
        return
    qualifier = speaker_qualifier(turn.speaker)
    stated = {c.key for c in cands if not c.is_event and c.polarity > 0}
    for said, zh in saids:
        found: dict[str, tuple[str, MemoryItem]] = {}
        for slot in SLOTS:
            key = slot + qualifier
            if key in stated:
                continue  # the turn states the slot itself ("搬回合肥了" is read by the home cues)
            for item in superseded(key):
                value = _value_in(said, zh, item.description)
                if value and not _NEGATED.search(item.description):
                    found.setdefault(key, (value, item))
        if len(found) != 1:
            continue
        [(key, (value, item))] = found.items()
        current = [d for _, k, d in active if k == key]
        if any(holds(d, value) and not _NEGATED.search(d) for d in current):
            continue  # still the current value: nothing changed
        cands[:] = [c for c in cands
                    if c.is_event or c.restate_only or value.casefold() not in c.description.casefold()]
        cands.append(Candidate(
            kind=Kind.FACT, description=item.description, theme=item.theme, key=key, polarity=1,
            single_valued=True, confidence=0.8, valid_from=turn.timestamp, speaker=turn.speaker.strip() or turn.role,
            lang="zh" if zh else "en", claim=_claim(item.description), evidence=turn.text,
            notes=[f"back at {value}: {key} held it before"]))
        stated.add(key)


def _claim(description: str) -> str:
    """``description`` without its subject ("用户在美团工作" -> "在美团工作", "User works at Acme" -> "works at
    Acme")."""
    for subject in ("用户", "User "):
        if description.startswith(subject):
            return description[len(subject):].strip()
    return description
