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

from memory_core.shipped_yaml import load_shipped

__all__ = ["paused"]


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
