"""A habit paused for a while is no restatement of it (issue 13, trial 30 W4).

"I run 4 times a week" then "no running for 6 weeks, sprained my ankle": the second statement shares the habit's
words, so it was read as the habit said again with a detail and spliced into its text ("User runs 4 times a week;
no running for 6 weeks, …"); 我每周跑步四次 then 脚扭了，六周不能跑步 even gave the habit the pause's number
("每周跑步6次"). A pause says the habit is held off for a span (``data/pauses.yaml``: "no X for N weeks", "can't X
for a while", "taking a break from", 六周不能, 暂停两周, 暂时不能); the habit holds through it, and the pause is kept
by the turn's record (its event), never spliced into the habit.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from memory_core.shipped_yaml import load_shipped

if TYPE_CHECKING:
    from memory_core.pipeline.types import Candidate

__all__ = ["open_pause", "paused", "said_for_now"]


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    data = load_shipped("data", "pauses.yaml")
    return {lang: re.compile("|".join(f"(?:{p.replace('%SPAN%', '(?:' + data['span'][lang] + ')')})"
                                      for p in data["pause"][lang]), re.IGNORECASE)
            for lang in ("en", "zh")}


def paused(text: str) -> bool:
    """True when ``text`` (a statement or a turn, either language or both) holds a habit off for a span.

    ("no running for 6 weeks, sprained User's ankle" -> True, "脚扭了，六周不能跑步" -> True, "I can't run for a
    while" -> True; "User runs 4 times a week" -> False, "I can't run" -> False, "我不跑步了" -> False.) Nothing is
    raised.
    """
    return any(p.search(text) for p in _patterns().values())


@functools.cache
def _open() -> re.Pattern[str]:
    data = load_shipped("data", "pauses.yaml")["open"]
    return re.compile("|".join(f"(?:{p})" for lang in ("en", "zh") for p in data[lang]), re.IGNORECASE)


def open_pause(text: str) -> bool:
    """True when ``text`` says a stop holds for now, with no end said (``data/pauses.yaml`` ``open``: "for now",
    "for the time being", 暂时, 先停了, 先不…了).

    Such a stop ends the habit's current state like any stop ("had to stop climbing for now" ends "User is climbing
    again"), its successor keeping the words that say it may resume; it is no trip or stay, whose "for now" leaves
    a lasting fact in place. ("I stopped climbing for now" -> True, "游泳先停了" -> True, "I stopped climbing" ->
    False.) Nothing is raised.
    """
    return _open().search(text) is not None


def said_for_now(cands: list[Candidate], start: int) -> int:
    """Let the stops among ``cands[start:]`` say they hold for now, in place, and return -1 (no stop pending).

    A stop said as open ("had to stop climbing for now", "暂时不跑了") is rendered as the slot's plain end ("User
    no longer does climbing", "用户不再游泳了"); its text takes "for now" / 暂时 back, so it is never read as a quit
    for good. ``start`` is -1 when no clause said such a stop: nothing is changed.
    """
    if start < 0:
        return -1
    for cand in cands[start:]:
        if cand.polarity >= 0 or cand.is_event or open_pause(cand.description):
            continue
        if cand.lang == "en":
            cand.description = cand.description.rstrip(" .") + " for now"
        elif cand.description.startswith("用户"):
            cand.description = "用户暂时" + cand.description[2:]
    return -1
