"""A thing given up, named first and ended after a break: "coffee? gave it up in March", "meat — not anymore".

English can name the thing first, as a topic, and say its end after a question mark, a colon or a dash, with no
subject: "coffee? gave it up in March", "meat — not anymore", "cigarettes: quit last year", "soda... done with
it". The clause splitter keeps only clauses a user says of themself, so the thing alone and the bare end were
read as nothing, and the habit stayed active. ``own_quit`` says it as the speaker's ("I quit coffee in March"),
which the drink, food, smoking and medication cues read as the end of that thing (``pol: -1``). Chinese says the
same with the thing first and the subject left out ("酒戒了", "奶茶最近也不喝了"), which the clause splitter puts
back after the thing (``cessation.with_speaker``).
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["is_heading", "own_quit"]

# words that open a turn without naming a thing ("ok - done with it", "honestly? quit")
_NOT_A_THING = (r"(?!(?:ok|okay|so|well|yeah|yes|no|nope|nah|honestly|actually|lol|haha|update|that|this|it|them|"
                r"sorry|wait|hmm|um|also|and|but|anyway|btw|i|me|we|you|your|my|he|she|they|what|why|how|is|are|am|was|were|do|"
                r"does|did|can|could|will|would|should|have|has|any|still)\b)")
_END = (r"(?:(?:i\s+)?(?:gave|have\s+given|'ve\s+given)\s+(?:it|them|that)\s+up|"
        r"(?:i\s+)?(?:quit|stopped|dropped|ditched|kicked|cut\s+out)(?:\s+(?:it|them|that|the\s+habit))?|(?:i'm\s+|i\s+am\s+)?(?:done|finished)\s+with\s+"
        r"(?:it|them|that)|(?:nope,?\s+)?not\s+any\s*more|no\s+more|(?:i\s+)?(?:don't|do\s+not)\s+(?:\w+\s+)?(?:it|them)\s+"
        r"any\s*more)")
_THING_FIRST = re.compile(
    r"(?P<lead>^\s*|[.!;]\s+)(?:(?:oh|and|also|as\s+for)\s+)?"
    r"(?P<t>" + _NOT_A_THING + r"[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?)\s*(?:\?+|:|\s[-–—]+|[–—]+|\.{3}|…)\s*"
    + _END + r"(?P<rest>[^.!?;]*)", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _heading_words() -> frozenset[str]:
    """The English words a heading ends on (``data/headings.yaml``): "Big change", "Life update", "Good news"."""
    return frozenset(str(w).casefold() for w in (load_shipped("data", "headings.yaml") or {}).get("en") or ())


def is_heading(words: str) -> bool:
    """True when ``words``, said before a colon or a dash, head a turn as a label ("Big change", "quick update",
    "good news") rather than name a thing ("coffee", "energy drinks")."""
    said = words.casefold().split()
    return bool(said) and said[-1] in _heading_words()


def own_quit(text: str) -> str:
    """``text`` with each thing named first and ended after a break said as the speaker's own stop.

    Units: characters in, characters out; ``text`` itself when it says no such stop. Never raises.
    "coffee? gave it up in March" -> "I quit coffee in March"; "meat — not anymore" -> "I quit meat";
    "what? no more", "ok - done with it" and a heading ("Big change: I quit.": ``is_heading``) are left as said.
    """
    if not any(mark in text for mark in "?:-–—.…"):
        return text
    return _THING_FIRST.sub(lambda m: m.group(0) if is_heading(m.group("t"))
                            else f"{m.group('lead')}I quit {m.group('t')}{m.group('rest')}", text)
