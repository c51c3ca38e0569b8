"""A statement opened on a recurring time ("In summer I fix boats", "夏天我在江边修渔船"), read without it.

``only_record.stated_things`` finds the statements of the speaker's own in a
raw turn: a clause the slot engine reads, or one stating something lasting in
the first person (``gist.gist_clause``, which wants the clause to open on
"I" / 我). A clause opened on a time that recurs, before its subject, states
the same lasting thing as the clause without it ("I fix fishing boats by the
river in summer" is read; "In summer I fix fishing boats by the river" was
not): maintenance then archived the raw turn of a summer job as small talk
(new-user trial 37, finding 6). ``unframed`` takes such a frame off. The
frames are data (``data/habit_frames.yaml``); the time of one episode ("last
summer", 去年冬天) is none, so a told episode stays an episode.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["unframed"]


@functools.lru_cache(maxsize=1)
def _frames() -> dict[str, re.Pattern[str]]:
    """The English and Chinese frame patterns of ``data/habit_frames.yaml`` (a frame, then a comma or space; a
    Chinese one also as a time clause: "农闲的时候", "放假时")."""
    data = load_shipped("data", "habit_frames.yaml") or {}

    def words(lang: str) -> str:
        found = sorted({str(w).strip().casefold() for w in data.get(lang) or () if str(w).strip()},
                       key=len, reverse=True)
        return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in found) or "(?!)"

    return {"en": re.compile(rf"^(?:{words('en')})\b[\s,]*", re.IGNORECASE),
            "zh": re.compile(rf"^(?:(?:{words('zh')})(?:的时候|时)?[，,\s]*)+")}


def unframed(clause: str, lang: str) -> str:
    """``clause`` without a recurring time it opens on ("In summer, I fix boats" -> "I fix boats", "每年冬天我都去
    冰雪大世界干活" -> "我都去冰雪大世界干活"); ``clause`` itself when it opens on none. ``lang``: "en" or "zh"
    (another language is returned as it is). Only the frame goes: what follows is not checked here."""
    pattern = _frames().get(lang)
    if pattern is None:
        return clause
    text = clause.strip()
    rest = pattern.sub("", text, count=1)
    return rest if rest and rest != text else clause
